import type { Db } from '../../../platform/db/client.js';
import { cancelAwaitingEvaluation } from '../ratings.repository.js';

/** The ticket changed by hand (resolved again, reopened, returned, transferred): its customer is no longer asked. Whether one was awaited. */
export async function cancelAwaitingRating(tx: Db, tenantId: number, ticketId: number): Promise<boolean> {
  return cancelAwaitingEvaluation(tx, tenantId, ticketId);
}
