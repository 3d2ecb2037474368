import type { Call, CallListQuery, CallPage, ChannelCallTokens, StartCallBody } from '@conversa/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const callKeys = {
  list: (query: Partial<CallListQuery>) => ['calls', 'list', query] as const,
  /** The call on the softphone (the latest one that changed), fed by the socket and the actions. */
  live: ['calls', 'live'] as const,
};

/** GET /calls: the company's calls, newest first (/wavoip, admins). */
export function useCalls(query: Partial<CallListQuery>, enabled = true) {
  return useQuery({
    queryKey: callKeys.list(query),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const params = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) as Record<
        string,
        string | number
      >;
      return http.get<CallPage>('/calls', { query: params, signal });
    },
  });
}

/** The softphone's current call (null: idle). */
export function useLiveCall() {
  return useQuery<Call | null>({ queryKey: callKeys.live, queryFn: () => null, staleTime: Infinity, gcTime: Infinity });
}

/** A 'call:status' socket event (or an action's answer): the softphone shows it, the list refreshes. */
export function applyCallEvent(qc: QueryClient, call: Call): void {
  const current = qc.getQueryData<Call | null>(callKeys.live);
  // Another call's late change does not replace the call in progress.
  if (!current || current.id === call.id || ['terminate', 'reject', 'accept_elsewhere', 'reject_elsewhere'].includes(current.status)) {
    qc.setQueryData(callKeys.live, call);
  }
  void qc.invalidateQueries({ queryKey: ['calls', 'list'] });
}

export function resetLiveCall(qc: QueryClient, callId: number): void {
  if (qc.getQueryData<Call | null>(callKeys.live)?.id === callId) qc.setQueryData(callKeys.live, null);
}

export function useStartCall() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StartCallBody) => http.post<Call>('/calls', body),
    onSuccess: (call) => applyCallEvent(qc, call),
  });
}

export function useCallAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'accept' | 'reject' | 'hangup' }) => http.post<Call>(`/calls/${id}/${action}`),
    onSuccess: (call) => applyCallEvent(qc, call),
  });
}

/** m:ss of a call's seconds. */
export const formatDuration = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export const callTokenKeys = { ofChannel: (channelId: number) => ['calls', 'tokens', channelId] as const };

/** GET /channels/{id}/call-tokens: the channel's voice-call tokens, masked (admins). */
export function useChannelCallTokens(channelId: number) {
  return useQuery({
    queryKey: callTokenKeys.ofChannel(channelId),
    queryFn: ({ signal }) => http.get<ChannelCallTokens>(`/channels/${channelId}/call-tokens`, { signal }),
  });
}

export function useSaveChannelCallTokens(channelId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (tokens: string) => http.put<ChannelCallTokens>(`/channels/${channelId}/call-tokens`, { tokens }),
    onSuccess: (saved) => qc.setQueryData(callTokenKeys.ofChannel(channelId), saved),
  });
}
