import type { Db } from '../../../platform/db/client.js';
import { listTicketIdsWithDemand } from '../tickets.repository.js';

/** Ids of the tenant's tickets carrying a reason (the demands module pushes their change when it is renamed). */
export async function ticketIdsOfDemand(db: Db, tenantId: number, demandId: number): Promise<number[]> {
  return listTicketIdsWithDemand(db, tenantId, demandId);
}
