import type { Demand, DemandBody } from '@conversa/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const demandKeys = { all: ['demands'] as const };

/** The tenant's reasons by name (the motivos tab; the resolve dialogs' picker). */
export function useDemands(enabled = true) {
  return useQuery({
    queryKey: demandKeys.all,
    enabled,
    staleTime: 60_000,
    queryFn: ({ signal }) => http.get<Demand[]>('/demands', { signal }),
  });
}

export function useSaveDemand() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: DemandBody }) =>
      id === null ? http.post<Demand>('/demands', input) : http.put<Demand>(`/demands/${id}`, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: demandKeys.all }),
  });
}

export function useDeleteDemand() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ detachedTickets: number }>(`/demands/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: demandKeys.all }),
  });
}
