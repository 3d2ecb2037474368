import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { GroupAdmin } from '../../channels/adapters/group-admin.js';
import { adapterFor } from '../../channels/adapters/registry.js';
import { type ChannelRow } from '../../channels/channels.repository.js';
import { findChannelById } from '../../channels/use-cases/find-channel-by-id.js';
import { listChannels } from '../../channels/use-cases/list-channels.js';

/** The group operations of a channel's kind; undefined when the kind has none. */
export function groupAdminOf(channel: Pick<ChannelRow, 'type'>): GroupAdmin | undefined {
  try {
    return adapterFor(channel.type).groups;
  } catch {
    return undefined;
  }
}

/**
 * A channel of the tenant for the group tools (SPEC §5: "Group tools require a connection"): it
 * exists (ERR_NO_WAPP_FOUND), its kind administers groups (ERR_GROUP_TOOLS_UNSUPPORTED) and, when
 * WhatsApp is to be asked now, it is connected (ERR_WAPP_NOT_INITIALIZED).
 */
export async function groupChannelOf(
  db: Db,
  tenantId: number,
  channelId: number,
  { connected }: { connected: boolean },
): Promise<{ channel: ChannelRow; admin: GroupAdmin }> {
  const channel = await findChannelById(db, tenantId, channelId);
  if (!channel) throw new AppError('ERR_NO_WAPP_FOUND');
  const admin = groupAdminOf(channel);
  if (!admin) throw new AppError('ERR_GROUP_TOOLS_UNSUPPORTED');
  if (connected && channel.status !== 'connected') throw new AppError('ERR_WAPP_NOT_INITIALIZED', 'The channel is not connected.');
  return { channel, admin };
}

/** The tenant's channels whose kind supports the group tools (any status: the screens say which are connected). */
export async function listGroupChannels(ctx: AppContext, tenantId: number): Promise<ChannelRow[]> {
  return (await listChannels(ctx.db, tenantId)).filter((channel) => groupAdminOf(channel) !== undefined);
}
