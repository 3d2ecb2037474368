import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { deleteSchedule } from '../scheduled-messages.repository.js';
import { discardScheduleFile } from './discard-schedule-file.js';
import { lockVisibleSchedule } from './schedule-access.js';

/**
 * Deletes a schedule that no longer waits (canceled, sent or failed), for whoever may see it; one
 * still pending is canceled first (409 ERR_SCHEDULE_PENDING), so nothing is deleted while its job
 * may be sending. The messages it already sent stay in their tickets (their file too); its file
 * no message shows leaves storage once the deletion committed.
 */
export async function deleteScheduledMessage(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const { tenantId } = actor;
  const file = await transact(ctx, async (tx, events) => {
    const schedule = await lockVisibleSchedule(ctx, actor, id, tx);
    if (schedule.status === 'pending') throw new AppError('ERR_SCHEDULE_PENDING', undefined, undefined, { status: schedule.status });
    await deleteSchedule(tx, tenantId, id);
    events.push({ type: 'schedule.deleted', tenantId, scheduleId: id, userId: schedule.userId });
    return schedule.mediaKey;
  });
  await discardScheduleFile(ctx, tenantId, file);
}
