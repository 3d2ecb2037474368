import { AI_AUDIO_PROVIDERS, AI_PROVIDER_INFO, type AiProvider } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findAiSettings } from '../ai-bots.repository.js';
import { aiProviderOf } from './ai-endpoint.js';

/**
 * A provider chosen for audio (a channel's transcription, a channel bot's voice) must be set up
 * for the tenant and speak the OpenAI protocol, the only one with audio endpoints: 400
 * ERR_VALIDATION naming `field` otherwise (shown under the form's field).
 */
export async function assertAudioProvider(db: Db, tenantId: number, provider: AiProvider, field: string): Promise<void> {
  const settings = await findAiSettings(db, tenantId, provider);
  if (!settings)
    throw new AppError('ERR_VALIDATION', undefined, {
      [field]: [`${AI_PROVIDER_INFO[provider].label} is not set up for this company (Settings → Bots and AI).`],
    });
  if (!AI_AUDIO_PROVIDERS.includes(provider) || settings.protocol !== 'openai')
    throw new AppError('ERR_VALIDATION', undefined, {
      [field]: [`${AI_PROVIDER_INFO[provider].label} is not set up with the OpenAI protocol, which has the audio endpoints.`],
    });
}

/** The provider's endpoint for an audio call, or a reason why there is none. */
export async function audioEndpointOf(ctx: Pick<AppContext, 'db' | 'secretBox'>, tenantId: number, provider: AiProvider) {
  const configured = await aiProviderOf(ctx, tenantId, provider);
  if (!configured) return { ok: false as const, reason: `${provider} is not set up (Settings → Bots and AI) or its key is unreadable` };
  if (configured.settings.protocol !== 'openai') return { ok: false as const, reason: `${provider} does not use the OpenAI protocol` };
  return { ok: true as const, endpoint: configured.endpoint };
}
