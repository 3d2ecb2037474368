import type { ApiConfigBody } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import type { Actor } from '../../auth/actor.js';
import { generateApiToken } from '../../../platform/http/api-tokens.js';
import { findApiConfigView, insertApiConfig, type ApiConfigView } from '../external-api.repository.js';
import { assertChannelOfTenant } from './api-config-channel.js';
import { assertWebhookUrlAllowed, newWebhookSecret } from './webhook-settings.js';
import { forgetWebhookTargets } from './webhook-targets.js';

/**
 * A new API configuration with a fresh token (only its hash is stored) and webhook signing secret
 * (stored sealed), both answered once in full.
 */
export async function createApiConfig(
  ctx: AppContext,
  actor: Actor,
  input: { name: string; channelId: number; active?: ApiConfigBody['active']; webhookUrl?: string | null },
): Promise<{ config: ApiConfigView; token: string; webhookSecret: string }> {
  const webhookUrl = input.webhookUrl ?? null;
  await assertWebhookUrlAllowed(ctx, webhookUrl);
  const { token, hash, last4 } = generateApiToken();
  const webhook = newWebhookSecret(ctx);
  const created = await transact(ctx, async (tx) => {
    await assertChannelOfTenant(tx, actor.tenantId, input.channelId);
    const row = await insertApiConfig(tx, actor.tenantId, {
      name: input.name,
      channelId: input.channelId,
      active: input.active ?? true,
      tokenHash: hash,
      tokenLast4: last4,
      webhookUrl,
      webhookSecret: webhook.sealed,
      webhookSecretLast4: webhook.last4,
    });
    const config = (await findApiConfigView(tx, actor.tenantId, row.id))!;
    return { config, token, webhookSecret: webhook.secret };
  });
  forgetWebhookTargets(ctx, actor.tenantId);
  return created;
}
