import { SCHEDULES_PAGE_SIZE } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { seesAllSchedules } from '../scheduled-messages.policy.js';
import { listScheduleViews, type ScheduleView } from '../scheduled-messages.repository.js';
import type { ListSchedulesInput } from '../scheduled-messages.schemas.js';

/** A page of the schedules the actor sees (see the policy): pending first by date, then the others newest first. */
export async function listScheduledMessages(
  ctx: AppContext,
  actor: Actor,
  input: ListSchedulesInput,
): Promise<{ schedules: ScheduleView[]; count: number; hasMore: boolean }> {
  const offset = (input.pageNumber - 1) * SCHEDULES_PAGE_SIZE;
  const all = await seesAllSchedules(ctx.db, actor);
  const { rows, total } = await listScheduleViews(
    ctx.db,
    actor.tenantId,
    { statuses: input.status, ticketId: input.ticketId, contactId: input.contactId, createdBy: all ? undefined : actor.userId },
    { limit: SCHEDULES_PAGE_SIZE, offset },
  );
  return { schedules: rows, count: total, hasMore: offset + rows.length < total };
}
