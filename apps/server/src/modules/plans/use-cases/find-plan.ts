import type { AppContext } from '../../../app-context.js';
import { findPlanById, findPlanForShare, type PlanRow } from '../plans.repository.js';

export async function findPlan(ctx: AppContext, id: number): Promise<PlanRow | undefined> {
  return findPlanById(ctx.db, id);
}

/**
 * A plan, read on the connection given (the caller's transaction when a company is created or changed
 * with it); findPlanForShare also holds a plan edit off until that transaction ends.
 */
export { findPlanById, findPlanForShare };
