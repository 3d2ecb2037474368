import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import type { ScheduleRow } from '../scheduled-messages.repository.js';

/**
 * Enqueues, in the transaction of the change, the send job of this version of a pending schedule at
 * its date (a durable job). Any later change (a new version: edit, cancel, an occurrence sent) makes
 * it stale: it then runs and does nothing.
 */
export async function scheduleOccurrenceJob(ctx: AppContext, tx: Db, schedule: ScheduleRow): Promise<void> {
  if (schedule.status !== 'pending') return;
  await ctx.jobs.send(
    'scheduledMessages.send',
    { tenantId: schedule.tenantId, scheduleId: schedule.id, version: schedule.version },
    { tx, startAfter: schedule.scheduleDate },
  );
}
