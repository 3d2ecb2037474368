import type { Db } from '../../../platform/db/client.js';
import { deletePosition } from '../chatbot.repository.js';

/**
 * Inside the caller's transaction (an agent taking the ticket over, transferring it, changing its
 * status): the conversation leaves the bot at once. Its pending timers find no position and do
 * nothing. The caller clears tickets.chat_flow_id in the same update.
 */
export async function stopTicketBot(tx: Db, tenantId: number, ticketId: number): Promise<void> {
  await deletePosition(tx, tenantId, ticketId);
}
