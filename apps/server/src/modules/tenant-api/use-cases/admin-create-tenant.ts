import type { z } from 'zod';
import type { adminCreateTenantBodySchema } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findPlan } from '../../plans/use-cases/find-plan.js';
import type { TenantWithCount } from '../../tenants/tenants.repository.js';
import { createTenant } from '../../tenants/use-cases/create-tenant.js';
import { linkTenantToApi, type TenantApiRow } from '../tenant-api.repository.js';

/**
 * `createtenant`: a company on the plan `plano` (its users and connections limits; its trial unless
 * `timetest` days are given) with its first administrator, recorded as this token's in the same
 * transaction.
 */
export async function adminCreateTenant(
  ctx: AppContext,
  api: TenantApiRow,
  input: z.output<typeof adminCreateTenantBodySchema>,
): Promise<TenantWithCount> {
  const plan = await findPlan(ctx, input.plano);
  if (!plan) throw new AppError('ERR_NO_PLAN_FOUND');
  const trialDays = input.timetest ?? (plan.trial ? plan.trialDays : 0);
  return createTenant(
    ctx,
    {
      status: 'active',
      name: input.tenantName,
      phone: input.phone ?? null,
      maxUsers: plan.users,
      maxConnections: plan.connections,
      identity: null,
      paymentToken: null,
      paymentCustomerId: null,
      paymentActive: false,
      trial: trialDays > 0,
      trialDays,
      hideUnoficial: false,
      planId: plan.id,
      admin: { name: input.name, email: input.email, password: input.password },
    },
    (tx, tenantId) => linkTenantToApi(tx, api.id, tenantId),
  );
}
