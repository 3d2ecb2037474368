import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import type { TaskRow } from '../tasks.repository.js';

/**
 * Enqueues, in the transaction of the change, the reminder of this version of the task due at its
 * limit date (a durable job). A later change (a new version), finishing or deleting the task makes
 * it stale: it then runs and does nothing.
 */
export async function scheduleTaskReminder(ctx: AppContext, tx: Db, task: TaskRow): Promise<void> {
  if (task.finishedAt || task.ownerId === null) return;
  await ctx.jobs.send(
    'tasks.reminder',
    { tenantId: task.tenantId, taskId: task.id, version: task.version },
    { tx, startAfter: task.limitDate },
  );
}
