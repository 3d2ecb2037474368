import type { TicketStatus } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError, isUniqueViolation } from '../../../platform/http/app-error.js';
import { findQueueById } from '../../queues/use-cases/find-queue-by-id.js';
import { visibilityFacts } from '../tickets.presenter.js';
import { insertTicketLog, lockTicket, updateTicketRow, type TicketChanges, type TicketRow } from '../tickets.repository.js';
import { assertUserOfTenant } from './ticket-access.js';

export interface AutomatedTicketChange {
  tenantId: number;
  ticketId: number;
  /** Only a ticket of this channel may be changed (an API configuration's send-by channel); else not found. */
  channelId?: number;
  status?: TicketStatus;
  /** Transfer to a queue (null: out of any queue). */
  queueId?: number | null;
  /** Assign to a user (null: nobody). */
  userId?: number | null;
  /** What changed it, for the ticket's log (e.g. 'api'). */
  by: string;
}

/**
 * A change no user makes (the external API): close, reopen, return to the queue, transfer to a queue
 * or a user. As a user's transfer, a new queue or user without a status leaves the ticket pending
 * for them; `open` needs a user (the one given or the ticket's). Queues and users of another tenant
 * are refused like missing ones. Logged with no user and `by`.
 */
export async function changeTicketByAutomation(ctx: AppContext, input: AutomatedTicketChange): Promise<TicketRow> {
  const { tenantId, ticketId } = input;
  try {
    return await transact(ctx, async (tx, events) => {
      const ticket = await lockTicket(tx, tenantId, ticketId);
      if (!ticket || (input.channelId !== undefined && ticket.channelId !== input.channelId)) throw new AppError('ERR_NO_TICKET_FOUND');
      if (input.queueId != null && !(await findQueueById(tx, tenantId, input.queueId))) throw new AppError('ERR_NO_QUEUE_FOUND');
      if (input.userId != null) await assertUserOfTenant(tx, tenantId, input.userId);
      const changes: TicketChanges = {};
      const log = (type: string, payload: Record<string, unknown>) =>
        insertTicketLog(tx, { tenantId, ticketId, userId: null, type, payload: { ...payload, by: input.by } });
      const transferring =
        (input.queueId !== undefined && input.queueId !== ticket.queueId) || (input.userId !== undefined && input.userId !== ticket.userId);
      if (input.queueId !== undefined) changes.queueId = input.queueId;
      if (input.userId !== undefined) changes.userId = input.userId;
      const status = input.status ?? (transferring ? 'pending' : undefined);
      if (status === 'closed') {
        Object.assign(changes, { status, closedAt: new Date() });
        if (ticket.status !== 'closed') await log('resolved', { userId: ticket.userId });
      } else if (status === 'open') {
        const userId = input.userId ?? ticket.userId;
        if (userId === null)
          throw new AppError('ERR_VALIDATION', 'An open ticket needs a user: give userId.', { userId: ['Required to open'] });
        Object.assign(changes, { status, userId, closedAt: null });
        if (ticket.status !== 'open') await log(ticket.status === 'closed' ? 'reopened' : 'assigned', { userId });
      } else if (status === 'pending') {
        Object.assign(changes, { status, closedAt: null, userId: input.userId ?? null });
        if (!transferring && ticket.status !== 'pending') await log('returnedToQueue', { userId: ticket.userId });
      }
      if (transferring) {
        await log('transferred', {
          fromQueueId: ticket.queueId,
          toQueueId: changes.queueId ?? ticket.queueId,
          fromUserId: ticket.userId,
          toUserId: changes.userId ?? null,
        });
      }
      if (Object.keys(changes).length === 0) return ticket;
      const updated = await updateTicketRow(tx, tenantId, ticketId, changes);
      if (!updated) throw new AppError('ERR_NO_TICKET_FOUND');
      const transfer =
        transferring && updated.userId !== null && updated.userId !== ticket.userId
          ? { byUserId: null, toUserId: updated.userId }
          : undefined;
      events.push({ type: 'ticket.changed', tenantId, ticketId, action: 'update', before: visibilityFacts(ticket), transfer });
      if (transfer) events.push({ type: 'ticket.transferred', tenantId, ticketId, ...transfer });
      return updated;
    });
  } catch (error) {
    // Reopening while the contact already has another open/pending ticket on the channel.
    if (isUniqueViolation(error, 'tickets_one_active_per_contact_channel')) throw new AppError('ERR_OTHER_OPEN_TICKET');
    throw error;
  }
}
