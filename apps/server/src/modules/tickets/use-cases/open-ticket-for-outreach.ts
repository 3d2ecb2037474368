import type { Db } from '../../../platform/db/client.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import { findActiveTicketOfContact, insertTicketLog, upsertActiveTicket, type TicketRow } from '../tickets.repository.js';

/**
 * Inside the caller's transaction: the ticket a message Conversa sends on its own initiative
 * (a birthday greeting) goes out in. The contact's ongoing ticket on that channel when there is
 * one; otherwise a new pending ticket in the channel's queue, as a customer's first message would
 * open, so that the customer's answer continues it. `by` is written in the ticket's log.
 */
export async function openTicketForOutreach(
  tx: Db,
  events: DomainEvent[],
  input: { tenantId: number; contactId: number; channel: { id: number; queueId: number | null }; by: string },
): Promise<TicketRow> {
  const { tenantId, contactId, channel } = input;
  const ongoing = await findActiveTicketOfContact(tx, tenantId, contactId, channel.id);
  if (ongoing) return ongoing;
  const { ticket, created } = await upsertActiveTicket(tx, {
    tenantId,
    contactId,
    channelId: channel.id,
    queueId: channel.queueId,
    status: 'pending',
  });
  // A concurrent message opened it meanwhile: the greeting simply joins that ticket.
  if (created) {
    await insertTicketLog(tx, { tenantId, ticketId: ticket.id, userId: null, type: 'created', payload: { by: input.by } });
    events.push({ type: 'ticket.changed', tenantId, ticketId: ticket.id, action: 'create' });
  }
  return ticket;
}
