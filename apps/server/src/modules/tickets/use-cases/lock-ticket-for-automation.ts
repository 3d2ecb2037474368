import type { Db } from '../../../platform/db/client.js';
import { lockTicket, type TicketRow } from '../tickets.repository.js';

/**
 * The ticket an automation is about to answer, locked until the caller's transaction ends: two
 * automations of one ticket (or a retry of the same one) decide one after the other, each seeing
 * what the other stored.
 */
export async function lockTicketForAutomation(tx: Db, tenantId: number, ticketId: number): Promise<TicketRow | undefined> {
  return lockTicket(tx, tenantId, ticketId);
}
