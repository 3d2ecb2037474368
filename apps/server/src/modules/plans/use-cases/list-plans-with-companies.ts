import type { AppContext } from '../../../app-context.js';
import { countTenantsByPlan } from '../../tenants/use-cases/count-tenants-by-plan.js';
import { listPlans as listPlanRows, type PlanRow } from '../plans.repository.js';

/** The plans as the platform administration lists them: with how many companies are on each. */
export async function listPlansWithCompanies(ctx: AppContext): Promise<(PlanRow & { companies: number })[]> {
  const [plans, counts] = [await listPlanRows(ctx.db), await countTenantsByPlan(ctx.db)];
  return plans.map((plan) => ({ ...plan, companies: counts.get(plan.id) ?? 0 }));
}
