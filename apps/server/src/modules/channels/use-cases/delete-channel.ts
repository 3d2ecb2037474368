import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { lockTenant } from '../../tenants/use-cases/lock-tenant.js';
import { adapterFor } from '../adapters/registry.js';
import { assertCanManageChannels } from '../channels.policy.js';
import { deleteChannel as deleteChannelRow, findChannelById, promoteOldestChannelToDefault } from '../channels.repository.js';

/**
 * Stops and deletes a channel (its tickets and messages go with it; the confirmation is the web
 * app's). When it was the default, the oldest remaining channel becomes the default.
 */
export async function deleteChannel(ctx: AppContext, actor: Actor, channelId: number): Promise<void> {
  assertCanManageChannels(actor);
  const { tenantId } = actor;
  const channel = await findChannelById(ctx.db, tenantId, channelId);
  if (!channel) throw new AppError('ERR_NO_WAPP_FOUND');
  const adapter = adapterFor(channel.type);
  try {
    await adapter.stop(ctx, channel);
  } catch (error) {
    // A session that cannot be closed cleanly (provider unreachable, unsupported type) must not keep the channel alive.
    ctx.logger.warn({ err: error, channelId }, 'channel did not stop cleanly before deletion');
  }
  await transact(ctx, async (tx, events) => {
    if (!(await lockTenant(tx, tenantId))) throw new AppError('ERR_NO_TENANT_FOUND');
    const current = await findChannelById(tx, tenantId, channelId);
    if (!current || !(await deleteChannelRow(tx, tenantId, channelId))) throw new AppError('ERR_NO_WAPP_FOUND');
    // Agents' channel lists drop it (the push finds no channel and sends a delete).
    events.push({ type: 'channel.session', tenantId, channelId });
    if (current.isDefault) {
      const promoted = await promoteOldestChannelToDefault(tx, tenantId);
      if (promoted) events.push({ type: 'channel.session', tenantId, channelId: promoted.id });
    }
  });
  await adapter
    .forget?.(ctx, channel)
    .catch((error: unknown) => ctx.logger.warn({ err: error, channelId }, 'what the deleted channel left outside its rows was not freed'));
}
