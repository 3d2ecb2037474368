import {
  AI_LIMITS,
  AI_PROVIDER_INFO,
  AI_SECRET_MASK,
  type AiProvider,
  type AiProviderSettings,
  type BotIntegration,
  type BotIntegrationSettings,
  type ChannelAiBot,
} from '@conversa/shared';
import type { AiSettingsRow, BotIntegrationRow, ChannelAiBotRow } from './ai-bots.repository.js';
import { storedConfig } from './use-cases/bot-integration-of.js';

/** A provider's settings as its tab shows them: the key masked; the provider's defaults when not set up. */
export function presentAiSettings(provider: AiProvider, row: AiSettingsRow | undefined): AiProviderSettings {
  const info = AI_PROVIDER_INFO[provider];
  if (!row)
    return {
      provider,
      configured: false,
      apiKey: '',
      baseUrl: info.defaultBaseUrl,
      model: info.defaultModel,
      protocol: info.protocols[0],
      timeoutMs: AI_LIMITS.timeoutMs.default,
      contextTokens: AI_LIMITS.contextTokens.default,
      updatedAt: null,
    };
  return {
    provider,
    configured: true,
    apiKey: row.apiKey ? AI_SECRET_MASK : '',
    baseUrl: row.baseUrl,
    model: row.model,
    protocol: row.protocol,
    timeoutMs: row.timeoutMs,
    contextTokens: row.contextTokens,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentChannelAiBot(
  channelId: number,
  row: ChannelAiBotRow | undefined,
  options: { disableIntegrationsOnOpen: boolean; waitIntegrationProcessing: boolean },
): ChannelAiBot {
  return {
    ...options,
    channelId,
    provider: row?.provider ?? null,
    prompt: row?.prompt ?? '',
    stopWord: row?.stopWord ?? null,
    restartWord: row?.restartWord ?? null,
    answerNewTickets: row?.answerNewTickets ?? false,
    answerWithVoice: row?.answerWithVoice ?? false,
    voice: row?.voice ?? 'alloy',
    speechModel: row?.speechModel ?? 'tts-1',
  };
}

/** An integration's tab: its settings with the key masked; null settings while not set up. */
export function presentBotIntegration(kind: BotIntegration, row: BotIntegrationRow | undefined): BotIntegrationSettings {
  if (!row) return { kind, configured: false, settings: null, updatedAt: null };
  const settings = storedConfig(row);
  const mask = row.apiKey ? AI_SECRET_MASK : '';
  return {
    kind,
    configured: true,
    settings:
      settings.kind === 'dialogflow'
        ? { ...settings, credentials: mask, clientEmail: typeof row.config.clientEmail === 'string' ? row.config.clientEmail : '' }
        : 'apiKey' in settings
          ? { ...settings, apiKey: mask }
          : settings,
    updatedAt: row.updatedAt.toISOString(),
  };
}
