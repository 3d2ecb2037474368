import type { Db } from '../../../platform/db/client.js';
import { findTicketContactId, lockTicket, type TicketRow } from '../tickets.repository.js';

/**
 * The ticket an automation is about to answer, locked until the caller's transaction ends: two
 * automations of one ticket (or a retry of the same one) decide one after the other, each seeing
 * what the other stored.
 */
export async function lockTicketForAutomation(tx: Db, tenantId: number, ticketId: number): Promise<TicketRow | undefined> {
  return lockTicket(tx, tenantId, ticketId);
}

/** The contact of the ticket an automation works on (e.g. the chatbot keeping an answer in a contact variable). */
export async function contactOfTicket(tx: Db, tenantId: number, ticketId: number): Promise<number | undefined> {
  return findTicketContactId(tx, tenantId, ticketId);
}
