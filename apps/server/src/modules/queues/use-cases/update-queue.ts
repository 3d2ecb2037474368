import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { reconnectAgents, replaceQueueMembers, withDuplicateQueueCheck } from '../queue-membership.js';
import { assertCanManageQueues } from '../queues.policy.js';
import { findQueueById, updateQueue as updateQueueRow, type QueueWithUsers } from '../queues.repository.js';
import type { UpdateQueueInput } from '../queues.schemas.js';

/** Edits a queue; with userIds, also replaces its members (their sockets re-join their rooms). */
export async function updateQueue(ctx: AppContext, actor: Actor, queueId: number, input: UpdateQueueInput): Promise<QueueWithUsers> {
  assertCanManageQueues(actor);
  const { tenantId } = actor;
  const { userIds, name, color, greetingMessage } = input;
  const changes = {
    ...(name !== undefined ? { name } : {}),
    ...(color !== undefined ? { color } : {}),
    ...(greetingMessage !== undefined ? { greetingMessage } : {}),
  };
  const { queue, changed } = await withDuplicateQueueCheck(() =>
    ctx.db.transaction(async (tx) => {
      if (!(await findQueueById(tx, tenantId, queueId))) throw new AppError('ERR_NO_QUEUE_FOUND');
      if (Object.keys(changes).length) await updateQueueRow(tx, tenantId, queueId, changes);
      const members = userIds ? await replaceQueueMembers(tx, tenantId, queueId, userIds) : [];
      const queue = await findQueueById(tx, tenantId, queueId);
      if (!queue) throw new AppError('ERR_NO_QUEUE_FOUND');
      return { queue, changed: members };
    }),
  );
  reconnectAgents(ctx, tenantId, changed);
  return queue;
}
