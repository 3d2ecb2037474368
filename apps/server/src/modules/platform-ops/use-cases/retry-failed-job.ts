import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertPlatformOperator } from '../platform-ops.policy.js';
import { isFailedJob } from '../platform-ops.repository.js';
import { audited } from './record-audit.js';

/**
 * Runs a failed job again (one more attempt), audited. Only jobs of the product's registered
 * queues, whose handlers are idempotent (jobs.ts); a channel session's request is refused: its
 * sender already had the failure and nobody waits for it any more.
 */
export async function retryFailedJob(ctx: AppContext, actor: Actor, queue: string, id: string): Promise<void> {
  assertPlatformOperator(actor);
  await audited(ctx, actor, { action: 'queue.job.retry', targetType: 'job', targetId: id, details: { queue } }, async () => {
    if (!ctx.jobs.isRegistered(queue)) {
      if (await isFailedJob(ctx.db, queue, id)) throw new AppError('ERR_JOB_NOT_RETRYABLE');
      throw new AppError('ERR_NO_JOB_FOUND');
    }
    if ((await ctx.jobs.retryFailed(queue, [id])) === 0) throw new AppError('ERR_NO_JOB_FOUND');
  });
}
