import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { findTaskView, type TaskView } from '../tasks.repository.js';
import { loadVisibleTask } from './task-access.js';

export async function getTask(ctx: AppContext, actor: Actor, id: number): Promise<TaskView> {
  await loadVisibleTask(ctx, actor, id);
  return (await findTaskView(ctx.db, actor.tenantId, id))!;
}
