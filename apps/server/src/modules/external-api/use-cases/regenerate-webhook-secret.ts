import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { findApiConfigView, updateApiConfig, type ApiConfigView } from '../external-api.repository.js';
import { newWebhookSecret } from './webhook-settings.js';
import { forgetWebhookTargets } from './webhook-targets.js';

/**
 * A new webhook signing secret, answered once in full. Deliveries attempted from the commit on are
 * signed with it, including retries of earlier events (attempts in other server processes within
 * 5 seconds: they keep a configuration that long, see webhookTargetForAttempt).
 */
export async function regenerateWebhookSecret(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<{ config: ApiConfigView; webhookSecret: string }> {
  const { secret, sealed, last4 } = newWebhookSecret(ctx);
  const renewed = await transact(ctx, async (tx) => {
    const row = await updateApiConfig(tx, actor.tenantId, id, { webhookSecret: sealed, webhookSecretLast4: last4 });
    if (!row) throw new AppError('ERR_NO_API_CONFIG_FOUND');
    return { config: (await findApiConfigView(tx, actor.tenantId, id))!, webhookSecret: secret };
  });
  forgetWebhookTargets(ctx, actor.tenantId, id);
  return renewed;
}
