import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanManageLanes } from '../lanes.policy.js';
import { deleteLaneRow, lockTenantLanes } from '../lanes.repository.js';

/**
 * Deletes a lane: its tickets stay, without a lane (each one's change is pushed to the agents who
 * see it); the lanes after it move up. Answers how many tickets left the lane.
 */
export async function deleteLane(ctx: AppContext, actor: Actor, id: number): Promise<{ detachedTickets: number }> {
  assertCanManageLanes(actor);
  return transact(ctx, async (tx, events) => {
    await lockTenantLanes(tx, actor.tenantId);
    const deleted = await deleteLaneRow(tx, actor.tenantId, id);
    if (!deleted) throw new AppError('ERR_NO_LANE_FOUND');
    events.push({ type: 'lanes.changed', tenantId: actor.tenantId });
    for (const ticketId of deleted.detachedTicketIds)
      events.push({ type: 'ticket.changed', tenantId: actor.tenantId, ticketId, action: 'update' });
    return { detachedTickets: deleted.detachedTicketIds.length };
  });
}
