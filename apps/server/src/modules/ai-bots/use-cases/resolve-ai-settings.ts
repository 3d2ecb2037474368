import { AI_PROVIDER_INFO, AI_SECRET_MASK, type AiProvider, type aiProviderSettingsBodySchema } from '@conversa/shared';
import type { z } from 'zod';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { findAiSettings } from '../ai-bots.repository.js';
import type { LlmEndpoint } from '../protocols/llm-client.js';
import { aiEndpoint } from './ai-endpoint.js';

export type AiSettingsInput = z.output<typeof aiProviderSettingsBodySchema>;

/**
 * What a settings form stands for: the masked key is the stored one, only for the same base URL
 * (a key is never sent to an address it was not typed for); the protocol must be one the provider
 * speaks; a key is required where the provider needs one; the base URL must pass the outbound
 * address policy (400 otherwise, as for channel base URLs).
 */
export async function resolveAiSettings(
  ctx: AppContext,
  actor: Actor,
  provider: AiProvider,
  input: AiSettingsInput,
): Promise<LlmEndpoint & { protocol: AiSettingsInput['protocol'] }> {
  const info = AI_PROVIDER_INFO[provider];
  if (!info.protocols.includes(input.protocol))
    throw new AppError('ERR_VALIDATION', undefined, { protocol: [`${info.label} speaks ${info.protocols.join(' or ')}.`] });
  const problem = await ctx.outbound.problemWith(input.baseUrl);
  if (problem) throw new AppError('ERR_VALIDATION', undefined, { baseUrl: [problem] });
  let apiKey = input.apiKey;
  if (apiKey === AI_SECRET_MASK) {
    const stored = await findAiSettings(ctx.db, actor.tenantId, provider);
    const opened = stored && stored.apiKey && stored.baseUrl === input.baseUrl ? aiEndpoint(ctx, stored) : undefined;
    if (!opened) throw new AppError('ERR_VALIDATION', undefined, { apiKey: ['Type the API key.'] });
    apiKey = opened.apiKey;
  }
  if (info.keyRequired && !apiKey) throw new AppError('ERR_VALIDATION', undefined, { apiKey: ['Required'] });
  return { baseUrl: input.baseUrl, apiKey, model: input.model, timeoutMs: input.timeoutMs, protocol: input.protocol };
}
