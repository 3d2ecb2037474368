import type { AppContext } from '../../../app-context.js';
import type { EventConsumer } from '../../../platform/events/consumers.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import { transact } from '../../../platform/events/transact.js';
import { queueAutomatedMessage } from '../../messages/queue-automated-message.js';
import { lockTicketForAutomation } from '../../tickets/use-cases/lock-ticket-for-automation.js';
import { insertQueueGreeting } from '../queue-greetings.repository.js';
import { findQueueById, tenantHasQueueGreetings } from '../queues.repository.js';

/** The queue a ticket may have just entered: one opened by a customer's message, or one whose queue an update changed. */
function enteredQueueEvent(
  event: DomainEvent,
): { tenantId: number; ticketId: number; fromQueueId?: number | null; fromBot?: boolean } | undefined {
  if (event.type === 'message.created' && event.inbound?.ticketCreated) return { tenantId: event.tenantId, ticketId: event.ticketId };
  if (event.type === 'ticket.changed' && event.action === 'update' && event.before) {
    return {
      tenantId: event.tenantId,
      ticketId: event.ticketId,
      fromQueueId: event.before.queueId,
      fromBot: event.before.chatFlowId !== null,
    };
  }
  return undefined;
}

/**
 * A queue's greeting ('Mensagem de saudação') goes to the customer when their ticket enters the
 * queue waiting for an agent: opened in the channel's queue by their first message, or moved there
 * later (a transfer, an auto-reply or the bot routing it). Each queue greets a ticket at most once
 * (unique ticket + queue, in the transaction of the send); group tickets, tickets being attended,
 * tickets in a chatbot flow and queues without a greeting get none.
 */
export const queueGreetingConsumer: EventConsumer = {
  name: 'queues.greeting',
  types: ['message.created', 'ticket.changed'],
  async handle(ctx: AppContext, event: DomainEvent) {
    const entered = enteredQueueEvent(event);
    if (!entered) return;
    const { tenantId, ticketId } = entered;
    // Most tenants greet from no queue: one unlocked read spares them the locking transaction.
    if (!(await tenantHasQueueGreetings(ctx.db, tenantId))) return;
    await transact(ctx, async (tx, events) => {
      const ticket = await lockTicketForAutomation(tx, tenantId, ticketId);
      // A ticket in the bot has not reached the queue yet: the greeting goes when the bot routes it there.
      if (!ticket || ticket.isGroup || ticket.status !== 'pending' || ticket.queueId === null || ticket.chatFlowId !== null) return;
      // Same queue as before is no entrance, unless the bot has just handed the ticket over to it.
      if (entered.fromQueueId !== undefined && entered.fromQueueId === ticket.queueId && !entered.fromBot) return;
      const queue = await findQueueById(tx, tenantId, ticket.queueId);
      if (!queue?.greetingMessage?.trim()) return;
      if (!(await insertQueueGreeting(tx, { tenantId, ticketId, queueId: queue.id }))) return;
      await queueAutomatedMessage(ctx, tx, events, { tenantId, ticketId }, { body: queue.greetingMessage });
    });
  },
};
