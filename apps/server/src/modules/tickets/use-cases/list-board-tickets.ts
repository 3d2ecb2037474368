import { KANBAN_PAGE_SIZE, type TicketStatus } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { listTicketPage, summarizeTicketsByLane, visibilitySql } from '../tickets.repository.js';
import { visibilityRuleFor } from './ticket-access.js';

/** The kanban boards' default: the tickets being handled (SPEC §9 default attendance filter). */
export const BOARD_STATUSES: TicketStatus[] = ['open', 'pending'];

/**
 * A page of one column of the lanes board: the tickets of the lane (null: without a lane) that the
 * actor may see, by the one visibility rule of the ticket list, in the lane's order (the column
 * without a lane: newest first). `ticketsJson` as the list presents them (JSON text).
 */
export async function listBoardTickets(
  ctx: AppContext,
  actor: Actor,
  query: { laneId: number | null; pageNumber: number; status?: TicketStatus[]; limit?: number },
): Promise<{ ticketsJson: string; count: number; hasMore: boolean }> {
  const rule = await visibilityRuleFor(ctx.db, actor);
  const limit = query.limit ?? KANBAN_PAGE_SIZE;
  const offset = (query.pageNumber - 1) * limit;
  const { json, returned, total } = await listTicketPage(ctx.db, actor.tenantId, {
    statuses: query.status?.length ? query.status : BOARD_STATUSES,
    visibility: visibilitySql(rule),
    ...(query.laneId === null ? { noLane: true } : { laneIds: [query.laneId], order: 'lane' as const }),
    limit,
    offset,
  });
  return { ticketsJson: json, count: total, hasMore: offset + returned < total };
}

/**
 * The lanes board's headers: per lane (null: without one), how many of the tickets the actor may
 * see it holds and the sum of their values, over the whole lane (not only the loaded cards).
 */
export async function summarizeBoard(
  ctx: AppContext,
  actor: Actor,
  query: { status?: TicketStatus[] } = {},
): Promise<{ laneId: number | null; count: number; value: number }[]> {
  const rule = await visibilityRuleFor(ctx.db, actor);
  const rows = await summarizeTicketsByLane(ctx.db, actor.tenantId, {
    statuses: query.status?.length ? query.status : BOARD_STATUSES,
    visibility: visibilitySql(rule),
  });
  // Sums of cents: the float sum of a whole lane is rounded back to cents.
  return rows.map((row) => ({ laneId: row.laneId, count: row.count, value: Math.round(row.value * 100) / 100 }));
}
