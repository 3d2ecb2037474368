import type { Db } from '../../../platform/db/client.js';
import { findMessagesByIds, listTicketMessages, type MessageRow } from '../messages.repository.js';

/** A ticket's latest messages, newest first (an integration bot's conversation context). */
export async function recentTicketMessages(db: Db, tenantId: number, ticketId: number, limit: number): Promise<MessageRow[]> {
  return listTicketMessages(db, tenantId, ticketId, { limit, offset: 0 });
}

/** One message of the tenant by id (the customer's message an integration bot answers). */
export async function findTenantMessage(db: Db, tenantId: number, id: string): Promise<MessageRow | undefined> {
  const [row] = await findMessagesByIds(db, tenantId, [id]);
  return row;
}
