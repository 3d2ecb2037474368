import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { adapterFor } from '../../channels/adapters/registry.js';
import { findChannelById } from '../../channels/channels.repository.js';
import { visibilityFacts } from '../../tickets/tickets.presenter.js';
import { insertTicketLog, lockTicket, updateTicketRow } from '../../tickets/tickets.repository.js';
import { assertCanSeeTicket } from '../../tickets/use-cases/ticket-access.js';
import { findMessageById, type MessageRow } from '../messages.repository.js';
import { queueOutboundMessage } from '../queue-outbound-message.js';

export interface SendMessageInput {
  body: string;
  quotedMsgId?: string | null;
  media?: { key: string; name: string; mime: string; size: number; type: string };
  /** Reply buttons, a list or a template (POST /sendButton); only channels whose adapter has `sendRich`. */
  rich?: Record<string, unknown>;
}

/**
 * An agent's reply: stored as pending and its send job enqueued in the same transaction; the job
 * sends it through the channel with retries, then the ack updates it. Replying to a pending
 * ticket starts attending it.
 */
export async function sendMessage(ctx: AppContext, actor: Actor, ticketId: number, input: SendMessageInput): Promise<MessageRow> {
  if (!input.body.trim() && !input.media) throw new AppError('ERR_VALIDATION', 'The message is empty.', { body: ['Required'] });
  await assertCanSeeTicket(ctx, actor, ticketId);
  return transact(ctx, async (tx, events) => {
    const ticket = await lockTicket(tx, actor.tenantId, ticketId);
    if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
    if (ticket.status === 'closed') throw new AppError('ERR_VALIDATION', 'This ticket is resolved; reopen it to reply.', { status: ['closed'] });
    if (input.rich) {
      const channel = await findChannelById(tx, actor.tenantId, ticket.channelId);
      if (!channel || !adapterFor(channel.type).sendRich) {
        throw new AppError('ERR_VALIDATION', 'Interactive and template messages can be sent only on a WhatsApp Business API (waba) channel.', {
          ticketId: [`The ticket's channel is of type '${channel?.type ?? 'unknown'}', not waba.`],
        });
      }
    }
    if (input.quotedMsgId) {
      const quoted = await findMessageById(tx, actor.tenantId, input.quotedMsgId);
      if (!quoted || quoted.ticketId === null || quoted.contactId !== ticket.contactId) throw new AppError('ERR_VALIDATION', 'Quoted message not found.', { quotedMsgId: ['Not found'] });
    }
    if (ticket.status === 'pending') {
      const before = visibilityFacts(ticket);
      // As PUT /tickets/{id} {status: 'open'}: whoever starts attending a waiting ticket takes it.
      await updateTicketRow(tx, actor.tenantId, ticket.id, { status: 'open', userId: actor.userId });
      await insertTicketLog(tx, { tenantId: actor.tenantId, ticketId: ticket.id, userId: actor.userId, type: 'accepted' });
      events.push({ type: 'ticket.changed', tenantId: actor.tenantId, ticketId: ticket.id, action: 'update', before });
    }
    const message = await queueOutboundMessage(ctx, tx, events, { tenantId: actor.tenantId, userId: actor.userId, ticket }, {
      body: input.body,
      media: input.media,
      quotedMessageId: input.quotedMsgId,
      rich: input.rich,
    });
    events.push({ type: 'ticket.changed', tenantId: actor.tenantId, ticketId: ticket.id, action: 'update' });
    return message;
  });
}
