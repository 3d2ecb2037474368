import type { Channel, ChannelType } from '@conversa/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { ticketKeys } from '../tickets/keys';
import { tenantUsageKey } from '../tenants/usage';

export type AutoDistribution = Channel['autoDistribution'];

export interface WebchatSettingsInput {
  title?: string;
  welcomeMessage?: string;
  color?: string;
  allowedOrigins?: string[];
}

export interface ChannelInput {
  name: string;
  type: ChannelType;
  /** With the country code; channels without a number leave it null. */
  number?: string | null;
  queueId: number | null;
  isDefault: boolean;
  farewellMessage: string | null;
  autoCloseKeyword: string | null;
  autoEvaluation: boolean;
  autoDistribution: AutoDistribution;
  birthdayMessage: string | null;
  /** 0–23, the tenant's time zone. */
  birthdayHour: number;
  /** SPEC §3 "transcribe audio" and its provider and model (kept when off). */
  transcribeAudio: boolean;
  audioTranscription: { provider: string; model: string } | null;
  /** SPEC §3 "web push": new customer messages are pushed to agents whose tab is closed. */
  webPush: boolean;
  /** The type's settings; a secret sent back as the server's mask keeps its stored value. */
  settings: WebchatSettingsInput | Record<string, unknown>;
}

export interface ChannelTransferResult {
  moved: number;
  skipped: number;
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
      return Promise.all([qc.invalidateQueries({ queryKey: channelKeys.all }), qc.invalidateQueries({ queryKey: tenantUsageKey })]);
    },
  });
}

export function useDeleteChannel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/whatsapp/${id}`),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: channelKeys.all }), qc.invalidateQueries({ queryKey: tenantUsageKey })]),
  });
}

export function useChannelPower() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'start' | 'stop' }) => http.post<Channel>(`/whatsapp/${id}/${action}`),
    onSuccess: (channel) => applyChannelToCache(qc, channel),
  });
}

/** Restart: stop, then start again. */
export function useRestartChannel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.post<Channel>(`/whatsapp/${id}/stop`);
      return http.post<Channel>(`/whatsapp/${id}/start`);
    },
    onSuccess: (channel) => applyChannelToCache(qc, channel),
    onSettled: () => qc.invalidateQueries({ queryKey: channelKeys.all }),
  });
}

/** Channel transfer (irreversible): the open and pending tickets of one channel move to another. */
export function useTransferChannel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { fromWhatsappId: number; toWhatsappId: number }) => http.put<ChannelTransferResult>('/ticketsChannel', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

/** The snippet a tenant pastes into its site (served by this product). */
export function embedSnippet(publicKey: string): string {
  return `<script src="${window.location.origin}/widget.js" data-channel="${publicKey}"></script>`;
}

export function demoUrl(publicKey: string): string {
  return `${window.location.origin}/webchat/demo/${encodeURIComponent(publicKey)}`;
}
