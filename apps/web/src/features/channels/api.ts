import type { Channel } from '@conversa/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

export type AutoDistribution = Channel['autoDistribution'];

export interface WebchatSettingsInput {
  title?: string;
  welcomeMessage?: string;
  color?: string;
  allowedOrigins?: string[];
}

export interface ChannelInput {
  name: string;
  type: 'webchat';
  queueId: number | null;
  isDefault: boolean;
  farewellMessage: string | null;
  autoDistribution: AutoDistribution;
  settings: WebchatSettingsInput;
}

export const channelKeys = { all: ['channels'] as const };

export function useChannels(enabled = true) {
  return useQuery({
    queryKey: channelKeys.all,
    enabled,
    staleTime: 30_000,
    queryFn: ({ signal }) => http.get<Channel[]>('/whatsapp', { signal }),
  });
}

/** A 'whatsappSession' socket event: the channel's new state replaces the cached one. */
export function applyChannelToCache(qc: QueryClient, channel: Channel): void {
  qc.setQueryData<Channel[]>(channelKeys.all, (current) => {
    if (!current) return current;
    return current.some((c) => c.id === channel.id) ? current.map((c) => (c.id === channel.id ? channel : c)) : [...current, channel];
  });
}

export function useSaveChannel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ChannelInput }) =>
      id === null ? http.post<Channel>('/whatsapp', input) : http.put<Channel>(`/whatsapp/${id}`, input),
    onSuccess: (channel) => {
      applyChannelToCache(qc, channel);
      return qc.invalidateQueries({ queryKey: channelKeys.all });
    },
  });
}

export function useDeleteChannel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/whatsapp/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: channelKeys.all }),
  });
}

export function useChannelPower() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'start' | 'stop' }) => http.post<Channel>(`/whatsapp/${id}/${action}`),
    onSuccess: (channel) => applyChannelToCache(qc, channel),
  });
}

/** The snippet a tenant pastes into its site (served by this product). */
export function embedSnippet(publicKey: string): string {
  return `<script src="${window.location.origin}/widget.js" data-channel="${publicKey}"></script>`;
}

export function demoUrl(publicKey: string): string {
  return `${window.location.origin}/webchat/demo/${encodeURIComponent(publicKey)}`;
}
