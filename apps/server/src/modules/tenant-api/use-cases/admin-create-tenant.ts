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
 * `timetest` days are given; billed when the plan has a value, as a signed-up company) with its
 * first administrator, recorded as this token's in the same transaction.
 */
export async function adminCreateTenant(
  ctx: AppContext,
  api: TenantApiRow,
  input: z.output<typeof adminCreateTenantBodySchema>,
): Promise<TenantWithCount> {
  const plan = await findPlan(ctx, input.plano);
  if (!plan) throw new AppError('ERR_NO_PLAN_FOUND');
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
      // Billed like a signed-up company (the plan's value), its trial `timetest` days or the plan's.
      ...(input.timetest !== undefined ? { trialDays: input.timetest } : {}),
      hideUnoficial: false,
      planId: plan.id,
      admin: { name: input.name, email: input.email, password: input.password },
    },
    (tx, tenantId) => linkTenantToApi(tx, api.id, tenantId),
  );
}
