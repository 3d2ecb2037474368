import type { Db } from '../../../platform/db/client.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import { findOrInsertOutreachTicket, updateTicketRow, type TicketRow } from '../tickets.repository.js';

/**
 * The ticket that carries a message Conversa sends on its own initiative (a campaign): the contact's
 * ongoing ticket on the channel, or else a new closed one in `queueId`, which keeps the message in
 * the contact's history without putting a ticket in anyone's inbox. The customer's reply opens a
 * ticket as any first message does (see replyQueueOfOutreach for its queue).
 */
export async function openOutreachTicket(
  tx: Db,
  events: DomainEvent[],
  input: { tenantId: number; contactId: number; channelId: number; queueId: number | null; isGroup?: boolean },
): Promise<TicketRow> {
  const { ticket, created } = await findOrInsertOutreachTicket(tx, {
    tenantId: input.tenantId,
    contactId: input.contactId,
    channelId: input.channelId,
    queueId: input.queueId,
    isGroup: input.isGroup ?? false,
    log: { by: 'outreach' },
  });
  if (created) events.push({ type: 'ticket.changed', tenantId: input.tenantId, ticketId: ticket.id, action: 'create' });
  return ticket;
}

/**
 * A ticket just opened by a customer's message moves to the queue an outreach names for the contact
 * (the campaign that wrote to them), before anyone is assigned from its queue. Answers the ticket as it is now.
 */
export async function moveArrivingTicketToQueue(tx: Db, ticket: TicketRow, queueId: number | null): Promise<TicketRow> {
  if (queueId === null || queueId === ticket.queueId) return ticket;
  return (await updateTicketRow(tx, ticket.tenantId, ticket.id, { queueId })) ?? ticket;
}
