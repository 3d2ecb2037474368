import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../platform/db/client.js';
import type { DomainEvent } from '../../platform/events/domain-events.js';
import { eventRowsJson, noteLogged, unloggedEvents } from '../../platform/events/logged-by-statement.js';
import { AppError } from '../../platform/http/app-error.js';
import { adapterFor } from '../channels/adapters/registry.js';
import { messagePreview } from './message-preview.js';
import { findOutboundDelivery, type MessageRow, type OutboundDelivery } from './messages.repository.js';
import { appendOutbound, type OutboundRow } from './outbound-append.repository.js';

export interface OutboundContent {
  body: string;
  /** `voice`: an audio file sent as a voice note where the channel has them (a quick message's send-as-audio). */
  media?: { key: string; name: string; mime: string; size: number | null; type: string; voice?: boolean } | null;
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
 * commits. Replies, farewells, forwards and automated messages all go out through here.
 *
 * On a channel whose stored message is the delivery (ChannelAdapter.deliversOnStore: web chat) it
 * is stored as sent instead, without a job, and its `message.created` carries the row: the
 * visitor's sockets get it from the event's relay after the commit (from the log's sweep if this
 * process dies first), and the widget reads it from history on reconnect.
 * `delivery` spares a read when the caller has it.
 */
export async function queueOutboundMessage(
  ctx: AppContext,
  tx: Db,
  events: DomainEvent[],
  target: {
    tenantId: number;
    userId: number | null;
    ticket: { id: number; contactId: number; channelId: number };
    automated?: boolean;
    /** Sent in the agent's name by an automation (a scheduled message, a group tool): a reply, but not the agent's response. */
    onBehalf?: boolean;
    delivery?: OutboundDelivery;
  },
  content: OutboundContent,
): Promise<MessageRow> {
  const { tenantId, ticket } = target;
  const delivery = target.delivery ?? (await findOutboundDelivery(tx, tenantId, ticket.channelId, ticket.contactId));
  if (!delivery) throw new AppError('ERR_NO_WAPP_FOUND');
  const deliveredOnStore =
    !content.rich && adapterFor(delivery.channelType).deliversOnStore?.({ externalKey: delivery.contactKey }) === true;
  const id = randomUUID();
  const values: OutboundRow = {
    id,
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
    mediaVoice: content.media?.voice === true && content.media.type === 'audio',
    quotedMessageId: content.quotedMessageId ?? null,
    rich: content.rich ?? null,
    status: deliveredOnStore ? 'sent' : 'pending',
    ...(deliveredOnStore ? { externalId: `out:${id}`, ack: 1 } : {}),
    userId: target.userId,
    clientId: content.clientId ?? null,
  };
  // The message's event is logged by the append itself, after any event of the transaction not logged yet (their order kept).
  const earlier = unloggedEvents(events);
  const created = { type: 'message.created' as const, tenantId, ticketId: ticket.id, messageId: id };
  const { message, view, eventIds } = await appendOutbound(
    tx,
    values,
    target.automated ? 'automated' : target.onBehalf || target.userId === null ? 'reply' : 'response',
    messagePreview({ body: content.body, mediaType: content.media?.type ?? null, mediaName: content.media?.name ?? null }),
    eventRowsJson([...earlier, created]),
  );
  if (!deliveredOnStore) await ctx.jobs.send('message.send', { tenantId, messageId: message.id }, { tx });
  // With what the statement answered: the push after the commit reads neither the message nor the ticket again —
  // unless the ticket, created by this transaction, is numbered at its commit (no protocol yet): its view is read then.
  const stored = {
    message,
    channelType: delivery.channelType,
    contactKey: delivery.contactKey,
    ticketAction: 'update' as const,
    ...(view.protocol === null ? {} : { view }),
  };
  const event: DomainEvent = { ...created, stored };
  noteLogged([...earlier, event], eventIds);
  events.push(event);
  return message;
}
