import type { Queue, QueueChatFlow } from '@conversa/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

export interface QueueInput {
  name: string;
  color: string;
  greetingMessage: string | null;
  userIds: number[];
}

export const queueKeys = { all: ['queues'] as const };

export function useQueues(enabled = true) {
  return useQuery({
    queryKey: queueKeys.all,
    enabled,
    staleTime: 60_000,
    queryFn: ({ signal }) => http.get<Queue[]>('/queue', { signal }),
  });
}

export function useSaveQueue() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: QueueInput }) =>
      id === null ? http.post<Queue>('/queue', input) : http.put<Queue>(`/queue/${id}`, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: queueKeys.all }),
  });
}

export function useDeleteQueue() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/queue/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: queueKeys.all }),
  });
}

/** The chatbot flows that route to the queue (null: none asked), read when its deletion is asked. */
export function useQueueChatFlows(queueId: number | null) {
  return useQuery({
    queryKey: [...queueKeys.all, queueId, 'chat-flows'],
    enabled: queueId !== null,
    staleTime: 0,
    queryFn: ({ signal }) => http.get<QueueChatFlow[]>(`/queue/${queueId}/chat-flows`, { signal }),
  });
}
