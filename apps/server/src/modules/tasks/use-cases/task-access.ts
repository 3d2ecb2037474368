import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanSeeTicket, assertUserOfTenant } from '../../tickets/use-cases/ticket-access.js';
import { isOwnOrCreated, seesAllTasks } from '../tasks.policy.js';
import { findTaskRow, type TaskRow } from '../tasks.repository.js';

/**
 * The task if the actor may see it: another tenant's task does not exist (404); a task of the
 * tenant a plain user neither owns nor created, or linked to a ticket the actor may not see
 * (the tickets module's own check), is forbidden (403).
 */
export async function loadVisibleTask(ctx: AppContext, actor: Actor, id: number, db: Db = ctx.db): Promise<TaskRow> {
  const task = await findTaskRow(db, actor.tenantId, id);
  if (!task) throw new AppError('ERR_NO_TASK_FOUND');
  if (!seesAllTasks(actor) && !isOwnOrCreated(actor, task)) throw new AppError('ERR_NO_PERMISSION');
  if (task.ticketId !== null) await assertCanSeeTicket(ctx, actor, task.ticketId, db);
  return task;
}

/** The owner and the ticket named by a request: a user of the tenant; a ticket the actor may see. */
export async function assertTaskReferences(
  ctx: AppContext,
  actor: Actor,
  db: Db,
  refs: { ownerId?: number; ticketId?: number | null },
): Promise<void> {
  if (refs.ownerId !== undefined) await assertUserOfTenant(db, actor.tenantId, refs.ownerId);
  if (refs.ticketId) await assertCanSeeTicket(ctx, actor, refs.ticketId, db);
}
