import type { z } from 'zod';
import type { updateTenantBodySchema } from '@conversa/shared';
import { TRIAL_DAYS_MESSAGE, trialDaysProblem } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findPlanForShare } from '../../plans/use-cases/find-plan.js';
import { storedPaymentToken } from '../payment-token.js';
import { limitBelowUsageProblems, usageOfTenants } from '../tenant-limits.js';
import { assertTenantChangeAllowed } from '../tenants.policy.js';
import { findTenantById, updateTenant as updateTenantRow, type TenantWithCount } from '../tenants.repository.js';
import { lockTenant } from './lock-tenant.js';

export type UpdateTenantInput = z.output<typeof updateTenantBodySchema>;

/**
 * Updates a tenant (its payment token sealed; the mask keeps the stored one); a deactivation logs
 * out every user of it at once (their sockets are told, then dropped).
 *
 * - A new plan brings its limits: `planId` other than the company's, without maxUsers/maxConnections
 *   in the same body, sets the plan's users/connections (a limit sent with it wins).
 * - A limit is not lowered below what the company uses (400 ERR_VALIDATION under maxUsers or
 *   maxConnections, saying how many it has), checked on the locked tenant row, so a user or channel
 *   created meanwhile (they lock it too) is counted.
 * - A trial lasts at least a day: `trial: true` ending with fewer than 1 day (sent or stored) is
 *   refused under trialDays; a company without a trial stores 0 days.
 */
export async function updateTenant(
  ctx: AppContext,
  tenantId: number,
  input: UpdateTenantInput & { phone?: string | null },
): Promise<TenantWithCount> {
  assertTenantChangeAllowed(tenantId, { status: input.status });
  return transact(ctx, async (tx, events) => {
    // The plan before the tenant, share-locked: a plan edit locks the plan, then its companies (same order).
    const plan = input.planId ? await findPlanForShare(tx, input.planId) : undefined;
    if (input.planId && !plan) throw new AppError('ERR_NO_PLAN_FOUND');
    const current = await lockTenant(tx, tenantId);
    if (!current) throw new AppError('ERR_NO_TENANT_FOUND');

    const { paymentToken, ...fields } = input;
    const changes = { ...fields };
    if (plan && plan.id !== current.planId) {
      changes.maxUsers ??= plan.users;
      changes.maxConnections ??= plan.connections;
    }
    const trial = changes.trial ?? current.trial;
    if (changes.trial !== undefined || changes.trialDays !== undefined) {
      if (!trial) changes.trialDays = 0;
      else if ((changes.trialDays ?? current.trialDays) < 1) throw new AppError('ERR_VALIDATION', TRIAL_DAYS_MESSAGE, trialDaysProblem());
    }
    if (changes.maxUsers !== undefined || changes.maxConnections !== undefined) {
      const usage = (await usageOfTenants(tx, [tenantId])).get(tenantId)!;
      const problems = limitBelowUsageProblems(changes, current, usage);
      const message = Object.values(problems)
        .flatMap((list) => list.map((problem) => problem.message))
        .join(' ');
      if (message) throw new AppError('ERR_VALIDATION', message, problems);
    }

    const token = storedPaymentToken(ctx, paymentToken);
    await updateTenantRow(tx, tenantId, token === undefined ? changes : { ...changes, paymentToken: token });
    const tenant = (await findTenantById(tx, tenantId))!;
    if (tenant.status !== 'active') events.push({ type: 'access.revoked', tenantId, tenantInactive: true });
    return tenant;
  });
}
