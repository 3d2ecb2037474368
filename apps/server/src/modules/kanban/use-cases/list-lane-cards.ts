import type { TicketStatus } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { findLaneOfTenant } from '../../lanes/use-cases/lane-of-tenant.js';
import { listBoardTickets } from '../../tickets/use-cases/list-board-tickets.js';

/** A page of a lanes-board column (laneId null: the tickets without a lane). Another tenant's lane is unknown. */
export async function listLaneCards(
  ctx: AppContext,
  actor: Actor,
  query: { laneId: number | null; pageNumber: number; status?: TicketStatus[] },
): Promise<{ ticketsJson: string; count: number; hasMore: boolean }> {
  if (query.laneId !== null && !(await findLaneOfTenant(ctx.db, actor.tenantId, query.laneId))) throw new AppError('ERR_NO_LANE_FOUND');
  return listBoardTickets(ctx, actor, query);
}
