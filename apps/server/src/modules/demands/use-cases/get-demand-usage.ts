import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanManageDemands } from '../demands.policy.js';
import { findDemandWithCount } from '../demands.repository.js';

/** How many tickets carry the reason: what deleting it detaches it from. */
export async function getDemandUsage(ctx: AppContext, actor: Actor, id: number): Promise<{ tickets: number }> {
  assertCanManageDemands(actor);
  const demand = await findDemandWithCount(ctx.db, actor.tenantId, id);
  if (!demand) throw new AppError('ERR_NO_DEMAND_FOUND');
  return { tickets: demand.ticketCount };
}
