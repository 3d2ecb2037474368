import { TASK_REPETITIONS_MIN_MESSAGE, TASK_REPETITIONS_RULE, tooFewTaskRepetitions } from '@conversa/shared';
import { AppError } from '../../../platform/http/app-error.js';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import type { Actor } from '../../auth/actor.js';
import { findTaskView, updateTaskRow, type TaskView } from '../tasks.repository.js';
import type { UpdateTaskInput } from '../tasks.schemas.js';
import { scheduleTaskReminder } from './schedule-task-reminder.js';
import { assertTaskReferences, loadVisibleTask } from './task-access.js';

/** Edits what the body sends. A new version: the reminder is scheduled again (for the new date), the earlier one goes stale. */
export async function updateTask(ctx: AppContext, actor: Actor, id: number, input: UpdateTaskInput): Promise<TaskView> {
  const { tenantId } = actor;
  return transact(ctx, async (tx) => {
    const task = await loadVisibleTask(ctx, actor, id, tx);
    await assertTaskReferences(ctx, actor, tx, { ownerId: input.ownerId, ticketId: input.ticketId });
    const recurrence = input.recurrence ?? task.recurrence;
    const repetitions = input.repetitions ?? (recurrence === 0 ? 0 : task.repetitions);
    if (recurrence === 0 && repetitions !== 0)
      throw new AppError('ERR_VALIDATION', 'Repetitions need a recurrence.', { repetitions: ['Repetitions need a recurrence.'] });
    // The first of a series repeats at least once; a later occurrence with 0 left is its series' last.
    if (tooFewTaskRepetitions(recurrence, repetitions, task.occurrence))
      throw new AppError('ERR_VALIDATION', TASK_REPETITIONS_MIN_MESSAGE, {
        repetitions: [{ message: TASK_REPETITIONS_MIN_MESSAGE, issue: { code: 'custom', rule: TASK_REPETITIONS_RULE } }],
      });
    const { limitDate, ...rest } = input;
    const row = await updateTaskRow(tx, tenantId, id, {
      ...rest,
      recurrence,
      repetitions,
      ...(limitDate ? { limitDate: new Date(limitDate) } : {}),
    });
    if (!row) throw new AppError('ERR_NO_TASK_FOUND');
    await scheduleTaskReminder(ctx, tx, row);
    return (await findTaskView(tx, tenantId, id))!;
  });
}
