import type { AppContext } from '../../../app-context.js';
import { listPlans as listPlanRows, type PlanRow } from '../plans.repository.js';

/** The platform's plans, cheapest first. */
export async function listPlans(ctx: AppContext): Promise<PlanRow[]> {
  return listPlanRows(ctx.db);
}
