import {
  AI_PROVIDER_INFO,
  AI_PROVIDERS,
  BOT_INTEGRATION_INFO,
  BOT_INTEGRATIONS,
  type AiAvailableProviders,
  type AiProvider,
} from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import {
  deleteAiSettings,
  findAiSettings,
  listAiSettings,
  listBotIntegrations,
  upsertAiSettings,
  type AiSettingsRow,
} from '../ai-bots.repository.js';
import { LlmCallError } from '../protocols/llm-client.js';
import { LLM_PROTOCOLS } from '../protocols/protocols.js';
import { AI_KEY_LABEL } from './ai-endpoint.js';
import { resolveAiSettings, type AiSettingsInput } from './resolve-ai-settings.js';

export async function getAiSettings(ctx: AppContext, actor: Actor, provider: AiProvider): Promise<AiSettingsRow | undefined> {
  return findAiSettings(ctx.db, actor.tenantId, provider);
}

/** Sets a provider up (PUT /settings/ai/{provider}); the key is sealed at rest. */
export async function saveAiSettings(ctx: AppContext, actor: Actor, provider: AiProvider, input: AiSettingsInput): Promise<AiSettingsRow> {
  const resolved = await resolveAiSettings(ctx, actor, provider, input);
  return transact(ctx, async (tx) =>
    upsertAiSettings(tx, actor.tenantId, provider, {
      apiKey: resolved.apiKey ? ctx.secretBox.seal(resolved.apiKey, AI_KEY_LABEL) : null,
      baseUrl: resolved.baseUrl,
      model: resolved.model,
      protocol: resolved.protocol,
      timeoutMs: input.timeoutMs,
      contextTokens: input.contextTokens,
    }),
  );
}

/** Removes a provider: tickets switched on to it are no longer answered (the bot's reply fails, left to humans). */
export async function removeAiSettings(ctx: AppContext, actor: Actor, provider: AiProvider): Promise<void> {
  await transact(ctx, async (tx) => deleteAiSettings(tx, actor.tenantId, provider));
}

/**
 * Checks the form's settings without a conversation: lists the provider's models (400
 * ERR_AI_PROVIDER_REFUSED with its words, or ERR_AI_PROVIDER_UNREACHABLE) and says whether the
 * chosen model is among them.
 */
export async function testAiConnection(ctx: AppContext, actor: Actor, provider: AiProvider, input: AiSettingsInput) {
  const resolved = await resolveAiSettings(ctx, actor, provider, input);
  try {
    const models = await LLM_PROTOCOLS[resolved.protocol].models(ctx.http, resolved);
    return { ok: true as const, models: models.slice(0, 50), modelListed: models.includes(resolved.model) };
  } catch (error) {
    if (!(error instanceof LlmCallError)) throw error;
    if (error.kind === 'blocked') throw new AppError('ERR_VALIDATION', undefined, { baseUrl: [error.message] });
    if (error.kind === 'refused')
      throw new AppError('ERR_AI_PROVIDER_REFUSED', `${AI_PROVIDER_INFO[provider].label} refused: ${error.message}`);
    throw new AppError('ERR_AI_PROVIDER_UNREACHABLE', `${AI_PROVIDER_INFO[provider].label} at ${resolved.baseUrl}: ${error.message}`);
  }
}

/** The bots the tenant has set up, LLMs then integrations in the settings' order (the chat header's switches, the channel's choice). */
export async function listConfiguredAiProviders(ctx: AppContext, actor: Actor): Promise<AiAvailableProviders> {
  const configured = new Set<string>([
    ...(await listAiSettings(ctx.db, actor.tenantId)).map((row) => row.provider),
    ...(await listBotIntegrations(ctx.db, actor.tenantId)).map((row) => row.kind),
  ]);
  return [
    ...AI_PROVIDERS.filter((provider) => configured.has(provider)).map((provider) => ({
      provider,
      statusKey: AI_PROVIDER_INFO[provider].statusKey,
      label: AI_PROVIDER_INFO[provider].label,
    })),
    ...BOT_INTEGRATIONS.filter((kind) => configured.has(kind)).map((kind) => ({
      provider: kind,
      statusKey: BOT_INTEGRATION_INFO[kind].statusKey,
      label: BOT_INTEGRATION_INFO[kind].label,
    })),
  ];
}
