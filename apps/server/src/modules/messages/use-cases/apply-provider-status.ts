import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import type { Db } from '../../../platform/db/client.js';
import { findMessageByExternalId, findMessageById, updateMessageRow, type MessageRow } from '../messages.repository.js';
import { applyStatusByExternalId } from '../provider-status.repository.js';

/** Provider delivery states, in the order they happen; a late 'sent' never undoes a 'read'. */
export const PROVIDER_STATUSES = ['sent', 'delivered', 'read'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number] | 'failed';

/** ack as the inbox shows it: 1 sent (✓), 2 delivered (✓✓), 3 read (blue ✓✓). */
const ACK: Record<(typeof PROVIDER_STATUSES)[number], number> = { sent: 1, delivered: 2, read: 3 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The message a callback names by Conversa's own id (`messageId`, which some providers return: WABA's
 * biz_opaque_callback_data) when its provider id is unknown here: a send whose answer was lost in a
 * crash (claimed, no provider id yet). Reconciling it records the provider id with the status.
 */
async function findInterruptedSend(
  tx: Db,
  input: { tenantId: number; channelId: number; messageId?: string },
): Promise<MessageRow | undefined> {
  if (!input.messageId || !UUID.test(input.messageId)) return undefined;
  const row = await findMessageById(tx, input.tenantId, input.messageId);
  const interrupted = row?.status === 'unconfirmed' || (row?.status === 'pending' && row.sendClaimedAt !== null);
  return row && row.channelId === input.channelId && row.fromMe && row.externalId === null && interrupted ? row : undefined;
}

/**
 * A status callback from a provider (Cloud API statuses, Evolution/WuzAPI receipts, …) applied to
 * the message it names. Idempotent and monotonic: re-deliveries and out-of-order callbacks are no-ops.
 * An unconfirmed send (see send-message.job.ts) that a callback names is thereby confirmed.
 */
export async function applyProviderStatus(
  ctx: AppContext,
  input: { tenantId: number; channelId: number; externalId: string; status: ProviderStatus; error?: string; messageId?: string },
): Promise<'applied' | 'unknown' | 'stale'> {
  // The usual case in one statement: a known message moving forward (its event written with it).
  const applied = await applyStatusByExternalId(ctx.db, {
    tenantId: input.tenantId,
    channelId: input.channelId,
    externalId: input.externalId,
    status: input.status,
    ack: input.status === 'failed' ? ACK.delivered : ACK[input.status],
    error: input.status === 'failed' ? (input.error ?? 'ERR_SENDING_WAPP_MSG') : null,
  });
  if (applied) {
    const { message, view, eventId } = applied;
    if (eventId !== null && message.ticketId !== null) {
      const stored = view ? { message, view } : undefined;
      ctx.events.relay([
        {
          id: eventId,
          event: {
            type: 'message.updated',
            tenantId: input.tenantId,
            ticketId: message.ticketId,
            messageId: message.id,
            delivery: { ack: message.ack, status: message.status },
            stored,
          },
        },
      ]);
    }
    return 'applied';
  }
  // Unknown by its provider id (an interrupted send named by our id), or stale: read, then decide.
  return transact(ctx, async (tx, events) => {
    let message = await findMessageByExternalId(tx, input.tenantId, input.channelId, input.externalId);
    const reconciled = message ? undefined : await findInterruptedSend(tx, input);
    message ??= reconciled;
    if (!message) return 'unknown';
    const externalId = reconciled ? { externalId: input.externalId } : {};
    if (input.status === 'failed') {
      if (message.status === 'failed' || message.ack >= ACK.delivered) return 'stale';
      await updateMessageRow(tx, input.tenantId, message.id, {
        status: 'failed',
        error: input.error ?? 'ERR_SENDING_WAPP_MSG',
        ...externalId,
      });
    } else {
      if (message.ack >= ACK[input.status]) return 'stale';
      await updateMessageRow(tx, input.tenantId, message.id, { status: input.status, ack: ACK[input.status], error: null, ...externalId });
    }
    if (reconciled)
      ctx.logger.info({ messageId: message.id, externalId: input.externalId }, 'an interrupted send confirmed by its status callback');
    const delivery = input.status === 'failed' ? { ack: message.ack, status: 'failed' } : { ack: ACK[input.status], status: input.status };
    if (message.ticketId !== null)
      events.push({ type: 'message.updated', tenantId: input.tenantId, ticketId: message.ticketId, messageId: message.id, delivery });
    return 'applied';
  });
}
