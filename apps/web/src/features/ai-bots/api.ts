import type {
  AiAvailableProviders,
  AiConnectionTest,
  AiProvider,
  AiProviderSettings,
  AiProviderSettingsBody,
  BotIntegration,
  BotIntegrationSettings,
  BotIntegrationSettingsBody,
  BotIntegrationTest,
  ChannelAiBot,
  ChannelAiBotBody,
} from '@conversa/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, hasErrorCode, isApiError } from '../../lib/errors';
import { http } from '../../lib/http';

export const aiKeys = {
  all: ['ai-bots'] as const,
  settings: (provider: AiProvider) => ['ai-bots', 'settings', provider] as const,
  available: ['ai-bots', 'available'] as const,
  channel: (channelId: number) => ['ai-bots', 'channel', channelId] as const,
  integration: (kind: BotIntegration) => ['ai-bots', 'integration', kind] as const,
};

export function useAiSettings(provider: AiProvider) {
  return useQuery({
    queryKey: aiKeys.settings(provider),
    queryFn: ({ signal }) => http.get<AiProviderSettings>(`/settings/ai/${provider}`, { signal }),
  });
}

export function useSaveAiSettings(provider: AiProvider) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AiProviderSettingsBody) => http.put<AiProviderSettings>(`/settings/ai/${provider}`, body),
    onSuccess: (saved) => {
      qc.setQueryData(aiKeys.settings(provider), saved);
      void qc.invalidateQueries({ queryKey: aiKeys.available });
    },
  });
}

export function useRemoveAiSettings(provider: AiProvider) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => http.delete(`/settings/ai/${provider}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: aiKeys.all }),
  });
}

export function useTestAiConnection(provider: AiProvider) {
  return useMutation({ mutationFn: (body: AiProviderSettingsBody) => http.post<AiConnectionTest>(`/settings/ai/${provider}/test`, body) });
}

/** The providers the company has set up (the chat header's switches, a channel's choice). */
export function useAvailableAiBots() {
  return useQuery({
    queryKey: aiKeys.available,
    staleTime: 60_000,
    queryFn: ({ signal }) => http.get<AiAvailableProviders>('/ai-bots', { signal }),
  });
}

export function useChannelAiBot(channelId: number) {
  return useQuery({
    queryKey: aiKeys.channel(channelId),
    queryFn: ({ signal }) => http.get<ChannelAiBot>(`/whatsapp/${channelId}/ai-bot`, { signal }),
  });
}

export function useSaveChannelAiBot(channelId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ChannelAiBotBody) => http.put<ChannelAiBot>(`/whatsapp/${channelId}/ai-bot`, body),
    onSuccess: (saved) => qc.setQueryData(aiKeys.channel(channelId), saved),
  });
}

// ---- Typebot, Dify, n8n (/settings/bots/{kind}) ----

export function useBotIntegration(kind: BotIntegration) {
  return useQuery({
    queryKey: aiKeys.integration(kind),
    queryFn: ({ signal }) => http.get<BotIntegrationSettings>(`/settings/bots/${kind}`, { signal }),
  });
}

export function useSaveBotIntegration(kind: BotIntegration) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BotIntegrationSettingsBody) => http.put<BotIntegrationSettings>(`/settings/bots/${kind}`, body),
    onSuccess: (saved) => {
      qc.setQueryData(aiKeys.integration(kind), saved);
      void qc.invalidateQueries({ queryKey: aiKeys.available });
    },
  });
}

export function useRemoveBotIntegration(kind: BotIntegration) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => http.delete(`/settings/bots/${kind}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: aiKeys.all }),
  });
}

export function useTestBotIntegration(kind: BotIntegration) {
  return useMutation({
    mutationFn: (body: BotIntegrationSettingsBody) => http.post<BotIntegrationTest>(`/settings/bots/${kind}/test`, body),
  });
}

/**
 * What a failed connection test of a provider's settings says: the error's message, then the
 * provider's own words when it refused the settings or could not be reached (they say what to fix).
 */
export function connectionTestFailure(error: unknown): string {
  const detail =
    isApiError(error) && (hasErrorCode(error, 'ERR_AI_PROVIDER_REFUSED') || hasErrorCode(error, 'ERR_AI_PROVIDER_UNREACHABLE'))
      ? error.message
      : '';
  return [errorMessage(error), detail].filter(Boolean).join(' ');
}
