import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { reconnectAgents, replaceQueueMembers, withDuplicateQueueCheck } from '../queue-membership.js';
import { assertCanManageQueues } from '../queues.policy.js';
import { findQueueById, insertQueue, type QueueWithUsers } from '../queues.repository.js';
import type { CreateQueueInput } from '../queues.schemas.js';

export async function createQueue(ctx: AppContext, actor: Actor, input: CreateQueueInput): Promise<QueueWithUsers> {
  assertCanManageQueues(actor);
  const { tenantId } = actor;
  const { queue, changed } = await withDuplicateQueueCheck(() =>
    ctx.db.transaction(async (tx) => {
      const row = await insertQueue(tx, tenantId, { name: input.name, color: input.color, greetingMessage: input.greetingMessage });
      const members = input.userIds ? await replaceQueueMembers(tx, tenantId, row.id, input.userIds) : [];
      const queue = await findQueueById(tx, tenantId, row.id);
      if (!queue) throw new AppError('ERR_NO_QUEUE_FOUND');
      return { queue, changed: members };
    }),
  );
  reconnectAgents(ctx, tenantId, changed);
  return queue;
}
