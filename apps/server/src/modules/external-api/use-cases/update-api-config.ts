import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { findApiConfigView, updateApiConfig as updateApiConfigRow, type ApiConfigView } from '../external-api.repository.js';
import { assertChannelOfTenant } from './api-config-channel.js';
import { assertWebhookUrlAllowed, ensureWebhookSecrets } from './webhook-settings.js';
import { forgetWebhookTargets } from './webhook-targets.js';

/** Renames a configuration, changes its send-by channel or webhook URL, or (de)activates it; the token and secret stay. */
export async function updateApiConfig(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: { name: string; channelId: number; active: boolean; webhookUrl?: string | null },
): Promise<ApiConfigView> {
  const webhookUrl = input.webhookUrl ?? null;
  await assertWebhookUrlAllowed(ctx, webhookUrl);
  const updated = await transact(ctx, async (tx) => {
    await assertChannelOfTenant(tx, actor.tenantId, input.channelId);
    const row = await updateApiConfigRow(tx, actor.tenantId, id, {
      name: input.name,
      channelId: input.channelId,
      active: input.active,
      webhookUrl,
    });
    if (!row) throw new AppError('ERR_NO_API_CONFIG_FOUND');
    const [view] = await ensureWebhookSecrets(ctx, tx, [(await findApiConfigView(tx, actor.tenantId, id))!]);
    return view;
  });
  forgetWebhookTargets(ctx, actor.tenantId, id);
  return updated;
}
