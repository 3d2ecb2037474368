import type { z } from 'zod';
import type { adminUpdateTenantBodySchema } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findPlan } from '../../plans/use-cases/find-plan.js';
import type { TenantWithCount } from '../../tenants/tenants.repository.js';
import { updateTenant } from '../../tenants/use-cases/update-tenant.js';
import type { TenantApiRow } from '../tenant-api.repository.js';
import { assertManagedTenant } from './managed-tenant.js';

/** `updatetenant`: renames a company, changes its phone or moves it to another plan (with that plan's limits). */
export async function adminUpdateTenant(
  ctx: AppContext,
  api: TenantApiRow,
  input: z.output<typeof adminUpdateTenantBodySchema>,
): Promise<TenantWithCount> {
  await assertManagedTenant(ctx, api, input.tenantId);
  const plan = input.plano === undefined ? undefined : await findPlan(ctx, input.plano);
  if (input.plano !== undefined && !plan) throw new AppError('ERR_NO_PLAN_FOUND');
  return updateTenant(ctx, input.tenantId, {
    ...(input.tenantName !== undefined ? { name: input.tenantName } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
    ...(plan ? { planId: plan.id, maxUsers: plan.users, maxConnections: plan.connections } : {}),
  });
}
