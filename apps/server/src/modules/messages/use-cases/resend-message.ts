import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { lockTicket } from '../../tickets/use-cases/lock-ticket.js';
import { assertCanSeeTicket } from '../../tickets/use-cases/ticket-access.js';
import { findMessageById, requeueMessageSend, type MessageRow } from '../messages.repository.js';

/**
 * Sends an agent's unconfirmed or failed message again, as the same message (pending, a new send
 * job). For an unconfirmed one the agent has checked that it did not arrive: the server resends
 * those by itself only where the provider's status callbacks prove it (reconcile-unconfirmed-send.ts).
 */
export async function resendMessage(ctx: AppContext, actor: Actor, messageId: string): Promise<MessageRow> {
  const message = await findMessageById(ctx.db, actor.tenantId, messageId);
  if (!message || message.ticketId === null) throw new AppError('ERR_NO_MESSAGE_FOUND');
  await assertCanSeeTicket(ctx, actor, message.ticketId);
  if (!message.fromMe || message.userId === null) throw new AppError('ERR_NO_PERMISSION', "Only agents' messages can be resent.");
  return transact(ctx, async (tx, events) => {
    const ticket = await lockTicket(tx, actor.tenantId, message.ticketId!);
    if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
    if (ticket.status === 'closed')
      throw new AppError('ERR_VALIDATION', 'This ticket is resolved; reopen it to reply.', { status: ['closed'] });
    const row = await requeueMessageSend(tx, actor.tenantId, messageId);
    if (!row) throw new AppError('ERR_VALIDATION', 'Only an unconfirmed or failed message can be resent.', { status: [message.status] });
    await ctx.jobs.send('message.send', { tenantId: actor.tenantId, messageId }, { tx });
    events.push({ type: 'message.updated', tenantId: actor.tenantId, ticketId: ticket.id, messageId });
    return row;
  });
}
