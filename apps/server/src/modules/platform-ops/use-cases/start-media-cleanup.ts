import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { transact } from '../../../platform/events/transact.js';
import type { Actor } from '../../auth/actor.js';
import { assertPlatformOperator } from '../platform-ops.policy.js';
import { insertMaintenanceRun, type MaintenanceRunRow } from '../platform-ops.repository.js';
import { audited } from './record-audit.js';

/**
 * Starts the orphaned-media cleanup as a durable job (its row and its job in one transaction);
 * one at a time (a unique index on the active run: 409 ERR_MAINTENANCE_RUNNING). Audited.
 */
export async function startMediaCleanup(ctx: AppContext, actor: Actor, input: { dryRun: boolean }): Promise<MaintenanceRunRow> {
  assertPlatformOperator(actor);
  return audited(
    ctx,
    actor,
    { action: 'media.cleanup', targetType: 'media', details: { dryRun: input.dryRun } },
    () =>
      transact(ctx, async (tx) => {
        const run = await insertMaintenanceRun(tx, { id: randomUUID(), dryRun: input.dryRun, requestedBy: actor.userId });
        if (!run) throw new AppError('ERR_MAINTENANCE_RUNNING');
        await ctx.jobs.send('platform-ops.media-cleanup', { runId: run.id }, { tx });
        return run;
      }),
    (run) => ({ runId: run.id }),
  );
}
