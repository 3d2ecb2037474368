import { MAIN_TENANT_ID, type Subscription, type SubscriptionStatusView } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { presentPlan } from '../../plans/plans.presenter.js';
import { findPlan } from '../../plans/use-cases/find-plan.js';
import { findTenantBilling, listTenantPayments } from '../billing.repository.js';
import { presentSubscription, presentSubscriptionStatus } from '../billing.presenter.js';

/** GET /subscription: the company's plan, state, trial days left and payments (newest first). */
export async function getSubscription(ctx: AppContext, actor: Actor): Promise<Subscription> {
  if (actor.tenantId === MAIN_TENANT_ID) throw new AppError('ERR_NO_SUBSCRIPTION');
  const tenant = await findTenantBilling(ctx.db, actor.tenantId);
  if (!tenant) throw new AppError('ERR_NO_TENANT_FOUND');
  const plan = tenant.planId ? await findPlan(ctx, tenant.planId) : undefined;
  const payments = await listTenantPayments(ctx.db, actor.tenantId);
  return presentSubscription(tenant, plan ? presentPlan(plan) : null, payments, ctx.clock.now());
}

/** GET /subscription/status: what every user of the company needs (blocked or not, trial days left). */
export async function getSubscriptionStatus(ctx: AppContext, actor: Actor): Promise<SubscriptionStatusView> {
  if (actor.tenantId === MAIN_TENANT_ID)
    return { status: 'exempt', blocked: false, blockReason: null, trialEndsAt: null, trialDaysLeft: null };
  const tenant = await findTenantBilling(ctx.db, actor.tenantId);
  if (!tenant) throw new AppError('ERR_NO_TENANT_FOUND');
  const plan = tenant.planId ? await findPlan(ctx, tenant.planId) : undefined;
  const billed = tenant.paymentActive && tenant.status === 'active' && plan !== undefined && Number(plan.value) > 0;
  return presentSubscriptionStatus(tenant, billed, ctx.clock.now());
}
