import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { visibilityFacts } from '../tickets.presenter.js';
import { insertTicketLog, lockTicket, updateTicketRow } from '../tickets.repository.js';
import { assertCanSeeTicket } from './ticket-access.js';

/**
 * PUT /tickets/{id}/value: whoever sees the ticket sets its monetary value (null clears it; the body
 * schema bounds it and keeps 2 decimals). Logged as 'valueChanged' {from, to} and pushed to everyone
 * who sees the ticket (the kanban boards sum it). Nothing happens when it is already that value.
 */
export async function setTicketValue(ctx: AppContext, actor: Actor, ticketId: number, value: number | null): Promise<void> {
  await assertCanSeeTicket(ctx, actor, ticketId);
  await transact(ctx, async (tx, events) => {
    const ticket = await lockTicket(tx, actor.tenantId, ticketId);
    if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
    const from = ticket.value === null ? null : Number(ticket.value);
    if (from === value) return;
    await updateTicketRow(tx, actor.tenantId, ticketId, { value });
    await insertTicketLog(tx, {
      tenantId: actor.tenantId,
      ticketId,
      userId: actor.userId,
      type: 'valueChanged',
      payload: { from, to: value },
    });
    events.push({ type: 'ticket.changed', tenantId: actor.tenantId, ticketId, action: 'update', before: visibilityFacts(ticket) });
  });
}
