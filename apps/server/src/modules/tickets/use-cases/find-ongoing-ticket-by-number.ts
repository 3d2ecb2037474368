import type { Db } from '../../../platform/db/client.js';
import type { TemplateFacts } from '../../messages/template-facts.repository.js';
import { findOngoingTicketByNumber as findOngoingTicketByNumberRow, type TicketRow } from '../tickets.repository.js';

/**
 * The ongoing (open or pending) ticket on `channelId` of the tenant's contact with this stored
 * number (digits with the country code), with the template facts of a message Conversa sends on
 * it; undefined when there is no such contact or no such ticket (the caller opens one).
 */
export async function findOngoingTicketByNumber(
  db: Db,
  tenantId: number,
  number: string,
  channelId: number,
): Promise<{ ticket: TicketRow; facts: TemplateFacts } | undefined> {
  return findOngoingTicketByNumberRow(db, tenantId, number, channelId);
}
