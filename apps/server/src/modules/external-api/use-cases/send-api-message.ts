import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { CheckedUpload } from '../../../platform/media/uploads.js';
import { adapterFor } from '../../channels/adapters/registry.js';
import type { WabaRichContent } from '../../channels/adapters/waba/waba.schemas.js';
import { findChannelById } from '../../channels/use-cases/find-channel-by-id.js';
import type { MessageRow } from '../../messages/messages.repository.js';
import { queueAutomatedMessage } from '../../messages/queue-automated-message.js';
import { queueOutboundMessage } from '../../messages/queue-outbound-message.js';
import { richPreview } from '../../messages/use-cases/send-button-message.js';
import { sendTextToOngoingTicket } from '../../messages/use-cases/send-text-to-ongoing-ticket.js';
import type { ApiConfigRow } from '../external-api.repository.js';
import { apiRecipientOrFail, apiRecipientTicket, type ApiRecipient } from './api-recipient.js';

export interface ApiMessage {
  to: ApiRecipient;
  body: string;
  /** A file already fetched or decoded and checked (type sniffed, size). */
  file?: CheckedUpload;
  /** Reply buttons, a list or a template (POST /apioficial): only on channels whose adapter sends them (waba). */
  rich?: WabaRichContent;
}

/**
 * A message sent through the external API: on the product's one outbound path, as Conversa's own
 * message (like a campaign's): stored pending on the recipient's ticket with its durable send job
 * in the same transaction (queueAutomatedMessage / queueOutboundMessage), so it shows in the inbox
 * at once and goes out with the send job's retries. The text is sent as written (no variables).
 */
export async function sendApiMessage(
  ctx: AppContext,
  config: ApiConfigRow & { channelType?: string | null },
  input: ApiMessage,
): Promise<MessageRow> {
  const { tenantId } = config;
  if (!input.rich && !input.file && !input.body.trim())
    throw new AppError('ERR_VALIDATION', 'The message is empty.', { body: ['Required'] });
  const to = apiRecipientOrFail(input.to);
  // The common case, a text to a number that has a conversation on the channel: one statement, no transaction.
  if (!input.rich && !input.file && 'number' in to && config.channelType) {
    const sent = await sendTextToOngoingTicket(
      ctx,
      { tenantId, number: to.number, channelId: config.channelId, channelType: config.channelType },
      input.body,
    );
    if (sent) return sent;
  }
  if (input.rich) {
    const channel = await findChannelById(ctx.db, tenantId, config.channelId);
    if (!channel || !adapterFor(channel.type).sendRich) {
      throw new AppError(
        'ERR_VALIDATION',
        'Interactive and template messages can be sent only on a WhatsApp Business API (waba) channel.',
        {
          contents: [`The configuration's channel is of type '${channel?.type ?? 'unknown'}', not waba.`],
        },
      );
    }
  }
  const media = input.file
    ? {
        key: await ctx.media.save(tenantId, input.file.content),
        name: input.file.name,
        mime: input.file.mime,
        size: input.file.content.length,
        type: input.file.type,
      }
    : null;
  return transact(ctx, async (tx, events) => {
    const { ticket, facts } = await apiRecipientTicket(tx, events, config, to);
    let message: MessageRow;
    if (input.rich) {
      message = await queueOutboundMessage(
        ctx,
        tx,
        events,
        { tenantId, userId: null, ticket, automated: true },
        { body: richPreview(input.rich), rich: input.rich },
      );
    } else {
      message = await queueAutomatedMessage(
        ctx,
        tx,
        events,
        { tenantId, ticketId: ticket.id, facts },
        { body: input.body, media, verbatim: true },
      );
    }
    // message.created carries the ticket's new view to the inbox (no ticket.changed of its own: one read and push less per send).
    return message;
  });
}
