import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import { isAdmin, type Actor } from '../../auth/actor.js';
import { adapterFor } from '../../channels/adapters/registry.js';
import { findChannelById } from '../../channels/use-cases/find-channel-by-id.js';
import { findContactById } from '../../contacts/use-cases/find-contact-by-id.js';
import { assertCanSeeTicket } from '../../tickets/use-cases/ticket-access.js';
import { findMessageById, updateMessageRow, type MessageRow } from '../messages.repository.js';

/** Deletes an agent's own message (or, for an admin, any agent's) for everyone where the channel allows it; the row stays, marked deleted. */
export async function deleteMessage(ctx: AppContext, actor: Actor, messageId: string): Promise<MessageRow> {
  const message = await findMessageById(ctx.db, actor.tenantId, messageId);
  if (!message || message.ticketId === null) throw new AppError('ERR_NO_MESSAGE_FOUND');
  await assertCanSeeTicket(ctx, actor, message.ticketId);
  if (!message.fromMe) throw new AppError('ERR_DELETE_WAPP_MSG', "Customers' messages cannot be deleted for everyone.");
  if (message.userId !== actor.userId && !isAdmin(actor)) throw new AppError('ERR_NO_PERMISSION', 'Only your own messages can be deleted.');
  if (message.deleted) return message;
  const [channel, contact] = await Promise.all([
    findChannelById(ctx.db, actor.tenantId, message.channelId),
    findContactById(ctx.db, actor.tenantId, message.contactId),
  ]);
  if (!channel || !contact) throw new AppError('ERR_NO_WAPP_FOUND');
  const adapter = adapterFor(channel.type);
  if (!adapter.deleteMessage) throw new AppError('ERR_DELETE_WAPP_MSG', 'This channel does not allow deleting messages.');
  if (message.status !== 'pending') {
    try {
      await adapter.deleteMessage(ctx, channel, {
        messageId,
        externalId: message.externalId,
        contact: { id: contact.id, number: contact.number, externalKey: contact.externalKey },
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('ERR_DELETE_WAPP_MSG');
    }
  }
  return transact(ctx, async (tx, events) => {
    const updated = await updateMessageRow(tx, actor.tenantId, messageId, { deleted: true });
    if (!updated) throw new AppError('ERR_NO_MESSAGE_FOUND');
    events.push({ type: 'message.updated', tenantId: actor.tenantId, ticketId: message.ticketId!, messageId });
    return updated;
  });
}
