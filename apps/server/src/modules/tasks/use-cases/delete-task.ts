import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { deleteTaskRow } from '../tasks.repository.js';
import { loadVisibleTask } from './task-access.js';

/** Deletes the task and its comments; its pending reminder finds it gone and does nothing. */
export async function deleteTask(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await transact(ctx, async (tx) => {
    await loadVisibleTask(ctx, actor, id, tx);
    if (!(await deleteTaskRow(tx, actor.tenantId, id))) throw new AppError('ERR_NO_TASK_FOUND');
  });
}
