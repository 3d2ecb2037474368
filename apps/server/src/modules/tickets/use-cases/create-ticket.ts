import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import { isAdmin, type Actor } from '../../auth/actor.js';
import { findChannelById } from '../../channels/use-cases/find-channel-by-id.js';
import { findDefaultChannel } from '../../channels/use-cases/find-default-channel.js';
import { findContactById } from '../../contacts/use-cases/find-contact-by-id.js';
import { findQueueById } from '../../queues/use-cases/find-queue-by-id.js';
import { visibilityFacts } from '../tickets.presenter.js';
import { findActiveTicketOfContact, insertTicketLog, updateTicketRow, upsertActiveTicket, type TicketRow } from '../tickets.repository.js';
import { assertUserOfTenant } from './ticket-access.js';

export interface CreateTicketInput {
  contactId: number;
  whatsappId?: number;
  queueId?: number | null;
  userId?: number;
  status: 'open' | 'pending';
}

/**
 * The new-ticket modal. A contact with an ongoing ticket gets ERR_OTHER_OPEN_TICKET (with its id, so
 * the client can offer to open it); only an admin may instead assign that ticket to another user.
 */
export async function createTicket(
  ctx: AppContext,
  actor: Actor,
  input: CreateTicketInput,
): Promise<{ ticket: TicketRow; created: boolean }> {
  const userId = input.userId ?? actor.userId;
  if (userId !== actor.userId && !isAdmin(actor))
    throw new AppError('ERR_NO_PERMISSION', 'Only an admin may assign a ticket to another user.');

  return transact(ctx, async (tx, events) => {
    const contact = await findContactById(tx, actor.tenantId, input.contactId);
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
    const channel = input.whatsappId
      ? await findChannelById(tx, actor.tenantId, input.whatsappId)
      : await findDefaultChannel(tx, actor.tenantId);
    if (!channel) throw new AppError(input.whatsappId ? 'ERR_NO_WAPP_FOUND' : 'ERR_NO_DEF_WAPP_FOUND');
    if (input.queueId && !(await findQueueById(tx, actor.tenantId, input.queueId))) throw new AppError('ERR_NO_QUEUE_FOUND');
    if (userId !== actor.userId) await assertUserOfTenant(tx, actor.tenantId, userId);

    const ongoing = await findActiveTicketOfContact(tx, actor.tenantId, contact.id);
    if (ongoing) {
      const reassign = isAdmin(actor) && input.userId !== undefined && input.userId !== ongoing.userId;
      if (!reassign) {
        throw new AppError('ERR_OTHER_OPEN_TICKET', undefined, undefined, {
          ticketId: ongoing.id,
          userId: ongoing.userId,
          status: ongoing.status,
        });
      }
      const before = visibilityFacts(ongoing);
      const ticket = (await updateTicketRow(tx, actor.tenantId, ongoing.id, { userId, status: input.status }))!;
      await insertTicketLog(tx, {
        tenantId: actor.tenantId,
        ticketId: ticket.id,
        userId: actor.userId,
        type: 'assigned',
        payload: { userId },
      });
      events.push({ type: 'ticket.changed', tenantId: actor.tenantId, ticketId: ticket.id, action: 'update', before });
      return { ticket, created: false };
    }

    const { ticket, created } = await upsertActiveTicket(tx, {
      tenantId: actor.tenantId,
      contactId: contact.id,
      channelId: channel.id,
      queueId: input.queueId ?? channel.queueId,
      userId,
      status: input.status,
      origin: 'agent',
    });
    // A concurrent request (or message) opened it first: the same answer as when it was found above.
    if (!created)
      throw new AppError('ERR_OTHER_OPEN_TICKET', undefined, undefined, {
        ticketId: ticket.id,
        userId: ticket.userId,
        status: ticket.status,
      });
    await insertTicketLog(tx, {
      tenantId: actor.tenantId,
      ticketId: ticket.id,
      userId: actor.userId,
      type: 'created',
      payload: { by: 'agent' },
    });
    events.push({ type: 'ticket.changed', tenantId: actor.tenantId, ticketId: ticket.id, action: 'create' });
    return { ticket, created: true };
  });
}
