import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { GroupSummary } from '../../channels/adapters/group-admin.js';
import { groupChannelOf } from './group-channel.js';

/** The groups of a connected channel's account, as WhatsApp lists them now (subject, members, whether it is an admin). */
export async function listChannelGroups(ctx: AppContext, actor: Actor, channelId: number): Promise<GroupSummary[]> {
  const { channel, admin } = await groupChannelOf(ctx.db, actor.tenantId, channelId, { connected: true });
  return admin.listGroups(ctx, channel);
}
