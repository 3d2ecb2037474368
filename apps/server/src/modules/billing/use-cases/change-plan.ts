import { MAIN_TENANT_ID, type Subscription } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { findPlan } from '../../plans/use-cases/find-plan.js';
import { countTenantUsage, setTenantPlan } from '../billing.repository.js';
import { applyBlocks } from './apply-blocks.js';
import { getSubscription } from './get-subscription.js';

/**
 * The company's administrator changes its plan (PUT /subscription/plan): the plan's user and
 * connection limits apply at once; a plan that allows fewer users or connections than the company
 * has is refused (400 ERR_PLAN_LIMIT_EXCEEDED, saying how many). Charges already made keep their
 * value; the next ones are the new plan's. A change to a free plan lifts a block at once.
 */
export async function changePlan(ctx: AppContext, actor: Actor, planId: number): Promise<Subscription> {
  if (actor.tenantId === MAIN_TENANT_ID) throw new AppError('ERR_NO_SUBSCRIPTION');
  const plan = await findPlan(ctx, planId);
  if (!plan) throw new AppError('ERR_NO_PLAN_FOUND');
  await transact(ctx, async (tx, events) => {
    const usage = await countTenantUsage(tx, actor.tenantId);
    if (usage.users > plan.users || usage.connections > plan.connections) {
      throw new AppError(
        'ERR_PLAN_LIMIT_EXCEEDED',
        `This plan allows ${plan.users} users and ${plan.connections} connections; the company has ${usage.users} and ${usage.connections}.`,
        undefined,
        { users: usage.users, connections: usage.connections, planUsers: plan.users, planConnections: plan.connections },
      );
    }
    await setTenantPlan(tx, actor.tenantId, plan);
    await applyBlocks(tx, events, ctx.clock.now(), actor.tenantId);
  });
  return getSubscription(ctx, actor);
}
