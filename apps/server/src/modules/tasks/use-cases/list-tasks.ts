import { TASKS_PAGE_SIZE } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { actorSeesAsAdmin, visibleTicketIds } from '../../tickets/use-cases/ticket-access.js';
import { seesAllTasks } from '../tasks.policy.js';
import { listTaskViews, type TaskFilter, type TaskView } from '../tasks.repository.js';
import type { ListTasksInput } from '../tasks.schemas.js';

/** A plain user's own and created tasks (or a reduced supervisor's tasks) are read up to this, those they may see kept, then paged. */
const OWN_TASKS_LIMIT = 2_000;

/**
 * A page of the tasks the actor sees (see tasks.policy.ts), filtered by status (computed in SQL),
 * priority, owner, ticket and name. Tasks linked to a ticket the actor may not see are left out.
 */
export async function listTasks(
  ctx: AppContext,
  actor: Actor,
  input: ListTasksInput,
): Promise<{ tasks: TaskView[]; count: number; hasMore: boolean }> {
  const filter: TaskFilter = {
    statuses: input.status,
    priorities: input.priority,
    ownerIds: input.ownerIds,
    ticketId: input.ticketId,
    search: input.searchParam || undefined,
  };
  const offset = (input.pageNumber - 1) * TASKS_PAGE_SIZE;
  const all = seesAllTasks(actor);
  if (all && (await actorSeesAsAdmin(ctx.db, actor))) {
    const { rows, total } = await listTaskViews(ctx.db, actor.tenantId, filter, { limit: TASKS_PAGE_SIZE, offset });
    // Admins (and supervisors without supervisorAdmin) see every ticket: no task of theirs is hidden by its ticket.
    return { tasks: rows, count: total, hasMore: offset + rows.length < total };
  }
  // A supervisor reduced to the users' ticket logic (supervisorAdmin) sees every task, but a linked one only with its ticket.
  const { rows } = await listTaskViews(ctx.db, actor.tenantId, all ? filter : { ...filter, ownOrCreatedBy: actor.userId }, {
    limit: OWN_TASKS_LIMIT,
    offset: 0,
  });
  const linked = rows.flatMap((row) => (row.ticketId !== null ? [row.ticketId] : []));
  const visible = await visibleTicketIds(ctx, actor, linked);
  const seen = rows.filter((row) => row.ticketId === null || visible.has(row.ticketId));
  const page = seen.slice(offset, offset + TASKS_PAGE_SIZE);
  return { tasks: page, count: seen.length, hasMore: offset + page.length < seen.length };
}
