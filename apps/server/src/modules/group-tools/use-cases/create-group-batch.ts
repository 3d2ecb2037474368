import type { createGroupBatchBodySchema } from '@conversa/shared';
import type { z } from 'zod';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import {
  insertGroupActions,
  insertGroupBatch,
  listBatchItems,
  type GroupActionView,
  type GroupBatchRow,
} from '../group-tools.repository.js';
import { enqueueGroupBatch } from './run-group-batch.js';
import { groupChannelOf } from './group-channel.js';

export type CreateGroupBatchInput = z.output<typeof createGroupBatchBodySchema>;

/**
 * A bulk action over selected groups of a connected channel (SPEC §5: a connection and groups):
 * every group must be one the channel's account is in now (ERR_GROUP_NOT_FOUND). Its items (one per
 * group, or per group and number) are rows of the action log with a unique key, written with the
 * batch and its durable job in one transaction; the job works them one at a time.
 */
export async function createGroupBatch(
  ctx: AppContext,
  actor: Actor,
  input: CreateGroupBatchInput,
): Promise<{ batch: GroupBatchRow; items: GroupActionView[] }> {
  const { channel, admin } = await groupChannelOf(ctx.db, actor.tenantId, input.whatsappId, { connected: true });
  const groups = new Map((await admin.listGroups(ctx, channel)).map((group) => [group.jid, group]));
  const missing = input.groupJids.filter((jid) => !groups.has(jid));
  if (missing.length > 0) throw new AppError('ERR_GROUP_NOT_FOUND', `The channel is not in these groups: ${missing.join(', ')}.`);

  const payload =
    input.kind === 'send'
      ? { body: input.body }
      : input.kind === 'settings'
        ? { subject: input.subject, description: input.description, adminsOnly: input.adminsOnly }
        : {};
  const targets = 'numbers' in input ? input.numbers : [null];
  return transact(ctx, async (tx) => {
    const batch = await insertGroupBatch(tx, {
      tenantId: actor.tenantId,
      channelId: channel.id,
      userId: actor.userId,
      kind: input.kind,
      payload,
      delaySeconds: input.delaySeconds,
    });
    await insertGroupActions(
      tx,
      input.groupJids.flatMap((jid) =>
        targets.map((target) => ({
          tenantId: actor.tenantId,
          channelId: channel.id,
          userId: actor.userId,
          batchId: batch.id,
          key: `batch:${batch.id}:${jid}:${target ?? ''}`,
          groupJid: jid,
          groupSubject: groups.get(jid)?.subject ?? null,
          action: input.kind,
          target,
          status: 'waiting' as const,
        })),
      ),
    );
    await enqueueGroupBatch(ctx, tx, batch);
    return { batch, items: await listBatchItems(tx, actor.tenantId, batch.id) };
  });
}
