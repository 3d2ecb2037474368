import type { GroupSettings } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { findGroupSettings } from '../group-tools.repository.js';
import { groupChannelOf } from './group-channel.js';

/** A channel's greeting, farewell and word-list action (defaults: no greeting, no farewell, warn). */
export async function getGroupSettings(ctx: AppContext, actor: Actor, channelId: number): Promise<GroupSettings> {
  await groupChannelOf(ctx.db, actor.tenantId, channelId, { connected: false });
  const row = await findGroupSettings(ctx.db, actor.tenantId, channelId);
  return {
    whatsappId: channelId,
    greeting: row?.greeting ?? '',
    farewell: row?.farewell ?? '',
    wordAction: row?.wordAction ?? 'warn',
    wordWarning: row?.wordWarning ?? '',
  };
}
