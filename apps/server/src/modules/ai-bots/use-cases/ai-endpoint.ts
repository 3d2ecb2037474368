import { AI_LIMITS, type AiProvider } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { SecretUnreadableError } from '../../../platform/crypto/secret-box.js';
import type { Db } from '../../../platform/db/client.js';
import { findAiSettings, type AiSettingsRow } from '../ai-bots.repository.js';
import type { LlmEndpoint } from '../protocols/llm-client.js';

/** The SecretBox label of a stored API key (a sealed value cannot be moved to another field). */
export const AI_KEY_LABEL = 'ai.apiKey';

export { AI_LIMITS };

/** The settings with the key in clear, for the protocol adapter only; undefined when the key cannot be opened (the server's key changed). */
export function aiEndpoint(ctx: Pick<AppContext, 'secretBox'>, row: AiSettingsRow): LlmEndpoint | undefined {
  try {
    return {
      baseUrl: row.baseUrl,
      apiKey: row.apiKey ? ctx.secretBox.open(row.apiKey, AI_KEY_LABEL) : '',
      model: row.model,
      timeoutMs: row.timeoutMs,
    };
  } catch (error) {
    if (error instanceof SecretUnreadableError) return undefined;
    throw error;
  }
}

/** The tenant's provider ready to call, or undefined when it is not set up (or its key is unreadable). */
export async function aiProviderOf(ctx: Pick<AppContext, 'db' | 'secretBox'>, tenantId: number, provider: AiProvider, db: Db = ctx.db) {
  const settings = await findAiSettings(db, tenantId, provider);
  const endpoint = settings && aiEndpoint(ctx, settings);
  if (!settings || !endpoint) return undefined;
  return { settings, endpoint };
}
