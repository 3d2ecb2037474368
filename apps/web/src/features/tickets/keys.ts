import type { Message, Ticket } from '@conversa/shared';

/** `schedule` (SPEC §4) lists the tickets with a pending scheduled message, whatever their status. */
export type TicketTab = 'open' | 'pending' | 'closed' | 'schedule';
export const TICKET_TABS: readonly TicketTab[] = ['open', 'pending', 'closed', 'schedule'];

/** The attendance filter of one ticket list (SPEC §3), as part of its query key. */
export interface TicketListFilters {
  status: TicketTab;
  searchParam: string;
  showAll: boolean;
  queuesIds: number[];
  withUnreadMessages: boolean;
  /** Tickets carrying any of these tags (the tagFiltro preference); absent or empty: any. */
  tagIds?: number[];
  /** Tickets in any of these kanban lanes (the kanbanFiltro preference); absent or empty: any. */
  laneIds?: number[];
}

export interface TicketPage {
  tickets: Ticket[];
  count: number;
  hasMore: boolean;
}

export interface MessagePage {
  /** Newest first. */
  messages: Message[];
  messagesOffLine: Message[];
  hasMore: boolean;
}

export interface TicketLog {
  type: string;
  payload: Record<string, unknown>;
  username: string | null;
  createdAt: string;
}

export const ticketKeys = {
  all: ['tickets'] as const,
  lists: ['tickets', 'list'] as const,
  list: (filters: TicketListFilters) => ['tickets', 'list', filters] as const,
  detail: (id: number) => ['tickets', 'detail', id] as const,
  logs: (id: number) => ['tickets', 'logs', id] as const,
  earlier: (id: number) => ['tickets', 'earlier', id] as const,
};

export const messageKeys = {
  all: ['messages'] as const,
  ticket: (ticketId: number) => ['messages', ticketId] as const,
  search: (searchParam: string) => ['messages', 'search', searchParam] as const,
};
