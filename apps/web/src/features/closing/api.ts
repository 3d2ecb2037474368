import type { FarewellMessage, FarewellMessageBody } from '@conversa/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const farewellKeys = { all: ['farewellMessages'] as const };

/** The closing messages (SPEC /fechamento): the screen's list and the resolve dialog's choices. */
export function useFarewellMessages(enabled = true) {
  return useQuery({
    queryKey: farewellKeys.all,
    enabled,
    staleTime: 60_000,
    queryFn: ({ signal }) => http.get<FarewellMessage[]>('/farewellMessages', { signal }),
  });
}

export function useSaveFarewellMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: FarewellMessageBody }) =>
      id === null ? http.post<FarewellMessage>('/farewellMessages', input) : http.put<FarewellMessage>(`/farewellMessages/${id}`, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: farewellKeys.all }),
  });
}

export function useDeleteFarewellMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/farewellMessages/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: farewellKeys.all }),
  });
}
