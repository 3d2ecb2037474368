import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { listLanes as listLaneRows, type LaneWithCount } from '../lanes.repository.js';

/** The tenant's lanes in board order, each with how many tickets it holds. */
export async function listLanes(ctx: AppContext, actor: Actor): Promise<LaneWithCount[]> {
  return listLaneRows(ctx.db, actor.tenantId);
}
