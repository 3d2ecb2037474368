import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { findMessageByExternalId, updateMessageRow } from '../messages.repository.js';

/** Provider delivery states, in the order they happen; a late 'sent' never undoes a 'read'. */
export const PROVIDER_STATUSES = ['sent', 'delivered', 'read'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number] | 'failed';

/** ack as the inbox shows it: 1 sent (✓), 2 delivered (✓✓), 3 read (blue ✓✓). */
const ACK: Record<(typeof PROVIDER_STATUSES)[number], number> = { sent: 1, delivered: 2, read: 3 };

/**
 * A status callback from a provider (Cloud API statuses, Evolution/WuzAPI receipts, …) applied to
 * the message it names. Idempotent and monotonic: re-deliveries and out-of-order callbacks are no-ops.
 */
export async function applyProviderStatus(
  ctx: AppContext,
  input: { tenantId: number; channelId: number; externalId: string; status: ProviderStatus; error?: string },
): Promise<'applied' | 'unknown' | 'stale'> {
  return transact(ctx, async (tx, events) => {
    const message = await findMessageByExternalId(tx, input.tenantId, input.channelId, input.externalId);
    if (!message) return 'unknown';
    if (input.status === 'failed') {
      if (message.status === 'failed' || message.ack >= ACK.delivered) return 'stale';
      await updateMessageRow(tx, input.tenantId, message.id, { status: 'failed', error: input.error ?? 'ERR_SENDING_WAPP_MSG' });
    } else {
      if (message.ack >= ACK[input.status]) return 'stale';
      await updateMessageRow(tx, input.tenantId, message.id, { status: input.status, ack: ACK[input.status], error: null });
    }
    if (message.ticketId !== null) events.push({ type: 'message.updated', tenantId: input.tenantId, ticketId: message.ticketId, messageId: message.id });
    return 'applied';
  });
}
