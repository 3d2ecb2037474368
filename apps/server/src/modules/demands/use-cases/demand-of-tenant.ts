import type { Db } from '../../../platform/db/client.js';
import { findDemandRow, type DemandRow } from '../demands.repository.js';

/** The tenant's reason with this id (another tenant's is as unknown as a missing one), for the tickets module's resolve. */
export async function findDemandOfTenant(db: Db, tenantId: number, id: number): Promise<DemandRow | undefined> {
  return findDemandRow(db, tenantId, id);
}
