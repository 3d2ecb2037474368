import type { z } from 'zod';
import type { updatePlanBodySchema } from '@conversa/shared';
import { TRIAL_DAYS_MESSAGE, trialDaysProblem } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { FieldProblem } from '../../../platform/http/field-issues.js';
import { applyPlanLimits } from '../../tenants/use-cases/apply-plan-limits.js';
import { withPlanNameCheck, withTrialDays } from '../plan-name.js';
import { lockPlan, updatePlan as updatePlanRow, type PlanRow } from '../plans.repository.js';

const overProblem = (companies: number, what: 'users' | 'connections'): FieldProblem => ({
  message: `${companies} ${companies === 1 ? 'company on this plan has' : 'companies on this plan have'} more ${what} than that.`,
  issue: { code: 'custom', rule: what === 'users' ? 'planBelowUsers' : 'planBelowConnections', minimum: companies },
});

/**
 * PUT /plans/:id. A change of its users or connections reaches the companies on the plan in the
 * same transaction (the plan locked first: no company joins it meanwhile); a lowered limit that a
 * company on the plan already exceeds is refused, nothing changed (400 ERR_VALIDATION under
 * `users`/`connections`, saying how many companies are over: see applyPlanLimits). A name another
 * plan has is 409 ERR_PLAN_NAME_TAKEN; a trial needs at least a day, and none stores 0 days.
 */
export async function updatePlan(ctx: AppContext, planId: number, input: z.output<typeof updatePlanBodySchema>): Promise<PlanRow> {
  return withPlanNameCheck(() =>
    ctx.db.transaction(async (tx) => {
      const current = await lockPlan(tx, planId);
      if (!current) throw new AppError('ERR_NO_PLAN_FOUND');
      const trial = input.trial ?? current.trial;
      if (trial && (input.trial !== undefined || input.trialDays !== undefined) && (input.trialDays ?? current.trialDays) < 1)
        throw new AppError('ERR_VALIDATION', TRIAL_DAYS_MESSAGE, trialDaysProblem());
      const changes = input.trial === undefined && input.trialDays === undefined ? input : withTrialDays(input, trial);

      const users = changes.users !== undefined && changes.users !== current.users ? changes.users : undefined;
      const connections =
        changes.connections !== undefined && changes.connections !== current.connections ? changes.connections : undefined;
      if (users !== undefined || connections !== undefined) {
        const outcome = await applyPlanLimits(tx, planId, { users, connections });
        if (!outcome.applied) {
          const problems: Record<string, FieldProblem[]> = {};
          if (outcome.overUsers > 0) problems.users = [overProblem(outcome.overUsers, 'users')];
          if (outcome.overConnections > 0) problems.connections = [overProblem(outcome.overConnections, 'connections')];
          const message = Object.values(problems)
            .map(([problem]) => (typeof problem === 'string' ? problem : problem.message))
            .join(' ');
          throw new AppError('ERR_VALIDATION', `${message} Raise their limits or move them to another plan first.`, problems);
        }
      }
      return (await updatePlanRow(tx, planId, changes))!;
    }),
  );
}
