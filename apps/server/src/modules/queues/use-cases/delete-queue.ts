import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { reconnectAgents } from '../queue-membership.js';
import { assertCanManageQueues } from '../queues.policy.js';
import { deleteQueue as deleteQueueRow, findQueueById } from '../queues.repository.js';

/**
 * Deletes a queue: its tickets and channels are left without a queue (the foreign keys say so),
 * and its former members reconnect without the queue's room.
 */
export async function deleteQueue(ctx: AppContext, actor: Actor, queueId: number): Promise<void> {
  assertCanManageQueues(actor);
  const { tenantId } = actor;
  const members = await ctx.db.transaction(async (tx) => {
    const queue = await findQueueById(tx, tenantId, queueId);
    if (!queue || !(await deleteQueueRow(tx, tenantId, queueId))) throw new AppError('ERR_NO_QUEUE_FOUND');
    return queue.userIds;
  });
  reconnectAgents(ctx, tenantId, members);
}
