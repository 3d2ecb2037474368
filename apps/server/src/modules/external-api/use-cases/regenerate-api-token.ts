import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { generateApiToken } from '../../../platform/http/api-tokens.js';
import { findApiConfigView, updateApiConfig, type ApiConfigView } from '../external-api.repository.js';
import { ensureWebhookSecrets } from './webhook-settings.js';

/**
 * A new token for a configuration, answered once in full. The stored hash is replaced, so the old
 * token is refused from the commit on (every call checks the hash in the database).
 */
export async function regenerateApiToken(ctx: AppContext, actor: Actor, id: string): Promise<{ config: ApiConfigView; token: string }> {
  const { token, hash, last4 } = generateApiToken();
  return transact(ctx, async (tx) => {
    const row = await updateApiConfig(tx, actor.tenantId, id, { tokenHash: hash, tokenLast4: last4 });
    if (!row) throw new AppError('ERR_NO_API_CONFIG_FOUND');
    const [config] = await ensureWebhookSecrets(ctx, tx, [(await findApiConfigView(tx, actor.tenantId, id))!]);
    return { config, token };
  });
}
