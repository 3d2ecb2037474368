import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertPlatformOperator } from '../platform-ops.policy.js';
import { deleteFailedJob as removeFailedJob } from '../platform-ops.repository.js';
import { audited } from './record-audit.js';

/** Deletes a failed job (only failed ones: waiting or running jobs are never removed from here), audited. */
export async function deleteFailedJob(ctx: AppContext, actor: Actor, queue: string, id: string): Promise<void> {
  assertPlatformOperator(actor);
  await audited(ctx, actor, { action: 'queue.job.delete', targetType: 'job', targetId: id, details: { queue } }, async () => {
    if (!(await removeFailedJob(ctx.db, queue, id))) throw new AppError('ERR_NO_JOB_FOUND');
  });
}
