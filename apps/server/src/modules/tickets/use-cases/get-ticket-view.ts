import type { Db } from '../../../platform/db/client.js';
import type { TicketView } from '../../../platform/events/domain-events.js';
import { findTicketView } from '../tickets.repository.js';

/** A ticket with its contact's name and what the inbox shows beside it, for other modules' reactions (web push, webhooks, the answer of PUT /ticketsChatBot). */
export async function getTicketView(db: Db, tenantId: number, ticketId: number): Promise<TicketView | undefined> {
  return findTicketView(db, tenantId, ticketId);
}
