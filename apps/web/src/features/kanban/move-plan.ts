import type { Ticket, TicketLaneBody } from '@conversa/shared';

/** Room left between cards by the server (tickets module, set-ticket-lane.ts), for the optimistic place. */
const GAP = 1024;

export interface MovePlan {
  body: TicketLaneBody;
  /** The card as it will be (its new lane and a place between its new neighbours), shown before the answer. */
  optimistic: Ticket;
}

/**
 * Where a card dropped at `index` of a column lands, as the API's body: just before the card that
 * follows it, or else just after the one before it (a column whose next page is not loaded keeps
 * its unseen cards after it), or last. `cards` is the target column's loaded cards in order, the
 * moved one included when it is already there. Undefined when nothing changes.
 */
export function planMove(
  ticket: Ticket,
  target: { laneId: number | null; name: string },
  cards: Ticket[],
  index: number,
): MovePlan | undefined {
  const sameLane = (ticket.kanban?.id ?? null) === target.laneId;
  if (target.laneId === null) {
    return sameLane ? undefined : { body: { laneId: null }, optimistic: { ...ticket, kanban: null } };
  }
  const others = cards.filter((card) => card.id !== ticket.id);
  const at = Math.max(0, Math.min(index, others.length));
  if (sameLane && cards.findIndex((card) => card.id === ticket.id) === at) return undefined;
  const before = others[at - 1];
  const after = others[at];
  const position = (card: Ticket) => card.lanePosition ?? 0;
  const lanePosition =
    before && after ? (position(before) + position(after)) / 2 : after ? position(after) - GAP : before ? position(before) + GAP : GAP;
  const body: TicketLaneBody = after
    ? { laneId: target.laneId, beforeTicketId: after.id }
    : before
      ? { laneId: target.laneId, afterTicketId: before.id }
      : { laneId: target.laneId };
  return { body, optimistic: { ...ticket, kanban: { id: target.laneId, name: target.name }, lanePosition } };
}
