import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertPlatformOperator } from '../platform-ops.policy.js';
import { findMaintenanceRun, listMaintenanceRuns, type MaintenanceRunRow } from '../platform-ops.repository.js';

/** The latest maintenance runs (the screen polls the running one for its progress). */
export async function getMaintenanceRuns(ctx: AppContext, actor: Actor): Promise<MaintenanceRunRow[]> {
  assertPlatformOperator(actor);
  return listMaintenanceRuns(ctx.db, 10);
}

export async function getMaintenanceRun(ctx: AppContext, actor: Actor, id: string): Promise<MaintenanceRunRow> {
  assertPlatformOperator(actor);
  const run = await findMaintenanceRun(ctx.db, id);
  if (!run) throw new AppError('ERR_NO_MAINTENANCE_RUN_FOUND');
  return run;
}
