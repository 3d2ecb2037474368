import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { visibilityFacts } from '../../tickets/tickets.presenter.js';
import { type TicketRow } from '../../tickets/tickets.repository.js';
import { findTicketById } from '../../tickets/use-cases/find-ticket-by-id.js';
import { recordTicketLog } from '../../tickets/use-cases/record-ticket-log.js';
import { updateTicketRow } from '../../tickets/use-cases/update-ticket-row.js';
import { assertCanSeeTicket, assertMayReassignTicket } from '../../tickets/use-cases/ticket-access.js';
import { deletePosition, lockTicketBotFacts } from '../chatbot.repository.js';
import { enterFlow, findEnterableFlow, flowAdmitsContact } from '../engine/run-flow.js';

/**
 * PUT /ticketsChatBot/{id} (SPEC §7): on — the ticket (open or pending) goes back to the bot: it
 * leaves its agent, returns to pending and enters the channel's flow at its first step; off — the
 * conversation leaves the bot where it is.
 */
export async function switchTicketChatbot(ctx: AppContext, actor: Actor, ticketId: number, on: boolean): Promise<TicketRow> {
  await assertCanSeeTicket(ctx, actor, ticketId);
  return transact(ctx, async (tx, events) => {
    const facts = await lockTicketBotFacts(tx, actor.tenantId, ticketId);
    const ticket = facts && (await findTicketById(tx, actor.tenantId, ticketId));
    if (!facts || !ticket) throw new AppError('ERR_NO_TICKET_FOUND');
    assertMayReassignTicket(actor, ticket);
    const before = visibilityFacts(ticket);
    const log = (type: string, payload: Record<string, unknown> = {}) =>
      recordTicketLog(tx, { tenantId: actor.tenantId, ticketId, userId: actor.userId, type, payload });

    if (!on) {
      await deletePosition(tx, actor.tenantId, ticketId);
      if (ticket.chatFlowId !== null) {
        await updateTicketRow(tx, actor.tenantId, ticketId, { chatFlowId: null });
        await log('chatbotOff');
        events.push({ type: 'ticket.changed', tenantId: actor.tenantId, ticketId, action: 'update', before });
      }
    } else {
      if (ticket.status === 'closed' || ticket.status === 'schedule')
        throw new AppError('ERR_VALIDATION', 'A closed ticket cannot go back to the chatbot.');
      if (facts.isGroup || facts.contactIsGroup) throw new AppError('ERR_VALIDATION', 'Group tickets never enter a chatbot flow.');
      if (facts.contactChatbotBlocked) throw new AppError('ERR_VALIDATION', 'This contact is blocked from the chatbot.');
      const runnable = facts.channelFlowId !== null ? await findEnterableFlow(ctx, tx, actor.tenantId, facts.channelFlowId) : undefined;
      if (!runnable) throw new AppError('ERR_NO_FLOW_FOUND', "The ticket's channel has no active published chatbot flow.");
      if (!flowAdmitsContact(runnable, facts.contactNumber))
        throw new AppError('ERR_VALIDATION', 'The flow has a test number: only that contact enters it.');
      await updateTicketRow(tx, actor.tenantId, ticketId, { status: 'pending', userId: null });
      await log('chatbotOn', { flowId: runnable.id });
      events.push({ type: 'ticket.changed', tenantId: actor.tenantId, ticketId, action: 'update', before });
      await enterFlow(ctx, tx, events, { tenantId: actor.tenantId, ticketId }, runnable.running);
    }
    const updated = await findTicketById(tx, actor.tenantId, ticketId);
    if (!updated) throw new AppError('ERR_NO_TICKET_FOUND');
    return updated;
  });
}
