import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { listTaskComments as listTaskCommentRows, type TaskCommentView } from '../tasks.repository.js';
import { loadVisibleTask } from './task-access.js';

/** The task's comment thread, oldest first (a task the actor sees). */
export async function listTaskComments(ctx: AppContext, actor: Actor, taskId: number): Promise<TaskCommentView[]> {
  await loadVisibleTask(ctx, actor, taskId);
  return listTaskCommentRows(ctx.db, actor.tenantId, taskId);
}
