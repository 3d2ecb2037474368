import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../platform/db/client.js';
import type { DomainEvent } from '../../platform/events/domain-events.js';
import { recordAutomatedOnTicket, recordOutboundOnTicket } from '../tickets/tickets.repository.js';
import { messagePreview } from './message-preview.js';
import { insertMessage, type MessageRow } from './messages.repository.js';

export interface OutboundContent {
  body: string;
  media?: { key: string; name: string; mime: string; size: number | null; type: string } | null;
  quotedMessageId?: string | null;
  /**
   * Reply buttons, a list or a template (POST /sendButton) for adapters that have `sendRich`: kept
   * on the message (so that it can be resent) for the send job; `body` is its readable text for the history.
   */
  rich?: Record<string, unknown> | null;
  /** The sender's id of the reply (unique per tenant): see sendMessage. */
  clientId?: string | null;
}

/**
 * Inside the caller's transaction: stores an agent's message as pending, updates the ticket's
 * last message, and enqueues its durable send job, which exists if and only if the transaction
 * commits. Replies, farewells and forwards all go out through here.
 */
export async function queueOutboundMessage(
  ctx: AppContext,
  tx: Db,
  events: DomainEvent[],
  target: { tenantId: number; userId: number | null; ticket: { id: number; contactId: number; channelId: number }; automated?: boolean },
  content: OutboundContent,
): Promise<MessageRow> {
  const { tenantId, ticket } = target;
  const message = await insertMessage(tx, {
    id: randomUUID(),
    tenantId,
    ticketId: ticket.id,
    contactId: ticket.contactId,
    channelId: ticket.channelId,
    fromMe: true,
    body: content.body,
    mediaType: content.media?.type ?? null,
    mediaKey: content.media?.key ?? null,
    mediaName: content.media?.name ?? null,
    mediaMime: content.media?.mime ?? null,
    mediaSize: content.media?.size ?? null,
    quotedMessageId: content.quotedMessageId ?? null,
    rich: content.rich ?? null,
    status: 'pending',
    userId: target.userId,
    clientId: content.clientId ?? null,
  });
  const record = target.automated ? recordAutomatedOnTicket : recordOutboundOnTicket;
  await record(tx, tenantId, ticket.id, { preview: messagePreview(message), at: message.timestamp });
  await ctx.jobs.send('message.send', { tenantId, messageId: message.id }, { tx });
  events.push({ type: 'message.created', tenantId, ticketId: ticket.id, messageId: message.id });
  return message;
}
