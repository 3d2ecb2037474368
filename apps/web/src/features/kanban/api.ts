import type { KanbanPage, KanbanSummary, Ticket, TicketLaneBody, TicketValueBody } from '@conversa/shared';
import { KANBAN_PAGE_SIZE } from '@conversa/shared/kanban-limits';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { applyTicketToCache } from '../tickets/cache';
import { kanbanKeys, type BoardPages } from './board-cache';

const nextPage = (last: KanbanPage, pages: KanbanPage[]) => (last.hasMore ? pages.length + 1 : undefined);

/** GET /kanban/summary: per lane (null: without one), how many of the user's visible tickets and the sum of their values. */
export function useBoardSummary() {
  return useQuery({
    queryKey: kanbanKeys.summary,
    staleTime: 30_000,
    queryFn: ({ signal }) => http.get<KanbanSummary>('/kanban/summary', { signal }),
  });
}

/** A lanes-board column's cards, 50 a page, in the lane's order (null: the tickets without a lane). */
export function useLaneCards(laneId: number | null) {
  return useInfiniteQuery({
    queryKey: kanbanKeys.lane(laneId),
    initialPageParam: 1,
    staleTime: 30_000,
    getNextPageParam: nextPage,
    queryFn: ({ pageParam, signal }) =>
      http.get<KanbanPage>(`/kanban/tickets?${laneId === null ? '' : `laneId=${laneId}&`}pageNumber=${pageParam}`, { signal }),
  });
}

/** A tags-board column: the open and pending tickets carrying the tag (the ticket list's filter), newest first. */
export function useTagCards(tagId: number) {
  return useInfiniteQuery({
    queryKey: kanbanKeys.tag(tagId),
    initialPageParam: 1,
    staleTime: 30_000,
    getNextPageParam: nextPage,
    queryFn: ({ pageParam, signal }) =>
      http.get<KanbanPage>(`/tickets?tagIds=${tagId}&status=open,pending&showAll=true&count=${KANBAN_PAGE_SIZE}&pageNumber=${pageParam}`, {
        signal,
      }),
  });
}

export interface CardMove {
  ticket: Ticket;
  body: TicketLaneBody;
}

/**
 * Moves a card (PUT /tickets/{id}/lane with its place): shown at once where it was dropped, put
 * back where it was when the server refuses; the answer (and the socket) then place it for good.
 */
export function useMoveCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ ticket, body }: CardMove & { optimistic?: Ticket }) => http.put<Ticket>(`/tickets/${ticket.id}/lane`, body),
    onMutate: async ({ optimistic }) => {
      await qc.cancelQueries({ queryKey: kanbanKeys.lanes });
      const snapshot = qc.getQueriesData<BoardPages>({ queryKey: kanbanKeys.lanes });
      if (optimistic) applyTicketToCache(qc, optimistic);
      return { snapshot };
    },
    onError: (_error, { ticket }, context) => {
      for (const [key, data] of context?.snapshot ?? []) qc.setQueryData(key, data);
      applyTicketToCache(qc, ticket);
    },
    onSuccess: (updated) => applyTicketToCache(qc, updated),
    onSettled: () => void qc.invalidateQueries({ queryKey: kanbanKeys.summary }),
  });
}

/** PUT /tickets/{id}/value (the chat header): the answer goes to every list, chat and board that shows the ticket. */
export function useSetTicketValue() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, value }: { ticketId: number } & TicketValueBody) => http.put<Ticket>(`/tickets/${ticketId}/value`, { value }),
    onSuccess: (updated) => applyTicketToCache(qc, updated),
  });
}
