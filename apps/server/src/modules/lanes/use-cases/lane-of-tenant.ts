import type { Db } from '../../../platform/db/client.js';
import { existingLaneIds, findLane, type LaneRow } from '../lanes.repository.js';

/** The tenant's lane with this id (another tenant's lane is as unknown as a missing one), for other modules. */
export async function findLaneOfTenant(db: Db, tenantId: number, laneId: number): Promise<LaneRow | undefined> {
  return findLane(db, tenantId, laneId);
}

/** Which of `ids` name lanes of the tenant (the chatbot's save-time check). */
export async function laneIdsOfTenant(db: Db, tenantId: number, ids: number[]): Promise<Set<number>> {
  return new Set(await existingLaneIds(db, tenantId, [...new Set(ids)]));
}
