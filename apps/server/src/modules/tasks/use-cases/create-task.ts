import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { findTaskView, insertTask, type TaskView } from '../tasks.repository.js';
import type { CreateTaskInput } from '../tasks.schemas.js';
import { scheduleTaskReminder } from './schedule-task-reminder.js';
import { assertTaskReferences } from './task-access.js';

/** A new task (first of its series), with its owner's reminder scheduled for the limit date. */
export async function createTask(ctx: AppContext, actor: Actor, input: CreateTaskInput): Promise<TaskView> {
  const { tenantId } = actor;
  return transact(ctx, async (tx) => {
    await assertTaskReferences(ctx, actor, tx, { ownerId: input.ownerId, ticketId: input.ticketId });
    const row = await insertTask(tx, tenantId, { ...input, limitDate: new Date(input.limitDate), createdById: actor.userId });
    if (!row) throw new AppError('ERR_INTERNAL');
    await scheduleTaskReminder(ctx, tx, row);
    return (await findTaskView(tx, tenantId, row.id))!;
  });
}
