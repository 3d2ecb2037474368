import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { adapterFor } from '../adapters/registry.js';
import { assertCanManageChannels } from '../channels.policy.js';
import { findChannelById, type ChannelRow } from '../channels.repository.js';

/**
 * Connects a channel through its type's adapter (opens a session, shows a QR code, registers a
 * webhook…). The adapter records the status and publishes 'channel.session' as it changes.
 */
export async function startChannel(ctx: AppContext, actor: Actor, channelId: number): Promise<ChannelRow> {
  assertCanManageChannels(actor);
  const channel = await findChannelById(ctx.db, actor.tenantId, channelId);
  if (!channel) throw new AppError('ERR_NO_WAPP_FOUND');
  await adapterFor(channel.type).start(ctx, channel);
  return (await findChannelById(ctx.db, actor.tenantId, channelId)) ?? channel;
}
