import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanManageLanes } from '../lanes.policy.js';
import { findLane, findLaneWithCount, updateLaneRow, type LaneWithCount } from '../lanes.repository.js';
import type { UpdateLaneInput } from '../lanes.schemas.js';
import { withDuplicateNameCheck } from './lane-rules.js';

/**
 * Renames or recolours a lane (its place changes through moveLane). A change is pushed to the
 * tenant's agents (the boards' headers), and to the tickets in the lane (their `kanban` name).
 */
export async function updateLane(ctx: AppContext, actor: Actor, id: number, input: UpdateLaneInput): Promise<LaneWithCount> {
  assertCanManageLanes(actor);
  const { tenantId } = actor;
  return withDuplicateNameCheck(() =>
    transact(ctx, async (tx, events) => {
      const before = await findLane(tx, tenantId, id);
      if (!before) throw new AppError('ERR_NO_LANE_FOUND');
      const row = await updateLaneRow(tx, tenantId, id, input);
      const lane = row && (await findLaneWithCount(tx, tenantId, id));
      if (!lane) throw new AppError('ERR_NO_LANE_FOUND');
      if (lane.name !== before.name || lane.color !== before.color) events.push({ type: 'lanes.changed', tenantId });
      return lane;
    }),
  );
}
