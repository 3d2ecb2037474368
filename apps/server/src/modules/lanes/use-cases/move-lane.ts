import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanManageLanes } from '../lanes.policy.js';
import { countLanes, findLane, listLanes, lockTenantLanes, moveLaneRow, type LaneWithCount } from '../lanes.repository.js';

/**
 * Moves a lane to a 0-based index (past the end: last); the lanes between shift by one. Under the
 * tenant's lane lock, so concurrent moves apply one after the other and the positions stay 0..n-1.
 * Answers every lane in its new order (and pushes it to the tenant's agents).
 */
export async function moveLane(ctx: AppContext, actor: Actor, id: number, position: number): Promise<LaneWithCount[]> {
  assertCanManageLanes(actor);
  await transact(ctx, async (tx, events) => {
    await lockTenantLanes(tx, actor.tenantId);
    // Read under the lock: a move committed meanwhile has already shifted this lane.
    const lane = await findLane(tx, actor.tenantId, id);
    if (!lane) throw new AppError('ERR_NO_LANE_FOUND');
    const last = (await countLanes(tx, actor.tenantId)) - 1;
    const to = Math.min(position, last);
    await moveLaneRow(tx, actor.tenantId, id, lane.position, to);
    if (to !== lane.position) events.push({ type: 'lanes.changed', tenantId: actor.tenantId });
  });
  return listLanes(ctx.db, actor.tenantId);
}
