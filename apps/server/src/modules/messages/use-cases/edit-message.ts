import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { adapterFor } from '../../channels/adapters/registry.js';
import { findChannelById } from '../../channels/use-cases/find-channel-by-id.js';
import { findContactById } from '../../contacts/use-cases/find-contact-by-id.js';
import { assertCanSeeTicket } from '../../tickets/use-cases/ticket-access.js';
import { findMessageById, updateMessageRow, type MessageRow } from '../messages.repository.js';

/** Edits an agent's own sent message, on the channel too when the provider allows it. */
export async function editMessage(ctx: AppContext, actor: Actor, messageId: string, body: string): Promise<MessageRow> {
  const message = await findMessageById(ctx.db, actor.tenantId, messageId);
  if (!message || message.ticketId === null) throw new AppError('ERR_NO_MESSAGE_FOUND');
  await assertCanSeeTicket(ctx, actor, message.ticketId);
  if (!message.fromMe || message.deleted || message.userId !== actor.userId)
    throw new AppError('ERR_NO_PERMISSION', 'Only your own messages can be edited.');
  const [channel, contact] = await Promise.all([
    findChannelById(ctx.db, actor.tenantId, message.channelId),
    findContactById(ctx.db, actor.tenantId, message.contactId),
  ]);
  if (!channel || !contact) throw new AppError('ERR_NO_WAPP_FOUND');
  const adapter = adapterFor(channel.type);
  if (!adapter.editMessage) throw new AppError('ERR_VALIDATION', 'This channel does not allow editing messages.');
  if (message.status !== 'pending') {
    await adapter.editMessage(
      ctx,
      channel,
      { messageId, externalId: message.externalId, contact: { id: contact.id, number: contact.number, externalKey: contact.externalKey } },
      body,
    );
  }
  return transact(ctx, async (tx, events) => {
    const updated = await updateMessageRow(tx, actor.tenantId, messageId, { body, edited: true });
    if (!updated) throw new AppError('ERR_NO_MESSAGE_FOUND');
    events.push({ type: 'message.updated', tenantId: actor.tenantId, ticketId: message.ticketId!, messageId });
    return updated;
  });
}
