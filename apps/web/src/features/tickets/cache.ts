import type { Message, Profile, Queue, Ticket } from '@conversa/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { getSession } from '../../lib/session';
import { applyTicketToBoards, removeTicketFromBoards } from '../kanban/board-cache';
import { queueKeys } from '../queues/api';
import { messageKeys, ticketKeys, type MessagePage, type TicketListFilters, type TicketPage } from './keys';
import type { OutboxItem } from './outbox';

/**
 * Patching the cached ticket lists and chats from socket events and mutation answers, so that a
 * change shows at once everywhere without refetching. The lists are ordered like the server's
 * (updatedAt desc, id desc); a ticket whose state no longer matches a list leaves it.
 */

type TicketLists = InfiniteData<TicketPage>;
type Messages = InfiniteData<MessagePage>;

/** Who is looking: what the ticket lists keep depends on the profile and the queues of the user. */
export interface Viewer {
  userId: number;
  profile: Profile;
  /** The user's queues; null when not known (then the server's choice of what to send is trusted). */
  queueIds: number[] | null;
}

/** The signed-in user, with its queues from the queue list (members) or else from the login answer. */
export function currentViewer(qc: QueryClient): Viewer | null {
  const session = getSession();
  if (!session) return null;
  const queues = qc.getQueryData<Queue[]>(queueKeys.all);
  const queueIds = queues
    ? queues.filter((q) => q.userIds.includes(session.userId)).map((q) => q.id)
    : session.queues.length > 0
      ? session.queues.map((q) => q.id)
      : null;
  return { userId: session.userId, profile: session.profile, queueIds };
}

function isSupervisorOrAdmin(viewer: Viewer): boolean {
  return viewer.profile === 'admin' || viewer.profile === 'super' || viewer.profile === 'superadmin';
}

function textMatches(ticket: Ticket, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  const digits = needle.replace(/\D/g, '');
  return (
    ticket.contact.name.toLowerCase().includes(needle) ||
    (ticket.lastMessage ?? '').toLowerCase().includes(needle) ||
    (digits !== '' && (ticket.contact.number ?? '').includes(digits)) ||
    String(ticket.id) === needle
  );
}

/**
 * Whether the viewer may still see the ticket at all (SPEC §6): admins and supervisors see every
 * ticket; an agent sees its own, its queues' and those without queue (the server sends these only
 * when the tenant allows it). The tenant's hiding settings are the server's to apply.
 */
export function viewerMaySee(ticket: Ticket, viewer: Viewer | null): boolean {
  if (!viewer || viewer.queueIds === null || isSupervisorOrAdmin(viewer)) return true;
  return ticket.userId === viewer.userId || ticket.queueId === null || viewer.queueIds.includes(ticket.queueId);
}

/**
 * Whether a list with these filters shows the ticket. The server only sends an agent the tickets
 * it may see; an admin or supervisor without "show all" still hears of every ticket, so its own
 * scope (own tickets, its queues, tickets without queue) is applied here.
 */
export function ticketBelongsToList(ticket: Ticket, filters: TicketListFilters, viewer: Viewer | null, alreadyListed: boolean): boolean {
  // Whether a ticket has a pending schedule is not in the ticket: the server's list decides, and a
  // schedule's own event refreshes it (features/schedules); a change of the ticket only updates its row.
  if (filters.status === 'schedule') return alreadyListed && viewerMaySee(ticket, viewer);
  if (ticket.status !== filters.status) return false;
  if (filters.queuesIds.length > 0 && (ticket.queueId === null || !filters.queuesIds.includes(ticket.queueId))) return false;
  // Tagged with any of the chosen tags (the tagFiltro preference).
  const tagIds = filters.tagIds ?? [];
  if (tagIds.length > 0 && !(ticket.tags ?? []).some((tag) => tagIds.includes(tag.id))) return false;
  // In one of the chosen kanban lanes (the kanbanFiltro preference).
  const laneIds = filters.laneIds ?? [];
  if (laneIds.length > 0 && (ticket.kanban === null || !laneIds.includes(ticket.kanban.id))) return false;
  // A list of unread tickets keeps a ticket that was just read (it leaves on the next refresh).
  if (filters.withUnreadMessages && ticket.unreadMessages === 0 && !alreadyListed) return false;
  if (filters.searchParam && !alreadyListed && !textMatches(ticket, filters.searchParam)) return false;
  if (!viewer || viewer.queueIds === null || (filters.showAll && isSupervisorOrAdmin(viewer))) return true;
  // An admin or supervisor who narrowed the list keeps its own scope; a plain agent loses a ticket
  // moved to a queue it is not in, unless it is its own.
  const mine = ticket.userId === viewer.userId;
  const inMyQueues = ticket.queueId !== null && viewer.queueIds.includes(ticket.queueId);
  return mine || ticket.queueId === null || inMyQueues;
}

/** The last known state of a ticket: its chat's, or else a list's. */
export function cachedTicket(qc: QueryClient, ticketId: number): Ticket | undefined {
  const detail = qc.getQueryData<Ticket>(ticketKeys.detail(ticketId));
  if (detail) return detail;
  for (const [, data] of qc.getQueriesData<TicketLists>({ queryKey: ticketKeys.lists })) {
    const found = data?.pages.flatMap((page) => page.tickets).find((t) => t.id === ticketId);
    if (found) return found;
  }
  return undefined;
}

/** A ticket out of the user's view: its chat, messages and history are dropped, so opening it again asks the server. */
export function forgetTicket(qc: QueryClient, ticketId: number): void {
  qc.removeQueries({ queryKey: ticketKeys.detail(ticketId), exact: true });
  qc.removeQueries({ queryKey: messageKeys.ticket(ticketId), exact: true });
  qc.removeQueries({ queryKey: ticketKeys.logs(ticketId), exact: true });
}

function newerFirst(a: Ticket, b: Ticket): number {
  if (a.updatedAt !== b.updatedAt) return a.updatedAt < b.updatedAt ? 1 : -1;
  return b.id - a.id;
}

function withTicket(data: TicketLists, ticket: Ticket, filters: TicketListFilters, viewer: Viewer | null): TicketLists {
  const listed = data.pages.some((page) => page.tickets.some((t) => t.id === ticket.id));
  const belongs = ticketBelongsToList(ticket, filters, viewer, listed);
  if (!listed && !belongs) return data;
  let pages = data.pages.map((page) => (listed ? { ...page, tickets: page.tickets.filter((t) => t.id !== ticket.id) } : page));
  let countDelta = 0;
  if (belongs) {
    // Where the ticket goes in the loaded pages; past the last loaded one, the next page brings it.
    let placed = false;
    pages = pages.map((page) => {
      if (placed) return page;
      const index = page.tickets.findIndex((t) => newerFirst(ticket, t) < 0);
      if (index === -1) return page;
      placed = true;
      return { ...page, tickets: [...page.tickets.slice(0, index), ticket, ...page.tickets.slice(index)] };
    });
    const last = pages[pages.length - 1];
    if (!placed && last && !last.hasMore) pages[pages.length - 1] = { ...last, tickets: [...last.tickets, ticket] };
    if (!listed) countDelta = 1;
  } else {
    countDelta = -1;
  }
  if (countDelta !== 0 && pages[0]) pages = pages.map((page) => ({ ...page, count: Math.max(0, page.count + countDelta) }));
  return { ...data, pages };
}

/** A created or changed ticket: its detail, and every cached list it enters, stays in or leaves. */
export function applyTicketToCache(qc: QueryClient, ticket: Ticket): void {
  const viewer = currentViewer(qc);
  const before = qc.getQueryData<Ticket>(ticketKeys.detail(ticket.id));
  const known = before ?? cachedTicket(qc, ticket.id);
  // A chat is prepared for a ticket the user may open; one out of their view is not (the server refuses it).
  if (before || viewerMaySee(ticket, viewer)) {
    qc.setQueryData<Ticket>(ticketKeys.detail(ticket.id), (current) =>
      current && current.updatedAt > ticket.updatedAt ? current : ticket,
    );
  }
  // A new state, owner, queue, kanban lane or value is a new line in the ticket's history.
  if (
    before &&
    (before.status !== ticket.status ||
      before.userId !== ticket.userId ||
      before.queueId !== ticket.queueId ||
      before.kanban?.id !== ticket.kanban?.id ||
      before.value !== ticket.value)
  ) {
    void qc.invalidateQueries({ queryKey: ticketKeys.logs(ticket.id) });
  }
  for (const [key, data] of qc.getQueriesData<TicketLists>({ queryKey: ticketKeys.lists })) {
    if (!data) continue;
    const filters = key[2] as TicketListFilters;
    const next = withTicket(data, ticket, filters, viewer);
    if (next !== data) qc.setQueryData<TicketLists>(key, next);
  }
  applyTicketToBoards(qc, ticket, known);
}

/** A deleted ticket leaves every list. */
export function removeTicketFromCache(qc: QueryClient, ticketId: number): void {
  qc.removeQueries({ queryKey: ticketKeys.detail(ticketId) });
  removeTicketFromBoards(qc, ticketId);
  qc.setQueriesData<TicketLists>({ queryKey: ticketKeys.lists }, (data) => {
    if (!data?.pages.some((page) => page.tickets.some((t) => t.id === ticketId))) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        count: Math.max(0, page.count - 1),
        tickets: page.tickets.filter((t) => t.id !== ticketId),
      })),
    };
  });
}

/** A contact's new name or number shows on its tickets. */
export function applyContactToTickets(qc: QueryClient, contact: Ticket['contact']): void {
  const patch = (ticket: Ticket): Ticket =>
    ticket.contactId === contact.id ? { ...ticket, name: contact.name, contact: { ...ticket.contact, ...contact } } : ticket;
  qc.setQueriesData<TicketLists>({ queryKey: ticketKeys.lists }, (data) =>
    data && data.pages.some((page) => page.tickets.some((t) => t.contactId === contact.id))
      ? { ...data, pages: data.pages.map((page) => ({ ...page, tickets: page.tickets.map(patch) })) }
      : data,
  );
  for (const [key, ticket] of qc.getQueriesData<Ticket>({ queryKey: [...ticketKeys.all, 'detail'] })) {
    if (ticket?.contactId === contact.id) qc.setQueryData(key, patch(ticket));
  }
}

/** A new or changed message in its chat's cache (only if that chat was loaded). */
export function upsertMessageInCache(qc: QueryClient, message: Message): void {
  qc.setQueryData<Messages>(messageKeys.ticket(message.ticketId), (data) => {
    if (!data) return data;
    const exists = data.pages.some((page) => page.messages.some((m) => m.id === message.id));
    if (exists) {
      return {
        ...data,
        pages: data.pages.map((page) => ({ ...page, messages: page.messages.map((m) => (m.id === message.id ? message : m)) })),
      };
    }
    const [first, ...rest] = data.pages;
    if (!first) return data;
    return { ...data, pages: [{ ...first, messages: [message, ...first.messages] }, ...rest] };
  });
}

/** How far a sent message has gone; a status the provider reported later ranks higher. */
const DELIVERY_PROGRESS: Partial<Record<Message['status'], number>> = { sent: 1, delivered: 2, read: 3 };

/**
 * The HTTP answer of a send or resend: the message as stored at that moment (usually `pending`).
 * The socket may have brought a later state first (the send job ran before the answer arrived):
 * that state is kept, never set back.
 */
export function applySendAnswerToCache(qc: QueryClient, message: Message): void {
  const cached = flattenMessages(qc.getQueryData<Messages>(messageKeys.ticket(message.ticketId))).find((m) => m.id === message.id);
  if (cached && (DELIVERY_PROGRESS[cached.status] ?? 0) > (DELIVERY_PROGRESS[message.status] ?? 0)) return;
  upsertMessageInCache(qc, message);
}

/** The messages of a chat, oldest first, each once (pages may overlap after new messages shift them). */
export function flattenMessages(data: Messages | undefined): Message[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: Message[] = [];
  for (const page of data.pages) {
    for (const message of page.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      out.push(message);
    }
  }
  return out.sort((a, b) =>
    a.timestamp === b.timestamp ? (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0) : a.timestamp < b.timestamp ? -1 : 1,
  );
}

/** How a reply not yet stored by the server shows in its chat (optimistic): pending, or failed. */
export function outboxMessage(item: OutboxItem, userId: number | null): Message {
  return {
    id: `local-${item.clientId}`,
    clientId: item.clientId,
    messageId: null,
    ticketId: item.ticketId,
    contactId: 0,
    fromMe: true,
    body: item.body,
    mediaType: null,
    mediaName: item.file?.name ?? item.quick?.mediaName ?? null,
    mediaUrl: null,
    status: item.state === 'failed' ? 'failed' : 'pending',
    ack: 0,
    edited: false,
    deleted: false,
    quotedMsg: item.quoted ? { id: item.quoted.id, body: item.quoted.body, fromMe: item.quoted.fromMe } : null,
    userId,
    senderName: null,
    transcript: null,
    transcriptStatus: null,
    timestamp: item.createdAt,
    createdAt: item.createdAt,
  };
}

/**
 * A chat's messages (oldest first) followed by the replies still on their way out, in the order
 * they were written; a reply whose stored message has already arrived (answer or socket event,
 * matched by client id) shows once, as the server's.
 */
export function withOutbox(
  messages: Message[],
  items: OutboxItem[],
  userId: number | null,
): { message: Message; item: OutboxItem | null }[] {
  const stored = new Set(messages.flatMap((m) => (m.clientId ? [m.clientId] : [])));
  return [
    ...messages.map((message) => ({ message, item: null })),
    ...items.filter((item) => !stored.has(item.clientId)).map((item) => ({ message: outboxMessage(item, userId), item })),
  ];
}

/** The tickets of a list, each once. */
export function flattenTickets(data: TicketLists | undefined): Ticket[] {
  if (!data) return [];
  const seen = new Set<number>();
  const out: Ticket[] = [];
  for (const page of data.pages) {
    for (const ticket of page.tickets) {
      if (seen.has(ticket.id)) continue;
      seen.add(ticket.id);
      out.push(ticket);
    }
  }
  return out;
}
