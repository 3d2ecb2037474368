import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanManageLanes } from '../lanes.policy.js';
import { countLanes, findLane, listLanes, lockTenantLanes, moveLaneRow, type LaneWithCount } from '../lanes.repository.js';

/**
 * Moves a lane to a 0-based index (past the end: last); the lanes between shift by one. Under the
 * tenant's lane lock, so concurrent moves apply one after the other and the positions stay 0..n-1.
 * Answers every lane in its new order.
 */
export async function moveLane(ctx: AppContext, actor: Actor, id: number, position: number): Promise<LaneWithCount[]> {
  assertCanManageLanes(actor);
  await ctx.db.transaction(async (tx) => {
    await lockTenantLanes(tx, actor.tenantId);
    // Read under the lock: a move committed meanwhile has already shifted this lane.
    const lane = await findLane(tx, actor.tenantId, id);
    if (!lane) throw new AppError('ERR_NO_LANE_FOUND');
    const last = (await countLanes(tx, actor.tenantId)) - 1;
    await moveLaneRow(tx, actor.tenantId, id, lane.position, Math.min(position, last));
  });
  return listLanes(ctx.db, actor.tenantId);
}
