import type { Db } from '../../../platform/db/client.js';
import { insertTicketLog } from '../tickets.repository.js';

/** Writes an entry of a ticket's history (GET /tickets/{id}/logs) inside the caller's transaction, for other modules' changes (tags, the chatbot, messages). */
export async function recordTicketLog(
  tx: Db,
  entry: { tenantId: number; ticketId: number; userId: number | null; type: string; payload?: Record<string, unknown> },
): Promise<void> {
  await insertTicketLog(tx, entry);
}
