import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertKnownVariables } from '../../messages/template-check.js';
import { findScheduleView, updateSchedule, type ScheduleView } from '../scheduled-messages.repository.js';
import type { UpdateScheduleInput } from '../scheduled-messages.schemas.js';
import { assertNotPast, assertPending, lockVisibleSchedule } from './schedule-access.js';
import { scheduleOccurrenceJob } from './schedule-occurrence-job.js';

/** Edits a pending schedule (text, date, recurrence): a new version, its job enqueued again; the earlier job goes stale. */
export async function updateScheduledMessage(ctx: AppContext, actor: Actor, id: number, input: UpdateScheduleInput): Promise<ScheduleView> {
  const { tenantId } = actor;
  const scheduleDate = input.scheduleDate !== undefined ? new Date(input.scheduleDate) : undefined;
  if (scheduleDate) assertNotPast(scheduleDate);
  if (input.body !== undefined) await assertKnownVariables(ctx, actor.tenantId, input.body);
  return transact(ctx, async (tx, events) => {
    const schedule = await lockVisibleSchedule(ctx, actor, id, tx);
    assertPending(schedule);
    const body = input.body ?? schedule.body;
    if (!body.trim() && !schedule.mediaKey) throw new AppError('ERR_VALIDATION', 'The message is empty.', { body: ['Required'] });
    const row = (await updateSchedule(tx, tenantId, id, {
      body,
      scheduleDate: scheduleDate ?? schedule.scheduleDate,
      recurrence: input.recurrence ?? schedule.recurrence,
    }))!;
    await scheduleOccurrenceJob(ctx, tx, row);
    events.push({ type: 'schedule.changed', tenantId, scheduleId: id, action: 'update' });
    return (await findScheduleView(tx, tenantId, id))!;
  });
}
