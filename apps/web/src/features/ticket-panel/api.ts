import type { BulkTicketsBody, BulkTicketsResult, Ticket } from '@conversa/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { panelKeys } from './panel-cache';

export interface TicketPanelData {
  tickets: Ticket[];
  total: number;
  truncated: boolean;
  /** The admin's queues when not viewing all; null when viewing all. */
  scopeQueueIds: number[] | null;
}

/** The open and pending tickets of the panel (kept live by the socket: panel-cache.ts). */
export function useTicketPanel(showAll: boolean) {
  return useQuery({
    queryKey: panelKeys.view(showAll),
    queryFn: ({ signal }) => http.get<TicketPanelData>('/tickets/panel', { query: { showAll }, signal }),
  });
}

/** A mass action on the selected tickets; answers each ticket's outcome. */
export function useBulkTickets() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkTicketsBody) => http.post<BulkTicketsResult>('/tickets/bulk', body),
    onSettled: () => qc.invalidateQueries({ queryKey: panelKeys.all }),
  });
}
