import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import type { Actor } from '../../auth/actor.js';
import { insertTaskComment, type TaskCommentView } from '../tasks.repository.js';
import { loadVisibleTask } from './task-access.js';

/** Adds the actor's comment to a task they see. */
export async function addTaskComment(ctx: AppContext, actor: Actor, taskId: number, comment: string): Promise<TaskCommentView> {
  return transact(ctx, async (tx) => {
    await loadVisibleTask(ctx, actor, taskId, tx);
    return insertTaskComment(tx, actor.tenantId, { taskId, userId: actor.userId, comment });
  });
}
