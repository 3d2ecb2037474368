import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertPlatformOperator } from '../platform-ops.policy.js';
import { listFailedJobs as readFailedJobs, listQueueStats, type FailedJobRow } from '../platform-ops.repository.js';

export const FAILED_JOBS_LIMIT = 100;

/** A queue's failed jobs (newest first, at most 100) with the error each ended with. */
export async function listFailedJobs(ctx: AppContext, actor: Actor, queue: string): Promise<FailedJobRow[]> {
  assertPlatformOperator(actor);
  if ((await listQueueStats(ctx.db, queue)).length === 0) throw new AppError('ERR_NO_JOB_QUEUE_FOUND');
  return readFailedJobs(ctx.db, queue, FAILED_JOBS_LIMIT);
}
