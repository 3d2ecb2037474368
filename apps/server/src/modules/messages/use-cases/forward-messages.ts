import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { findChannelById } from '../../channels/use-cases/find-channel-by-id.js';
import { findDefaultChannel } from '../../channels/use-cases/find-default-channel.js';
import { findContactById } from '../../contacts/use-cases/find-contact-by-id.js';
import { findActiveTicketOfContact } from '../../tickets/use-cases/find-active-ticket-of-contact.js';
import { recordTicketLog } from '../../tickets/use-cases/record-ticket-log.js';
import { upsertActiveTicket } from '../../tickets/use-cases/upsert-active-ticket.js';
import { assertCanSeeTicket } from '../../tickets/use-cases/ticket-access.js';
import { findMessagesByIds } from '../messages.repository.js';
import { queueOutboundMessage } from '../queue-outbound-message.js';
import { assertCanWriteInTicket } from '../write-access.js';

/** SPEC §5/§9: up to 10 messages, to exactly 1 contact. */
export const FORWARD_MAX_MESSAGES = 10;

/**
 * Forwards messages the actor can see to one contact: into the contact's ongoing ticket, or a new
 * one (opened by the actor) on the channel of the first message, else the default channel.
 */
export async function forwardMessages(
  ctx: AppContext,
  actor: Actor,
  input: { messageIds: string[]; contactId: number },
): Promise<{ ticketId: number; forwarded: number }> {
  const ids = [...new Set(input.messageIds)];
  if (ids.length === 0 || ids.length > FORWARD_MAX_MESSAGES)
    throw new AppError('ERR_VALIDATION', `Forward 1 to ${FORWARD_MAX_MESSAGES} messages.`, { messages: ['1 to 10'] });
  const originals = await findMessagesByIds(ctx.db, actor.tenantId, ids);
  if (originals.length !== ids.length) throw new AppError('ERR_NO_MESSAGE_FOUND');
  for (const ticketId of new Set(originals.map((m) => m.ticketId))) {
    if (ticketId === null) throw new AppError('ERR_NO_MESSAGE_FOUND');
    await assertCanSeeTicket(ctx, actor, ticketId);
  }
  const ordered = ids.map((id) => originals.find((m) => m.id === id)!);

  return transact(ctx, async (tx, events) => {
    const contact = await findContactById(tx, actor.tenantId, input.contactId);
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
    let ticket = await findActiveTicketOfContact(tx, actor.tenantId, contact.id);
    // The copies are sent in the contact's ongoing conversation: only if the actor may take part in it.
    if (ticket) {
      await assertCanSeeTicket(ctx, actor, ticket.id, tx);
      await assertCanWriteInTicket(tx, actor, ticket);
    }
    if (!ticket) {
      const channel = (await findChannelById(tx, actor.tenantId, ordered[0].channelId)) ?? (await findDefaultChannel(tx, actor.tenantId));
      if (!channel) throw new AppError('ERR_NO_DEF_WAPP_FOUND');
      const upserted = await upsertActiveTicket(tx, {
        tenantId: actor.tenantId,
        contactId: contact.id,
        channelId: channel.id,
        queueId: channel.queueId,
        userId: actor.userId,
        status: 'open',
        origin: 'forward',
      });
      ticket = upserted.ticket;
      // Unless a concurrent message opened it meanwhile: then the copies simply join that ticket.
      if (upserted.created) {
        await recordTicketLog(tx, {
          tenantId: actor.tenantId,
          ticketId: ticket.id,
          userId: actor.userId,
          type: 'created',
          payload: { by: 'forward' },
        });
        events.push({ type: 'ticket.changed', tenantId: actor.tenantId, ticketId: ticket.id, action: 'create' });
      }
    }
    for (const original of ordered) {
      await queueOutboundMessage(
        ctx,
        tx,
        events,
        { tenantId: actor.tenantId, userId: actor.userId, ticket },
        {
          body: original.deleted ? '' : original.body,
          media: original.mediaKey
            ? {
                key: original.mediaKey,
                name: original.mediaName ?? 'file',
                mime: original.mediaMime ?? 'application/octet-stream',
                size: original.mediaSize,
                type: original.mediaType ?? 'document',
              }
            : null,
        },
      );
    }
    events.push({ type: 'ticket.changed', tenantId: actor.tenantId, ticketId: ticket.id, action: 'update' });
    return { ticketId: ticket.id, forwarded: ordered.length };
  });
}
