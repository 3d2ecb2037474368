import type { WebhookEventType } from '@conversa/shared';
import type { AppContext } from '../../app-context.js';
import type { DomainEvent, MessageRow, TicketView } from '../../platform/events/domain-events.js';
import { findContactById } from '../contacts/use-cases/find-contact-by-id.js';
import { findMessageById } from '../messages/use-cases/find-message-by-id.js';
import { getTicketView } from '../tickets/use-cases/get-ticket-view.js';

/** One event as a webhook tells it: its type, the ticket it orders by (null: none), and its data. */
export interface WebhookEvent {
  type: WebhookEventType;
  ticketId: number | null;
  data: Record<string, unknown>;
}

/** The domain events that may give webhook events, before anything is read (most events give none). */
export function mayGiveWebhookEvents(event: DomainEvent): boolean {
  switch (event.type) {
    case 'message.created':
      return true;
    case 'message.updated':
      return event.delivery !== undefined;
    case 'ticket.changed':
      return event.action === 'create' || (event.action === 'update' && event.before !== undefined);
    case 'contact.changed':
      return event.action === 'create';
    default:
      return false;
  }
}

const presentTicket = (view: TicketView) => ({
  id: view.id,
  protocol: view.protocol,
  status: view.status,
  channelId: view.channelId,
  queueId: view.queueId,
  userId: view.userId,
  isGroup: view.isGroup,
  contact: { id: view.contactId, name: view.contactName, number: view.contactNumber, email: view.contactEmail },
  createdAt: view.createdAt.toISOString(),
  updatedAt: view.updatedAt.toISOString(),
});

const presentMessage = (message: MessageRow) => ({
  id: message.id,
  ticketId: message.ticketId,
  contactId: message.contactId,
  channelId: message.channelId,
  fromMe: message.fromMe,
  body: message.body,
  mediaType: message.mediaType,
  mediaName: message.mediaName,
  mediaMime: message.mediaMime,
  quotedMessageId: message.quotedMessageId,
  userId: message.userId,
  ack: message.ack,
  status: message.status,
  timestamp: message.timestamp.toISOString(),
});

/**
 * The webhook events of a domain event, in order (empty when it gives none): a message stored
 * (message.received from the customer, message.sent from the company; a customer's message that
 * opened a ticket gives ticket.created first), a provider's delivery status (message.ack), a ticket
 * created, a ticket's status changed, a ticket transferred (another queue, or from one agent to
 * another; a transfer that also changes the status gives both, status first), a contact created. The ticket and message are read when the event is handled, right
 * after its commit: a change made within that moment shows in the data, and two changes of a
 * ticket's status that close together may be told as one (from the first one's previous status).
 */
export async function webhookEventsOf(ctx: AppContext, event: DomainEvent): Promise<WebhookEvent[]> {
  switch (event.type) {
    case 'message.created': {
      const message = event.stored?.message ?? (await findMessageById(ctx.db, event.tenantId, event.messageId));
      const view = event.stored?.view ?? (await getTicketView(ctx.db, event.tenantId, event.ticketId));
      if (!message || !view) return [];
      const created = event.inbound?.ticketCreated === true || event.stored?.ticketAction === 'create';
      const ticket = presentTicket(view);
      return [
        ...(created ? [{ type: 'ticket.created' as const, ticketId: view.id, data: { ticket } }] : []),
        {
          type: message.fromMe ? 'message.sent' : 'message.received',
          ticketId: view.id,
          data: { message: presentMessage(message), ticket },
        },
      ];
    }
    case 'message.updated': {
      if (!event.delivery) return [];
      return [
        {
          type: 'message.ack',
          ticketId: event.ticketId,
          data: { messageId: event.messageId, ticketId: event.ticketId, ack: event.delivery.ack, status: event.delivery.status },
        },
      ];
    }
    case 'ticket.changed': {
      if (event.action === 'delete') return [];
      const view = await getTicketView(ctx.db, event.tenantId, event.ticketId);
      if (!view) return [];
      const ticket = presentTicket(view);
      if (event.action === 'create') return [{ type: 'ticket.created', ticketId: view.id, data: { ticket } }];
      const before = event.before;
      if (!before) return [];
      const events: WebhookEvent[] = [];
      if (before.status !== view.status)
        events.push({ type: 'ticket.status_changed', ticketId: view.id, data: { ticket, previousStatus: before.status } });
      // A transfer: another queue, or from one agent to another (taking a waiting ticket or giving it back to the queue is a status change).
      const userTransferred = before.userId !== null && view.userId !== null && before.userId !== view.userId;
      if (before.queueId !== view.queueId || userTransferred)
        events.push({
          type: 'ticket.transferred',
          ticketId: view.id,
          data: { ticket, from: { queueId: before.queueId, userId: before.userId }, to: { queueId: view.queueId, userId: view.userId } },
        });
      return events;
    }
    case 'contact.changed': {
      if (event.action !== 'create') return [];
      const contact = event.stored?.contact ?? (await findContactById(ctx.db, event.tenantId, event.contactId));
      if (!contact) return [];
      return [
        {
          type: 'contact.created',
          ticketId: null,
          data: {
            contact: {
              id: contact.id,
              name: contact.name,
              number: contact.number,
              email: contact.email,
              isGroup: contact.isGroup,
              createdAt: contact.createdAt.toISOString(),
            },
          },
        },
      ];
    }
    default:
      return [];
  }
}
