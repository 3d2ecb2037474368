import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { findApiConfigView, updateApiConfig as updateApiConfigRow, type ApiConfigView } from '../external-api.repository.js';
import { assertChannelOfTenant } from './api-config-channel.js';

/** Renames a configuration, changes its send-by channel, or (de)activates it; the token stays. */
export async function updateApiConfig(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: { name: string; channelId: number; active: boolean },
): Promise<ApiConfigView> {
  return transact(ctx, async (tx) => {
    await assertChannelOfTenant(tx, actor.tenantId, input.channelId);
    const row = await updateApiConfigRow(tx, actor.tenantId, id, { name: input.name, channelId: input.channelId, active: input.active });
    if (!row) throw new AppError('ERR_NO_API_CONFIG_FOUND');
    return (await findApiConfigView(tx, actor.tenantId, id))!;
  });
}
