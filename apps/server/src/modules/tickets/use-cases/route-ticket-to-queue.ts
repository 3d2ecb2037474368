import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findQueueById } from '../../queues/use-cases/find-queue-by-id.js';
import { visibilityFacts } from '../tickets.presenter.js';
import { insertTicketLog, lockTicket, updateTicketRow, type TicketRow } from '../tickets.repository.js';
import { integrationBotsStopped } from './set-integration-statuses.js';

export interface RouteTicketInput {
  tenantId: number;
  ticketId: number;
  queueId: number;
  /** What routed it, for the ticket's log (e.g. 'autoReply'). */
  by: string;
}

/**
 * Automation moves a waiting ticket into a queue, inside the caller's transaction: it waits there
 * for the queue's agents (no user), and the change is a `ticket.changed` like a transfer (the
 * queue's greeting follows from it). A ticket an agent is attending, a closed one, or one already in
 * that queue is left as it is (answered unchanged). A queue of another tenant is ERR_NO_QUEUE_FOUND.
 */
export async function routeTicketToQueue(ctx: AppContext, tx: Db, events: DomainEvent[], input: RouteTicketInput): Promise<TicketRow> {
  const ticket = await lockTicket(tx, input.tenantId, input.ticketId);
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
  if (ticket.status !== 'pending' || ticket.queueId === input.queueId) return ticket;
  if (!(await findQueueById(tx, input.tenantId, input.queueId))) throw new AppError('ERR_NO_QUEUE_FOUND');
  const before = visibilityFacts(ticket);
  // Routed to people: the LLM bots on the ticket stop.
  const stopped = integrationBotsStopped(ticket.integrationStatuses);
  const updated = await updateTicketRow(tx, input.tenantId, ticket.id, {
    queueId: input.queueId,
    userId: null,
    ...(stopped ? { integrationStatuses: stopped } : {}),
  });
  if (!updated) throw new AppError('ERR_NO_TICKET_FOUND');
  await insertTicketLog(tx, {
    tenantId: input.tenantId,
    ticketId: ticket.id,
    userId: null,
    type: 'routed',
    payload: { fromQueueId: ticket.queueId, toQueueId: input.queueId, by: input.by, ...(stopped ? { aiBotStopped: true } : {}) },
  });
  events.push({ type: 'ticket.changed', tenantId: input.tenantId, ticketId: ticket.id, action: 'update', before });
  return updated;
}
