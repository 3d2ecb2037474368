import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { findMessageByExternalId, updateMessageRow } from '../messages.repository.js';
import { MAX_INBOUND_BODY } from './ingest-inbound.js';

/**
 * A provider telling that a message it delivered earlier was edited (Telegram edited_message, …):
 * the stored message takes the new text, is marked edited, and the agents are told
 * ('message.updated'). Idempotent: a re-delivered edit with the same text is a no-op; an edit of a
 * message never stored (sent before the channel existed, or of a kind not ingested) is left alone.
 */
export async function applyProviderEdit(
  ctx: AppContext,
  input: { tenantId: number; channelId: number; externalId: string; body: string },
): Promise<'applied' | 'unchanged' | 'unknown'> {
  const body = input.body.slice(0, MAX_INBOUND_BODY);
  return transact(ctx, async (tx, events) => {
    const message = await findMessageByExternalId(tx, input.tenantId, input.channelId, input.externalId);
    if (!message) return 'unknown';
    if (message.deleted || message.body === body) return 'unchanged';
    await updateMessageRow(tx, input.tenantId, message.id, { body, edited: true });
    if (message.ticketId !== null)
      events.push({ type: 'message.updated', tenantId: input.tenantId, ticketId: message.ticketId, messageId: message.id });
    return 'applied';
  });
}
