import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { AppError } from '../../../platform/http/app-error.js';
import { adapterFor } from '../../channels/adapters/registry.js';
import { findChannelById } from '../../channels/channels.repository.js';
import { findContactById } from '../../contacts/contacts.repository.js';
import { findMessageById, recordSendResult, updateMessageRow } from '../messages.repository.js';

/**
 * Errors that a retry cannot fix: the message fails at once. Adapters throw a plain Error for what
 * may work later (provider throttling, 5xx, network) and ERR_SENDING_WAPP_MSG for a provider's
 * definite refusal (bad token, bad parameter).
 */
const PERMANENT: ReadonlySet<string> = new Set([
  'ERR_WAPP_INVALID_CONTACT',
  'ERR_SENDING_WAPP_MSG',
  'ERR_VALIDATION',
  'ERR_NO_WAPP_FOUND',
  'ERR_NO_CONTACT_FOUND',
]);

export const sendMessageJob = defineJob({
  name: 'message.send',
  /** `rich`: the structured content of a POST /sendButton message, sent by the adapter's sendRich. */
  schema: z.object({ tenantId: z.number().int(), messageId: z.uuid(), rich: z.record(z.string(), z.unknown()).optional() }),
  retryLimit: 6,
  retryDelaySeconds: 5,
  // Sends run concurrently, each adapter keeping to its provider's rate (e.g. 80/s per WABA number).
  concurrency: 100,
  async handler(ctx, { tenantId, messageId, rich }, attempt) {
    const message = await findMessageById(ctx.db, tenantId, messageId);
    // Already sent (a retry after a crash past the provider call) or deleted meanwhile: nothing to do.
    if (!message || message.status !== 'pending' || message.deleted || message.ticketId === null) return;
    const publish = () => ctx.events.publish([{ type: 'message.updated', tenantId, ticketId: message.ticketId!, messageId }]);
    try {
      const [channel, contact] = await Promise.all([
        findChannelById(ctx.db, tenantId, message.channelId),
        findContactById(ctx.db, tenantId, message.contactId),
      ]);
      if (!channel) throw new AppError('ERR_NO_WAPP_FOUND');
      if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
      const quoted = message.quotedMessageId ? await findMessageById(ctx.db, tenantId, message.quotedMessageId) : undefined;
      const adapter = adapterFor(channel.type);
      const outbound = {
        messageId,
        ticketId: message.ticketId,
        contact: { id: contact.id, number: contact.number, externalKey: contact.externalKey },
        body: message.body,
        media: message.mediaKey
          ? {
              key: message.mediaKey,
              name: message.mediaName ?? 'file',
              mime: message.mediaMime ?? 'application/octet-stream',
              type: message.mediaType ?? 'document',
            }
          : undefined,
        quotedExternalId: quoted?.externalId ?? null,
      };
      if (rich && !adapter.sendRich)
        throw new AppError('ERR_SENDING_WAPP_MSG', `A ${channel.type} channel cannot send interactive or template messages.`);
      const result =
        rich && adapter.sendRich ? await adapter.sendRich(ctx, channel, outbound, rich) : await adapter.send(ctx, channel, outbound);
      const { replacedEcho } = await recordSendResult(
        ctx.db,
        { tenantId, id: messageId, channelId: message.channelId },
        { status: result.status, externalId: result.externalId, ack: result.status === 'delivered' ? 2 : 1, error: null },
      );
      publish();
      if (replacedEcho)
        ctx.logger.info({ messageId, echoId: replacedEcho.id }, "the provider's echo of a sent message was stored first; removed");
    } catch (error) {
      const code = error instanceof AppError ? error.code : undefined;
      if ((code && PERMANENT.has(code)) || attempt.last) {
        await updateMessageRow(ctx.db, tenantId, messageId, { status: 'failed', error: code ?? 'ERR_SENDING_WAPP_MSG' });
        publish();
        return;
      }
      throw error;
    }
  },
});
