import type { createGroupBanBodySchema } from '@conversa/shared';
import type { z } from 'zod';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { insertGroupBan, type GroupBanRow } from '../group-tools.repository.js';
import { groupChannelOf } from './group-channel.js';

export type CreateGroupBanInput = z.output<typeof createGroupBanBodySchema>;

/**
 * Bans a number from one group of the channel or from all its groups: it is removed when it joins
 * (listeners/enforce-group-events). A ban of one group names a group the channel's account is in now
 * (its subject is kept for the list), so the channel must be connected; a ban of all groups need not.
 */
export async function createGroupBan(ctx: AppContext, actor: Actor, input: CreateGroupBanInput): Promise<GroupBanRow> {
  const { channel, admin } = await groupChannelOf(ctx.db, actor.tenantId, input.whatsappId, { connected: input.groupJid !== null });
  let groupSubject: string | null = null;
  if (input.groupJid !== null) {
    const group = (await admin.listGroups(ctx, channel)).find((g) => g.jid === input.groupJid);
    if (!group) throw new AppError('ERR_GROUP_NOT_FOUND');
    groupSubject = group.subject;
  }
  const row = await insertGroupBan(ctx.db, {
    tenantId: actor.tenantId,
    channelId: channel.id,
    number: input.number,
    groupJid: input.groupJid,
    groupSubject,
    createdById: actor.userId,
  });
  if (!row) throw new AppError('ERR_DUPLICATED_GROUP_ENTRY', 'This number is already banned there.');
  return row;
}
