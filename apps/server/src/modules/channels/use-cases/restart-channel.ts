import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { adapterFor } from '../adapters/registry.js';
import { assertCanManageChannelsOf } from '../channels.policy.js';
import { findChannelById, type ChannelRow } from '../channels.repository.js';

/**
 * Reconnects a channel without ending it for good: QR-code kinds close their connection wherever
 * it is held and open it again (the phone stays paired); other kinds connect again (`start`).
 * `tenantId`: another tenant's channel, for the platform superadmin only (the sessions monitor).
 */
export async function restartChannel(ctx: AppContext, actor: Actor, channelId: number, tenantId = actor.tenantId): Promise<ChannelRow> {
  assertCanManageChannelsOf(actor, tenantId);
  const channel = await findChannelById(ctx.db, tenantId, channelId);
  if (!channel) throw new AppError('ERR_NO_WAPP_FOUND');
  const adapter = adapterFor(channel.type);
  await (adapter.restart ? adapter.restart(ctx, channel) : adapter.start(ctx, channel));
  return (await findChannelById(ctx.db, tenantId, channelId)) ?? channel;
}
