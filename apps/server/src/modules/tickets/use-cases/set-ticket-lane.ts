import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { findLaneOfTenant } from '../../lanes/use-cases/lane-of-tenant.js';
import { visibilityFacts } from '../tickets.presenter.js';
import { insertTicketLog, lockTicket, updateTicketRow } from '../tickets.repository.js';
import { assertCanSeeTicket } from './ticket-access.js';

interface LaneChange {
  tenantId: number;
  ticketId: number;
  laneId: number | null;
  /** Who moved it (null: Conversa, a chatbot flow). */
  userId: number | null;
}

/**
 * Inside the caller's transaction, the ticket locked: puts it in the lane (null: out of the
 * kanban), logs 'laneChanged' {fromLaneId, toLaneId, laneName} and pushes ticket.changed. Nothing
 * happens when it is already there. Answers whether it changed; 'noLane' when the tenant has no
 * such lane.
 */
async function applyLaneChange(tx: Db, events: DomainEvent[], change: LaneChange): Promise<'changed' | 'unchanged' | 'noLane' | 'noTicket'> {
  const ticket = await lockTicket(tx, change.tenantId, change.ticketId);
  if (!ticket) return 'noTicket';
  const lane = change.laneId === null ? null : await findLaneOfTenant(tx, change.tenantId, change.laneId);
  if (change.laneId !== null && !lane) return 'noLane';
  if (ticket.laneId === change.laneId) return 'unchanged';
  await updateTicketRow(tx, change.tenantId, change.ticketId, { laneId: change.laneId });
  await insertTicketLog(tx, {
    tenantId: change.tenantId,
    ticketId: change.ticketId,
    userId: change.userId,
    type: 'laneChanged',
    payload: { fromLaneId: ticket.laneId, toLaneId: change.laneId, laneName: lane?.name ?? null },
  });
  events.push({ type: 'ticket.changed', tenantId: change.tenantId, ticketId: change.ticketId, action: 'update', before: visibilityFacts(ticket) });
  return 'changed';
}

/** PUT /tickets/{id}/lane: whoever sees the ticket moves it between lanes (or out of them). */
export async function setTicketLane(ctx: AppContext, actor: Actor, ticketId: number, laneId: number | null): Promise<void> {
  await assertCanSeeTicket(ctx, actor, ticketId);
  await transact(ctx, async (tx, events) => {
    const outcome = await applyLaneChange(tx, events, { tenantId: actor.tenantId, ticketId, laneId, userId: actor.userId });
    if (outcome === 'noTicket') throw new AppError('ERR_NO_TICKET_FOUND');
    if (outcome === 'noLane') throw new AppError('ERR_NO_LANE_FOUND', undefined, { laneId: ['No kanban lane found with this ID.'] });
  });
}

/**
 * A chatbot flow's "move to kanban lane", inside the engine's transaction (the ticket's position
 * is locked there). Idempotent; a lane deleted since the flow was saved is skipped with a log line:
 * the flow goes on.
 */
export async function moveTicketToLane(
  ctx: AppContext,
  tx: Db,
  events: DomainEvent[],
  target: { tenantId: number; ticketId: number; laneId: number },
): Promise<void> {
  const outcome = await applyLaneChange(tx, events, { ...target, userId: null });
  if (outcome === 'noLane' || outcome === 'noTicket')
    ctx.logger.info({ tenantId: target.tenantId, ticketId: target.ticketId, laneId: target.laneId }, `chatbot: move to kanban lane skipped (${outcome === 'noLane' ? 'the lane no longer exists' : 'no ticket'})`);
}
