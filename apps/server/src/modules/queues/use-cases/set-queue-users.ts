import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { reconnectAgents, replaceQueueMembers } from '../queue-membership.js';
import { assertCanManageQueues } from '../queues.policy.js';
import { findQueueById, type QueueWithUsers } from '../queues.repository.js';

/** Replaces the members of a queue; each user who joined or left reconnects to get the new rooms. */
export async function setQueueUsers(ctx: AppContext, actor: Actor, queueId: number, userIds: number[]): Promise<QueueWithUsers> {
  assertCanManageQueues(actor);
  const { tenantId } = actor;
  const { queue, changed } = await ctx.db.transaction(async (tx) => {
    if (!(await findQueueById(tx, tenantId, queueId))) throw new AppError('ERR_NO_QUEUE_FOUND');
    const members = await replaceQueueMembers(tx, tenantId, queueId, userIds);
    const queue = await findQueueById(tx, tenantId, queueId);
    if (!queue) throw new AppError('ERR_NO_QUEUE_FOUND');
    return { queue, changed: members };
  });
  reconnectAgents(ctx, tenantId, changed);
  return queue;
}
