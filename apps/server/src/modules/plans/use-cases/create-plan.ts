import type { z } from 'zod';
import type { planBodySchema } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { withPlanNameCheck, withTrialDays } from '../plan-name.js';
import { insertPlan, type PlanRow } from '../plans.repository.js';

/** POST /plans: a name no other plan has (whatever its case: 409 ERR_PLAN_NAME_TAKEN). */
export async function createPlan(ctx: AppContext, input: z.output<typeof planBodySchema>): Promise<PlanRow> {
  return withPlanNameCheck(() => insertPlan(ctx.db, withTrialDays(input, input.trial)));
}
