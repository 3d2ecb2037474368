import type { CreateLaneBody, Lane, Ticket } from '@conversa/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const laneKeys = { all: ['lanes'] as const };

/**
 * The tenant's kanban lanes in board order (the /lanes screen, the chat header's lane picker, the
 * builder). `fresh`: read again on mount whatever the cache holds (the /lanes screen shows each
 * lane's ticket count, which moves on the board without changing the lanes).
 */
export function useLanes(enabled = true, fresh = false) {
  return useQuery({
    queryKey: laneKeys.all,
    enabled,
    staleTime: 60_000,
    refetchOnMount: fresh ? 'always' : true,
    queryFn: ({ signal }) => http.get<Lane[]>('/lanes', { signal }),
  });
}

export function useSaveLane() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: CreateLaneBody }) =>
      id === null ? http.post<Lane>('/lanes', input) : http.put<Lane>(`/lanes/${id}`, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: laneKeys.all }),
  });
}

/** Moves a lane to a 0-based index; the answer is the new order, shown at once. */
export function useMoveLane() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, position }: { id: number; position: number }) => http.put<Lane[]>(`/lanes/${id}/position`, { position }),
    onSuccess: (lanes) => qc.setQueryData(laneKeys.all, lanes),
  });
}

export function useDeleteLane() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ detachedTickets: number }>(`/lanes/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: laneKeys.all }),
  });
}

/** Puts a ticket in a lane (null: out of the kanban); answers the ticket. */
export function useSetTicketLane() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, laneId }: { ticketId: number; laneId: number | null }) =>
      http.put<Ticket>(`/tickets/${ticketId}/lane`, { laneId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: laneKeys.all }),
  });
}
