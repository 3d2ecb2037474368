import type { Db } from '../../../platform/db/client.js';
import { listTicketMessages, type MessageRow } from '../messages.repository.js';

/** A ticket's latest messages, newest first (an integration bot's conversation context). */
export async function recentTicketMessages(db: Db, tenantId: number, ticketId: number, limit: number): Promise<MessageRow[]> {
  return listTicketMessages(db, tenantId, ticketId, { limit, offset: 0 });
}
