import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findChannelById } from '../../channels/use-cases/find-channel-by-id.js';
import type { ParticipantChange } from '../../channels/adapters/group-admin.js';
import {
  finishGroupAction,
  finishGroupBatch,
  findGroupBatch,
  hasOpenBatchItems,
  lastBatchActionAt,
  lockNextBatchItem,
  type GroupActionRow,
  type GroupBatchRow,
} from '../group-tools.repository.js';
import { groupAdminOf } from './group-channel.js';
import { queueGroupMessage } from './queue-group-message.js';

/** How long one job of the chain works before it hands over to the next. */
const SLICE_MS = 5_000;
/** A channel found disconnected: the item waits and the batch comes back after this. */
const DISCONNECTED_RETRY_MS = 30_000;

/** Enqueues the batch's runner (in `tx` when given), at `startAfter` or now; one queued per batch (stately). */
export async function enqueueGroupBatch(
  ctx: AppContext,
  tx: Db | undefined,
  batch: Pick<GroupBatchRow, 'id' | 'tenantId'>,
  startAfter?: Date,
) {
  await ctx.jobs.send(
    'group-tools.batch',
    { tenantId: batch.tenantId, batchId: batch.id },
    { singletonKey: String(batch.id), ...(startAfter ? { startAfter } : {}), ...(tx ? { tx } : {}) },
  );
}

type Claimed = { kind: 'none' } | { kind: 'handled' } | { kind: 'call'; item: GroupActionRow };

/**
 * Works a bulk action's items, one WhatsApp request every delaySeconds (from the last one, whoever
 * made it), as a chain of short jobs held under the jobs' lease (a killed process's runner is taken
 * over). Each item is claimed in a transaction before WhatsApp is asked:
 * - a message (send): the claim queues it on the one outbound path (queueAutomatedMessage to the
 *   group's contact, stored pending with its durable send job) in the same transaction, so a group
 *   gets it once whatever the crashes and duplicated jobs;
 * - members and settings: the item is marked running and committed, then WhatsApp is asked and the
 *   answer recorded. An item found running by a later runner was handed to WhatsApp by one that
 *   died before recording the answer: it is marked failed ('interrupted'), never asked again.
 */
export async function runGroupBatch(ctx: AppContext, input: { tenantId: number; batchId: number }): Promise<void> {
  const deadline = Date.now() + SLICE_MS;
  for (;;) {
    const batch = await findGroupBatch(ctx.db, input.tenantId, input.batchId);
    if (!batch || batch.status !== 'processing') return;
    const delayMs = batch.delaySeconds * 1_000;
    if (delayMs > 0) {
      const last = await lastBatchActionAt(ctx.db, batch.tenantId, batch.id);
      const due = last ? last.getTime() + delayMs : 0;
      if (due > Date.now()) return enqueueGroupBatch(ctx, undefined, batch, new Date(due));
    }
    const claimed = await claimNext(ctx, batch);
    if (claimed.kind === 'none') {
      if (!(await hasOpenBatchItems(ctx.db, batch.tenantId, batch.id))) await finishGroupBatch(ctx.db, batch.tenantId, batch.id);
      return;
    }
    if (claimed.kind === 'call') {
      const retryAt = await callWhatsApp(ctx, batch, claimed.item);
      if (retryAt) return enqueueGroupBatch(ctx, undefined, batch, retryAt);
    }
    if (delayMs > 0 || Date.now() >= deadline)
      return enqueueGroupBatch(ctx, undefined, batch, delayMs > 0 ? new Date(Date.now() + delayMs) : undefined);
  }
}

async function claimNext(ctx: AppContext, batch: GroupBatchRow): Promise<Claimed> {
  return transact(ctx, async (tx, events) => {
    const item = await lockNextBatchItem(tx, batch.tenantId, batch.id);
    if (!item) return { kind: 'none' };
    if (item.status === 'running') {
      await finishGroupAction(tx, batch.tenantId, item.id, {
        status: 'failed',
        reason: 'interrupted',
        detail: 'The server stopped after asking WhatsApp; the outcome is unknown, so it was not repeated.',
      });
      return { kind: 'handled' };
    }
    if (batch.kind === 'send') {
      const channel = await findChannelById(tx, batch.tenantId, batch.channelId);
      if (!channel) throw new AppError('ERR_NO_WAPP_FOUND');
      const message = await queueGroupMessage(ctx, tx, events, {
        channel,
        groupJid: item.groupJid,
        subject: item.groupSubject,
        body: batch.payload.body ?? '',
        userId: batch.userId,
      });
      await finishGroupAction(tx, batch.tenantId, item.id, { status: 'done', messageId: message.id });
      return { kind: 'handled' };
    }
    await finishGroupAction(tx, batch.tenantId, item.id, { status: 'running' });
    return { kind: 'call', item };
  });
}

/** Asks WhatsApp for one item and records the answer; answers when to come back if the channel was not connected. */
async function callWhatsApp(ctx: AppContext, batch: GroupBatchRow, item: GroupActionRow): Promise<Date | undefined> {
  const channel = await findChannelById(ctx.db, batch.tenantId, batch.channelId);
  const admin = channel ? groupAdminOf(channel) : undefined;
  if (!channel || !admin) {
    await finishGroupAction(ctx.db, batch.tenantId, item.id, {
      status: 'failed',
      reason: 'failed',
      detail: 'The channel no longer administers groups.',
    });
    return undefined;
  }
  try {
    if (batch.kind === 'settings') {
      const { subject, description, adminsOnly } = batch.payload;
      await admin.updateGroup(ctx, channel, item.groupJid, { subject, description, adminsOnly });
      await finishGroupAction(ctx.db, batch.tenantId, item.id, { status: 'done' });
      return undefined;
    }
    const [outcome] = await admin.changeParticipants(ctx, channel, item.groupJid, [item.target ?? ''], batch.kind as ParticipantChange);
    await finishGroupAction(ctx.db, batch.tenantId, item.id, {
      status: outcome?.ok ? 'done' : 'failed',
      reason: outcome?.ok ? null : (outcome?.reason ?? 'failed'),
      detail: outcome?.detail ?? null,
    });
    return undefined;
  } catch (error) {
    if (error instanceof AppError && error.code === 'ERR_WAPP_NOT_INITIALIZED') {
      // Nobody holds the session: WhatsApp was not asked. The item waits for the connection.
      await finishGroupAction(ctx.db, batch.tenantId, item.id, { status: 'waiting', reason: 'notConnected' });
      return new Date(Date.now() + DISCONNECTED_RETRY_MS);
    }
    const detail = error instanceof Error ? error.message : String(error);
    const reason = /not-authorized|forbidden/i.test(detail) ? 'notAdmin' : /item-not-found/i.test(detail) ? 'notInGroup' : 'failed';
    await finishGroupAction(ctx.db, batch.tenantId, item.id, { status: 'failed', reason, detail });
    return undefined;
  }
}
