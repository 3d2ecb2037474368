import type { KanbanPage, Lane, Ticket } from '@conversa/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { laneKeys } from '../lanes/api';
import { currentViewer, viewerMaySee } from '../tickets/cache';
import { ticketKeys } from '../tickets/keys';

/**
 * The kanban boards' cache (lanes board: one paged query per column and the server's sums; tags
 * board: one paged query per tag), patched from socket events and mutation answers like the ticket
 * lists are: a card enters, moves inside or leaves a column at once, and the sums are asked again
 * when a card's lane, value, status or presence changed. Kept apart from the board's screens (no
 * drag-and-drop code here): the socket provider loads it with the inbox.
 */

export const kanbanKeys = {
  all: ['kanban'] as const,
  summary: ['kanban', 'summary'] as const,
  lanes: ['kanban', 'lane'] as const,
  lane: (laneId: number | null) => ['kanban', 'lane', laneId ?? 'none'] as const,
  tags: ['kanban', 'tag'] as const,
  tag: (tagId: number) => ['kanban', 'tag', tagId] as const,
};

export type BoardPages = InfiniteData<KanbanPage>;
type Compare = (a: Ticket, b: Ticket) => number;

/** A lane's order (the server's): lanePosition, then id. */
export const laneOrder: Compare = (a, b) => (a.lanePosition ?? 0) - (b.lanePosition ?? 0) || a.id - b.id;
/** The column without a lane and the tag columns: newest first, like the ticket list. */
export const newerFirst: Compare = (a, b) => (a.updatedAt !== b.updatedAt ? (a.updatedAt < b.updatedAt ? 1 : -1) : b.id - a.id);

/** The boards show the tickets being handled. */
export const isOnBoard = (ticket: Ticket) => ticket.status === 'open' || ticket.status === 'pending';

export function cardsOf(data: BoardPages | undefined): Ticket[] {
  return data ? data.pages.flatMap((page) => page.tickets) : [];
}

/** The column with the ticket put where its order says (or taken out); past the loaded pages, the next page brings it. */
export function withCard(data: BoardPages, ticket: Ticket, belongs: boolean, compare: Compare): BoardPages {
  const listed = data.pages.some((page) => page.tickets.some((t) => t.id === ticket.id));
  if (!listed && !belongs) return data;
  let pages = data.pages.map((page) => (listed ? { ...page, tickets: page.tickets.filter((t) => t.id !== ticket.id) } : page));
  if (belongs) {
    let placed = false;
    pages = pages.map((page) => {
      if (placed) return page;
      const index = page.tickets.findIndex((t) => compare(ticket, t) < 0);
      if (index === -1) return page;
      placed = true;
      return { ...page, tickets: [...page.tickets.slice(0, index), ticket, ...page.tickets.slice(index)] };
    });
    const last = pages[pages.length - 1];
    if (!placed && last && !last.hasMore) pages[pages.length - 1] = { ...last, tickets: [...last.tickets, ticket] };
  }
  const delta = listed === belongs ? 0 : belongs ? 1 : -1;
  if (delta !== 0) pages = pages.map((page) => ({ ...page, count: Math.max(0, page.count + delta) }));
  return { ...data, pages };
}

const laneOfKey = (key: readonly unknown[]): number | null => (key[2] === 'none' ? null : (key[2] as number));

/** Whether the change moves the sums: a card that appears or goes, another lane, value, status, queue or agent. */
function changesSums(qc: QueryClient, before: Ticket | undefined, after: Ticket, visible: boolean): boolean {
  if (!before) return visible;
  const wasVisible = isOnBoard(before) && viewerMaySee(before, currentViewer(qc));
  if (wasVisible !== visible) return true;
  if (!visible) return false;
  return (
    before.kanban?.id !== after.kanban?.id ||
    before.value !== after.value ||
    before.status !== after.status ||
    before.queueId !== after.queueId ||
    before.userId !== after.userId
  );
}

/**
 * A created or changed ticket on every cached board column (called by the ticket cache for each
 * ticket it applies, with the ticket's state it knew before: a new message on a ticket whose card
 * is not loaded does not ask for the sums again).
 */
export function applyTicketToBoards(qc: QueryClient, ticket: Ticket, known?: Ticket): void {
  const columns = qc.getQueriesData<BoardPages>({ queryKey: kanbanKeys.all });
  if (columns.length === 0) return;
  const visible = isOnBoard(ticket) && viewerMaySee(ticket, currentViewer(qc));
  let before: Ticket | undefined;
  for (const [key, data] of columns) {
    if (!data || key[1] === 'summary') continue;
    before ??= cardsOf(data).find((t) => t.id === ticket.id);
    let next: BoardPages;
    if (key[1] === 'lane') {
      const laneId = laneOfKey(key);
      next = withCard(data, ticket, visible && (ticket.kanban?.id ?? null) === laneId, laneId === null ? newerFirst : laneOrder);
    } else {
      const tagId = key[2] as number;
      next = withCard(data, ticket, visible && ticket.tags.some((tag) => tag.id === tagId), newerFirst);
    }
    if (next !== data) qc.setQueryData<BoardPages>(key, next);
  }
  if (changesSums(qc, before ?? known, ticket, visible)) void qc.invalidateQueries({ queryKey: kanbanKeys.summary });
}

/** A ticket taken out of every board (deleted, or out of the user's view). */
export function removeTicketFromBoards(qc: QueryClient, ticketId: number): void {
  let found = false;
  for (const [key, data] of qc.getQueriesData<BoardPages>({ queryKey: kanbanKeys.all })) {
    if (!data || key[1] === 'summary' || !cardsOf(data).some((t) => t.id === ticketId)) continue;
    found = true;
    qc.setQueryData<BoardPages>(key, {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        count: Math.max(0, page.count - 1),
        tickets: page.tickets.filter((t) => t.id !== ticketId),
      })),
    });
  }
  if (found) void qc.invalidateQueries({ queryKey: kanbanKeys.summary });
}

/**
 * The socket's `lanes` event (a lane created, renamed, recoloured, moved or deleted): the list is
 * replaced; the tickets and cards carry the new names; a deleted lane's column goes (its tickets
 * come as their own updates) and the sums are asked again.
 */
export function applyLanesEvent(qc: QueryClient, lanes: Lane[]): void {
  qc.setQueryData<Lane[]>(laneKeys.all, lanes);
  const names = new Map(lanes.map((lane) => [lane.id, lane.name]));
  const rename = (ticket: Ticket): Ticket => {
    if (!ticket.kanban) return ticket;
    const name = names.get(ticket.kanban.id);
    if (name === undefined) return { ...ticket, kanban: null };
    return name === ticket.kanban.name ? ticket : { ...ticket, kanban: { id: ticket.kanban.id, name } };
  };
  const renamePages = <P extends { tickets: Ticket[] }>(data: InfiniteData<P> | undefined) => {
    if (!data) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      const tickets = page.tickets.map((ticket) => {
        const next = rename(ticket);
        if (next !== ticket) changed = true;
        return next;
      });
      return { ...page, tickets };
    });
    return changed ? { ...data, pages } : data;
  };
  qc.setQueriesData<InfiniteData<{ tickets: Ticket[] }>>({ queryKey: ticketKeys.lists }, renamePages);
  for (const [key, ticket] of qc.getQueriesData<Ticket>({ queryKey: [...ticketKeys.all, 'detail'] })) {
    if (ticket) {
      const next = rename(ticket);
      if (next !== ticket) qc.setQueryData(key, next);
    }
  }
  for (const [key, data] of qc.getQueriesData<BoardPages>({ queryKey: kanbanKeys.lanes })) {
    const laneId = laneOfKey(key);
    if (laneId !== null && !names.has(laneId)) qc.removeQueries({ queryKey: key, exact: true });
    else {
      const next = renamePages(data);
      if (next !== data) qc.setQueryData(key, next);
    }
  }
  void qc.invalidateQueries({ queryKey: kanbanKeys.summary });
}
