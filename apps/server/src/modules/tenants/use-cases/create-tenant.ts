import type { z } from 'zod';
import type { createTenantBodySchema } from '@conversa/shared';
import { TRIAL_DAYS_MESSAGE, trialDaysProblem } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import { AppError, isUniqueViolation } from '../../../platform/http/app-error.js';
import { hashPassword } from '../../auth/passwords.js';
import { newSubscriptionTerms } from '../../billing/use-cases/new-subscription.js';
import { findPlanForShare } from '../../plans/use-cases/find-plan.js';
import { insertUserWithinLimit } from '../../users/use-cases/create-user.js';
import { storedPaymentToken } from '../payment-token.js';
import { findTenantById, insertTenant, type TenantWithCount } from '../tenants.repository.js';

export type CreateTenantInput = z.output<typeof createTenantBodySchema>;

/**
 * Creates a tenant and, optionally, its first administrator, in one transaction; `onCreated` runs
 * in it too (the Tenant API records which token made the company, or nothing is kept). The company
 * starts its subscription as a signed-up one does (billing's terms): the plan's trial unless the
 * maker gives one (`trial` false: none; `trialDays`), billed when the plan has a value unless the
 * maker sends `paymentActive: false` (an exempted company). The payment token is sealed at rest.
 */
export async function createTenant(
  ctx: AppContext,
  input: CreateTenantInput & { phone?: string | null },
  onCreated?: (tx: Db, tenantId: number) => Promise<void>,
): Promise<TenantWithCount> {
  const { admin, trial, trialDays, paymentActive, paymentToken, ...fields } = input;
  const passwordHash = admin ? await hashPassword(admin.password) : undefined;
  // The platform administrator sees every tenant's users: a taken e-mail is told as it is.
  return ctx.db.transaction(async (tx) => {
    // Share-locked: a plan edit changing its limits meanwhile is waited for (or waits), never half seen.
    const plan = fields.planId === null ? undefined : await findPlanForShare(tx, fields.planId);
    if (fields.planId !== null && !plan) throw new AppError('ERR_NO_PLAN_FOUND');
    const makerTrialDays = trial === false ? 0 : trialDays;
    const terms = newSubscriptionTerms(plan, ctx.clock.now(), { trialDays: makerTrialDays, paymentActive });
    // `trial: true` without days, on a plan without a trial, would start none: said, not dropped.
    if (trial === true && !terms.trial) throw new AppError('ERR_VALIDATION', TRIAL_DAYS_MESSAGE, trialDaysProblem());
    const tenant = await insertTenant(tx, { ...fields, paymentToken: storedPaymentToken(ctx, paymentToken) ?? null, ...terms });
    if (admin && passwordHash) {
      await insertUserWithinLimit(tx, tenant.id, { name: admin.name, email: admin.email, passwordHash, profile: 'admin' }).catch(
        (error: unknown) => {
          throw isUniqueViolation(error, 'users_email_key') ? new AppError('ERR_DUPLICATED_EMAIL') : error;
        },
      );
    }
    await onCreated?.(tx, tenant.id);
    return (await findTenantById(tx, tenant.id))!;
  });
}
