import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import type { Actor } from '../../auth/actor.js';
import { findScheduleView, updateSchedule, type ScheduleView } from '../scheduled-messages.repository.js';
import { assertPending, lockVisibleSchedule } from './schedule-access.js';

/** Cancels a pending schedule (and its recurrence): a new version, so its waiting job sends nothing. */
export async function cancelScheduledMessage(ctx: AppContext, actor: Actor, id: number): Promise<ScheduleView> {
  const { tenantId } = actor;
  return transact(ctx, async (tx, events) => {
    const schedule = await lockVisibleSchedule(ctx, actor, id, tx);
    assertPending(schedule);
    await updateSchedule(tx, tenantId, id, { status: 'canceled' });
    events.push({ type: 'schedule.changed', tenantId, scheduleId: id, action: 'update' });
    return (await findScheduleView(tx, tenantId, id))!;
  });
}
