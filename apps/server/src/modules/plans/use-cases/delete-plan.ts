import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { countTenantsOnPlan } from '../../tenants/use-cases/count-tenants-on-plan.js';
import { deletePlan as deletePlanRow, lockPlan } from '../plans.repository.js';

/**
 * Deletes a plan no company is on. A plan in use is refused (ERR_PLAN_IN_USE): deleting it left its
 * companies without a plan, which took them off billing without a word.
 */
export async function deletePlan(ctx: AppContext, planId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // Locked first: a company put on the plan while it is counted would lose it with the delete.
    if (!(await lockPlan(tx, planId))) throw new AppError('ERR_NO_PLAN_FOUND');
    const companies = await countTenantsOnPlan(tx, planId);
    if (companies > 0)
      throw new AppError(
        'ERR_PLAN_IN_USE',
        `This plan is used by ${companies} ${companies === 1 ? 'company' : 'companies'}: move them to another plan first.`,
      );
    await deletePlanRow(tx, planId);
  });
}
