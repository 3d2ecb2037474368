import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { listDemandRows, type DemandWithCount } from '../demands.repository.js';

/** The tenant's reasons by name, each with how many tickets carry it. */
export async function listDemands(ctx: AppContext, actor: Actor): Promise<DemandWithCount[]> {
  return listDemandRows(ctx.db, actor.tenantId);
}
