import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanManageDemands } from '../demands.policy.js';
import { findDemandWithCount, updateDemandRow, type DemandWithCount } from '../demands.repository.js';
import { withDuplicateDemandCheck } from './demand-rules.js';
import { ticketIdsOfDemand } from '../../tickets/use-cases/ticket-demand.js';

/** Renames a reason; the tickets that carry it show the new name (pushed to whoever sees them). */
export async function updateDemand(ctx: AppContext, actor: Actor, id: number, input: { name: string }): Promise<DemandWithCount> {
  assertCanManageDemands(actor);
  const { tenantId } = actor;
  const updated = await withDuplicateDemandCheck(() =>
    transact(ctx, async (tx, events) => {
      const row = await updateDemandRow(tx, tenantId, id, input.name);
      if (!row) return undefined;
      for (const ticketId of await ticketIdsOfDemand(tx, tenantId, id))
        events.push({ type: 'ticket.changed', tenantId, ticketId, action: 'update' });
      return row;
    }),
  );
  const demand = updated && (await findDemandWithCount(ctx.db, tenantId, id));
  if (!demand) throw new AppError('ERR_NO_DEMAND_FOUND');
  return demand;
}
