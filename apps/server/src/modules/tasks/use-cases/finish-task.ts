import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import type { Actor } from '../../auth/actor.js';
import { findTaskView, finishTaskRow, insertTask, type TaskView } from '../tasks.repository.js';
import { scheduleTaskReminder } from './schedule-task-reminder.js';
import { loadVisibleTask } from './task-access.js';

const DAY_MS = 86_400_000;

/**
 * Finishes the task. A recurring one with repetitions left creates its next occurrence (limit
 * date + the period, one repetition fewer), with its own reminder. Finishing an already finished
 * task changes nothing: sent twice, even at the same time, it finishes once and creates one next.
 */
export async function finishTask(ctx: AppContext, actor: Actor, id: number): Promise<{ task: TaskView; next: TaskView | null }> {
  const { tenantId } = actor;
  return transact(ctx, async (tx) => {
    await loadVisibleTask(ctx, actor, id, tx);
    const finished = await finishTaskRow(tx, tenantId, id);
    let next: TaskView | null = null;
    if (finished && finished.recurrence > 0 && finished.repetitions > 0) {
      const created = await insertTask(tx, tenantId, {
        name: finished.name,
        description: finished.description,
        limitDate: new Date(finished.limitDate.getTime() + finished.recurrence * DAY_MS),
        ownerId: finished.ownerId!,
        priority: finished.priority,
        recurrence: finished.recurrence,
        repetitions: finished.repetitions - 1,
        ticketId: finished.ticketId,
        createdById: finished.createdById,
        seriesId: finished.seriesId,
        occurrence: finished.occurrence + 1,
      });
      if (created) {
        await scheduleTaskReminder(ctx, tx, created);
        next = (await findTaskView(tx, tenantId, created.id)) ?? null;
      }
    }
    return { task: (await findTaskView(tx, tenantId, id))!, next };
  });
}
