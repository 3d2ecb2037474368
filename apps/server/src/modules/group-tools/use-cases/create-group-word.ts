import type { createGroupWordBodySchema } from '@conversa/shared';
import type { z } from 'zod';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { insertGroupWord, type GroupWordRow } from '../group-tools.repository.js';
import { groupChannelOf } from './group-channel.js';

export type CreateGroupWordInput = z.output<typeof createGroupWordBodySchema>;

/** A word (lowercase: the schema refuses capitals, SPEC §5) whose messages are deleted in the channel's groups. */
export async function createGroupWord(ctx: AppContext, actor: Actor, input: CreateGroupWordInput): Promise<GroupWordRow> {
  const { channel } = await groupChannelOf(ctx.db, actor.tenantId, input.whatsappId, { connected: false });
  const row = await insertGroupWord(ctx.db, {
    tenantId: actor.tenantId,
    channelId: channel.id,
    word: input.word,
    createdById: actor.userId,
  });
  if (!row) throw new AppError('ERR_DUPLICATED_GROUP_ENTRY', 'This word is already on the list.');
  return row;
}
