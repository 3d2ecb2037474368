import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanManageDemands } from '../demands.policy.js';
import { deleteDemandRow } from '../demands.repository.js';

/**
 * Deletes a reason: its tickets stay, without a reason (each change pushed to whoever sees them; their
 * logs keep the name they were resolved with). Answers how many tickets it was detached from.
 */
export async function deleteDemand(ctx: AppContext, actor: Actor, id: number): Promise<{ detachedTickets: number }> {
  assertCanManageDemands(actor);
  return transact(ctx, async (tx, events) => {
    const deleted = await deleteDemandRow(tx, actor.tenantId, id);
    if (!deleted) throw new AppError('ERR_NO_DEMAND_FOUND');
    for (const ticketId of deleted.detachedTicketIds)
      events.push({ type: 'ticket.changed', tenantId: actor.tenantId, ticketId, action: 'update' });
    return { detachedTickets: deleted.detachedTicketIds.length };
  });
}
