import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { adapterFor } from '../adapters/registry.js';
import { assertCanManageChannelsOf } from '../channels.policy.js';
import { findChannelById, type ChannelRow } from '../channels.repository.js';

/**
 * Disconnects a channel through its type's adapter, which records and publishes the new status.
 * `tenantId`: another tenant's channel, for the platform superadmin only (the sessions monitor).
 */
export async function stopChannel(ctx: AppContext, actor: Actor, channelId: number, tenantId = actor.tenantId): Promise<ChannelRow> {
  assertCanManageChannelsOf(actor, tenantId);
  const channel = await findChannelById(ctx.db, tenantId, channelId);
  if (!channel) throw new AppError('ERR_NO_WAPP_FOUND');
  await adapterFor(channel.type).stop(ctx, channel);
  return (await findChannelById(ctx.db, tenantId, channelId)) ?? channel;
}
