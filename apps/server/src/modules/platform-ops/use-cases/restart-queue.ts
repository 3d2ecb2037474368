import type { QueueRestart } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertPlatformOperator } from '../platform-ops.policy.js';
import { queueAdvice } from '../platform-ops.presenter.js';
import { failedJobIds, listQueueStats, recordQueueRestart } from '../platform-ops.repository.js';
import { audited } from './record-audit.js';

/**
 * Restarts a queue (SPEC §9): its failed jobs go back to be run again (registered queues; a
 * session queue's requests are not re-run) and this process's workers of it are woken. Counts the
 * restarts in a row after which jobs failed again: the monitor advises restarting the server
 * once 5 did. Audited.
 */
export async function restartQueue(ctx: AppContext, actor: Actor, queue: string): Promise<QueueRestart> {
  assertPlatformOperator(actor);
  return audited(
    ctx,
    actor,
    { action: 'queue.restart', targetType: 'queue', targetId: queue },
    async () => {
      if ((await listQueueStats(ctx.db, queue)).length === 0) throw new AppError('ERR_NO_JOB_QUEUE_FOUND');
      const failedRestarts = await recordQueueRestart(ctx.db, queue);
      const retried = ctx.jobs.isRegistered(queue) ? await ctx.jobs.retryFailed(queue, await failedJobIds(ctx.db, queue)) : 0;
      const [after] = await listQueueStats(ctx.db, queue);
      const { advice } = queueAdvice(after);
      return { queue, retried, failedRestarts, advice };
    },
    (result) => ({ retried: result.retried, failedRestartsBefore: result.failedRestarts }),
  );
}
