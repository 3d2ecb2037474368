import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { isCreator, seesAllSchedules } from '../scheduled-messages.policy.js';
import { lockSchedule, type ScheduleRow } from '../scheduled-messages.repository.js';

/** A schedule the actor may see, locked; another tenant's, or one the actor may not see: 404. */
export async function lockVisibleSchedule(ctx: AppContext, actor: Actor, id: number, tx: Db): Promise<ScheduleRow> {
  const schedule = await lockSchedule(tx, actor.tenantId, id);
  if (!schedule || !(isCreator(actor, schedule) || (await seesAllSchedules(tx, actor)))) throw new AppError('ERR_NO_SCHEDULE_FOUND');
  return schedule;
}

/** SPEC §8 'Invalid date': a schedule is for now or later (a minute's grace for the time the request took). */
export function assertNotPast(date: Date, now = Date.now()): void {
  if (date.getTime() < now - 60_000) {
    throw new AppError('ERR_INVALID_DATE', 'Invalid date: the scheduled date is in the past.', { scheduleDate: ['Invalid date'] });
  }
}

/** Edits and cancel only while the schedule waits. */
export function assertPending(schedule: ScheduleRow): void {
  if (schedule.status !== 'pending') throw new AppError('ERR_SCHEDULE_NOT_PENDING', undefined, undefined, { status: schedule.status });
}
