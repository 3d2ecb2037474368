import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { AppError } from '../../../platform/http/app-error.js';
import { sendFailureKind } from '../../../platform/http/send-outcome.js';
import { adapterFor } from '../../channels/adapters/registry.js';
import { findMessageById, findSendFacts, recordSendResult, updateMessageRow } from '../messages.repository.js';
import { sendClaim } from '../send-claim.js';
import { flagUnconfirmedSend } from '../use-cases/flag-unconfirmed-send.js';

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

/** Retries of the write that records a send's answer (the database may be restarting): ≈ 7.5 s in all. */
const RECORD_RETRY_MS = [500, 1_000, 2_000, 4_000];

/**
 * Sends an agent's message through its channel, exactly once as far as a crash allows:
 *
 * - the adapter claims the send in the database (messages.send_claimed_at, one UPDATE while the
 *   message is pending and unclaimed) right before the provider request, and the answer is recorded
 *   as soon as it comes (the job itself is completed on its own, see platform/jobs/jobs.ts);
 * - a process killed between the claim and that record leaves the message pending and claimed. The
 *   job runs again elsewhere once its lease expires; this attempt cannot claim it, and, since the
 *   provider may have the message, flags it `unconfirmed` instead of sending it a second time
 *   (flag-unconfirmed-send.ts). A status callback that names it (WABA's biz_opaque_callback_data,
 *   or a provider id chosen by Conversa: WuzAPI, Baileys) settles it (apply-provider-status.ts).
 *   Where the provider sends such a callback for every message it accepts (WABA:
 *   ChannelAdapter.confirmsEverySend), none within SEND_RECONCILE_SECONDS proves it never arrived
 *   and it is sent again (reconcile-unconfirmed-send.ts); on other channels the agent decides
 *   (POST /messages/{id}/resend);
 * - a provider request that failed after it may have reached the provider (connection reset or
 *   closed once written, no answer in time, an answer cut off, a proxy's 502/504: send-outcome.ts)
 *   keeps its claim and flags the message `unconfirmed` at once, reconciled the same way; only a
 *   failure that proves the request never left (refused connection, DNS, connect timeout, TLS
 *   handshake) or the provider's own answer gives the claim up for a retry;
 * - web chat takes no claim: delivery to the visitor is by message id (the widget keeps one copy
 *   per id), so sending again after a crash is harmless and it is simply sent again.
 */
export const sendMessageJob = defineJob({
  name: 'message.send',
  /** `rich`: the structured content of a POST /sendButton message queued before it was kept on the message row. */
  schema: z.object({ tenantId: z.number().int(), messageId: z.uuid(), rich: z.record(z.string(), z.unknown()).optional() }),
  retryLimit: 6,
  retryDelaySeconds: 5,
  // Sends run concurrently, each adapter keeping to its provider's rate (e.g. 80/s per WABA number).
  concurrency: 100,
  async handler(ctx, { tenantId, messageId, rich: queuedRich }, attempt) {
    // The message with its channel and contact, in one read.
    const facts = await findSendFacts(ctx.db, tenantId, messageId);
    const message = facts?.message;
    // Already sent or settled (a retry after a crash past the record), or deleted meanwhile: nothing to do.
    if (!facts || !message || message.status !== 'pending' || message.deleted || message.ticketId === null) return;
    const publish = () => ctx.events.publish([{ type: 'message.updated', tenantId, ticketId: message.ticketId!, messageId }]);
    const claim = sendClaim(ctx, tenantId, messageId);
    let answered = false;
    let reconcile = false;
    const flagUnconfirmed = () => retrying(() => flagUnconfirmedSend(ctx, { tenantId, messageId, ticketId: message.ticketId!, reconcile }));
    try {
      const { channel, contact } = facts;
      const quoted = message.quotedMessageId ? await findMessageById(ctx.db, tenantId, message.quotedMessageId) : undefined;
      const adapter = adapterFor(channel.type);
      reconcile = adapter.confirmsEverySend === true;
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
              voice: message.mediaVoice,
            }
          : undefined,
        quotedExternalId: quoted?.externalId ?? null,
        claimSend: claim.claimSend,
      };
      const rich = message.rich ?? queuedRich;
      if (rich && !adapter.sendRich)
        throw new AppError('ERR_SENDING_WAPP_MSG', `A ${channel.type} channel cannot send interactive or template messages.`);
      const result =
        rich && adapter.sendRich ? await adapter.sendRich(ctx, channel, outbound, rich) : await adapter.send(ctx, channel, outbound);
      answered = true;
      const changes = { status: result.status, externalId: result.externalId, ack: result.status === 'delivered' ? 2 : 1 };
      const { row, view, replacedEcho } = await retrying(() =>
        recordSendResult(ctx.db, { tenantId, id: messageId, channelId: message.channelId }, changes),
      );
      // The push carries what the record answered: no read of the message or its ticket again.
      ctx.events.publish([
        {
          type: 'message.updated',
          tenantId,
          ticketId: message.ticketId,
          messageId,
          stored: row && view ? { message: row, view } : undefined,
        },
      ]);
      if (replacedEcho)
        ctx.logger.info({ messageId, echoId: replacedEcho.id }, "the provider's echo of a sent message was stored first; removed");
    } catch (error) {
      // Sent, but the answer could not be recorded: the claim stays, so no attempt sends it again.
      if (answered) throw error;
      const code = error instanceof AppError ? error.code : undefined;
      const failed = Boolean(code && PERMANENT.has(code)) || attempt.last;
      if (claim.held()) {
        if (sendFailureKind(error) === 'unknown') {
          // The provider may have it: never sent again blindly; its status callback or the agent settles it.
          ctx.logger.warn(
            { messageId, err: error },
            'a send failed after the request may have reached the provider: flagged unconfirmed, not retried',
          );
          await flagUnconfirmed();
          return;
        }
        // This attempt claimed the send and the provider refused it (nothing went out).
        if (!failed) {
          await claim.release();
          throw error;
        }
      } else {
        // Not claimed here: by an earlier attempt (or the channel's session holder) that never recorded an answer?
        const current = await findMessageById(ctx.db, tenantId, messageId);
        if (!current || current.status !== 'pending' || current.deleted) return;
        if (current.sendClaimedAt) {
          ctx.logger.warn(
            { messageId, claimedAt: current.sendClaimedAt },
            'an interrupted send may have reached the provider: flagged unconfirmed, not resent',
          );
          await flagUnconfirmed();
          return;
        }
        if (!failed) throw error;
      }
      await updateMessageRow(ctx.db, tenantId, messageId, { status: 'failed', error: code ?? 'ERR_SENDING_WAPP_MSG' });
      publish();
    }
  },
});

async function retrying<T>(write: () => Promise<T>): Promise<T> {
  for (const pause of RECORD_RETRY_MS) {
    try {
      return await write();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
  return write();
}

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'message.send': z.input<typeof sendMessageJob.schema>;
  }
}
