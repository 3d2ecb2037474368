import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../../app-context.js';
import { adapterFor } from '../../channels/adapters/registry.js';
import { messagePreview } from '../message-preview.js';
import type { MessageRow } from '../messages.repository.js';
import { appendToOngoingTicket } from '../outbound-append.repository.js';

/**
 * Conversa's own text, sent as written, to the ongoing ticket of the contact with this stored number
 * on a channel: the external API's common send, in one statement without a transaction
 * (appendToOngoingTicket: the message, its ticket's last message, its event and its send job), then
 * relayed like any committed event. Undefined, having written nothing, where that path does not
 * apply: the number has no ongoing ticket there, or the channel delivers by storing (web chat); the
 * caller then takes the general path (queueAutomatedMessage in a transaction).
 */
export async function sendTextToOngoingTicket(
  ctx: AppContext,
  target: { tenantId: number; number: string; channelId: number; channelType: string },
  body: string,
): Promise<MessageRow | undefined> {
  if (adapterFor(target.channelType).deliversOnStore) return undefined;
  const stored = await appendToOngoingTicket(ctx.db, {
    id: randomUUID(),
    tenantId: target.tenantId,
    number: target.number,
    channelId: target.channelId,
    body,
    preview: messagePreview({ body, mediaType: null, mediaName: null }),
  });
  if (!stored) return undefined;
  const { message, view, contactKey } = stored;
  ctx.jobs.enqueued('message.send');
  ctx.events.relay([
    {
      id: stored.eventId,
      event: {
        type: 'message.created',
        tenantId: target.tenantId,
        ticketId: view.id,
        messageId: message.id,
        // With what the statement answered: the push after the commit reads neither the message nor the ticket again.
        stored: { message, channelType: view.channelType, contactKey, ticketAction: 'update', view },
      },
    },
  ]);
  return message;
}
