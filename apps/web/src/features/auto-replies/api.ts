import type { AutoReply, AutoReplyBody } from '@conversa/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const autoReplyKeys = { all: ['auto-replies'] as const };

export function useAutoReplies() {
  return useQuery({
    queryKey: autoReplyKeys.all,
    queryFn: ({ signal }) => http.get<AutoReply[]>('/auto-reply', { signal }),
  });
}

export function useSaveAutoReply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AutoReplyBody }) =>
      id === null ? http.post<AutoReply>('/auto-reply', body) : http.put<AutoReply>(`/auto-reply/${id}`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: autoReplyKeys.all }),
  });
}

export function useDeleteAutoReply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/auto-reply/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: autoReplyKeys.all }),
  });
}
