import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanManageLanes } from '../lanes.policy.js';
import { findLaneWithCount, updateLaneRow, type LaneWithCount } from '../lanes.repository.js';
import type { UpdateLaneInput } from '../lanes.schemas.js';
import { withDuplicateNameCheck } from './lane-rules.js';

/** Renames or recolours a lane (its place changes through moveLane). */
export async function updateLane(ctx: AppContext, actor: Actor, id: number, input: UpdateLaneInput): Promise<LaneWithCount> {
  assertCanManageLanes(actor);
  const updated = await withDuplicateNameCheck(() => updateLaneRow(ctx.db, actor.tenantId, id, input));
  const lane = updated && (await findLaneWithCount(ctx.db, actor.tenantId, id));
  if (!lane) throw new AppError('ERR_NO_LANE_FOUND');
  return lane;
}
