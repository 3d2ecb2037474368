import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { findLaneOfTenant } from '../../lanes/use-cases/lane-of-tenant.js';
import { visibilityFacts } from '../tickets.presenter.js';
import {
  findLaneCard,
  insertTicketLog,
  lastLanePosition,
  lockLaneOrder,
  lockTicket,
  neighbourLaneCard,
  renumberLane,
  updateTicketRow,
} from '../tickets.repository.js';
import { assertCanSeeTicket } from './ticket-access.js';

interface LaneChange {
  tenantId: number;
  ticketId: number;
  laneId: number | null;
  /** Who moved it (null: Conversa, a chatbot flow). */
  userId: number | null;
  /** Where in the lane: just before or just after another card of it; neither: last (or where it is, when already there). */
  beforeTicketId?: number;
  afterTicketId?: number;
}

/** Room between two cards' places: a lane takes ~50 moves into one gap before it is renumbered. */
const GAP = 1024;
const MIN_GAP = 1e-9;

type Placement = { position: number } | 'badNeighbour';

/**
 * The place in the lane for the ticket, with the lane's order locked: between the neighbour named
 * and the card next to it, or after the last card. Renumbers the lane when the neighbours are too
 * close to part (and computes again).
 */
async function placeInLane(tx: Db, tenantId: number, laneId: number, change: LaneChange): Promise<Placement> {
  const refId = change.beforeTicketId ?? change.afterTicketId;
  if (refId === undefined) {
    const last = await lastLanePosition(tx, tenantId, laneId, change.ticketId);
    return { position: last === undefined ? GAP : last + GAP };
  }
  if (refId === change.ticketId) return 'badNeighbour';
  for (let attempt = 0; attempt < 2; attempt++) {
    const ref = await findLaneCard(tx, tenantId, laneId, refId);
    if (!ref) return 'badNeighbour';
    const side = change.beforeTicketId !== undefined ? 'before' : 'after';
    const other = await neighbourLaneCard(tx, tenantId, laneId, ref, side, change.ticketId);
    if (!other) return { position: side === 'before' ? ref.position - GAP : ref.position + GAP };
    const position = (ref.position + other.position) / 2;
    if (Math.abs(ref.position - other.position) > MIN_GAP && position !== ref.position && position !== other.position) return { position };
    await renumberLane(tx, tenantId, laneId, GAP);
  }
  // Freshly renumbered neighbours are GAP apart: not reached.
  throw new Error('kanban: no room between two cards after renumbering the lane');
}

/**
 * Inside the caller's transaction, the ticket locked: puts it in the lane (null: out of the
 * kanban), logs 'laneChanged' {fromLaneId, toLaneId, laneName} and pushes ticket.changed. Nothing
 * happens when it is already there. Answers whether it changed; 'noLane' when the tenant has no
 * such lane.
 */
async function applyLaneChange(
  tx: Db,
  events: DomainEvent[],
  change: LaneChange,
): Promise<'changed' | 'unchanged' | 'noLane' | 'noTicket' | 'badNeighbour'> {
  const ticket = await lockTicket(tx, change.tenantId, change.ticketId);
  if (!ticket) return 'noTicket';
  const lane = change.laneId === null ? null : await findLaneOfTenant(tx, change.tenantId, change.laneId);
  if (change.laneId !== null && !lane) return 'noLane';
  const reorder = change.beforeTicketId !== undefined || change.afterTicketId !== undefined;
  if (ticket.laneId === change.laneId && !reorder) return 'unchanged';
  let lanePosition: number | undefined;
  if (change.laneId !== null) {
    await lockLaneOrder(tx, change.laneId);
    const placement = await placeInLane(tx, change.tenantId, change.laneId, change);
    if (placement === 'badNeighbour') return 'badNeighbour';
    lanePosition = placement.position;
  }
  await updateTicketRow(tx, change.tenantId, change.ticketId, { laneId: change.laneId, lanePosition });
  // A move inside its lane changes only the order: the history keeps the lane changes.
  if (ticket.laneId === change.laneId) {
    events.push({
      type: 'ticket.changed',
      tenantId: change.tenantId,
      ticketId: change.ticketId,
      action: 'update',
      before: visibilityFacts(ticket),
    });
    return 'changed';
  }
  await insertTicketLog(tx, {
    tenantId: change.tenantId,
    ticketId: change.ticketId,
    userId: change.userId,
    type: 'laneChanged',
    payload: { fromLaneId: ticket.laneId, toLaneId: change.laneId, laneName: lane?.name ?? null },
  });
  events.push({
    type: 'ticket.changed',
    tenantId: change.tenantId,
    ticketId: change.ticketId,
    action: 'update',
    before: visibilityFacts(ticket),
  });
  return 'changed';
}

/**
 * PUT /tickets/{id}/lane: whoever sees the ticket moves it between lanes (or out of them), and
 * inside a lane before or after another of its cards (the kanban board). Moves into one lane are
 * serialised by a lock of that lane, so concurrent ones all land, in one order.
 */
export async function setTicketLane(
  ctx: AppContext,
  actor: Actor,
  ticketId: number,
  target: { laneId: number | null; beforeTicketId?: number; afterTicketId?: number },
): Promise<void> {
  await assertCanSeeTicket(ctx, actor, ticketId);
  await transact(ctx, async (tx, events) => {
    const outcome = await applyLaneChange(tx, events, { tenantId: actor.tenantId, ticketId, userId: actor.userId, ...target });
    if (outcome === 'noTicket') throw new AppError('ERR_NO_TICKET_FOUND');
    if (outcome === 'noLane') throw new AppError('ERR_NO_LANE_FOUND', undefined, { laneId: ['No kanban lane found with this ID.'] });
    if (outcome === 'badNeighbour') {
      const field = target.beforeTicketId !== undefined ? 'beforeTicketId' : 'afterTicketId';
      throw new AppError('ERR_VALIDATION', undefined, { [field]: ['Not another open or pending ticket of that lane.'] });
    }
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
  if (outcome === 'noLane' || outcome === 'noTicket' || outcome === 'badNeighbour')
    ctx.logger.info(
      { tenantId: target.tenantId, ticketId: target.ticketId, laneId: target.laneId },
      `chatbot: move to kanban lane skipped (${outcome === 'noLane' ? 'the lane no longer exists' : 'no ticket'})`,
    );
}
