import type { z } from 'zod';
import type { updateTenantBodySchema } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findPlanById } from '../../plans/plans.repository.js';
import { assertTenantChangeAllowed } from '../tenants.policy.js';
import { findTenantById, updateTenant as updateTenantRow, type TenantWithCount } from '../tenants.repository.js';

export type UpdateTenantInput = z.output<typeof updateTenantBodySchema>;

export async function updateTenant(ctx: AppContext, tenantId: number, input: UpdateTenantInput): Promise<TenantWithCount> {
  assertTenantChangeAllowed(tenantId, { status: input.status });
  return ctx.db.transaction(async (tx) => {
    if (input.planId && !(await findPlanById(tx, input.planId))) throw new AppError('ERR_NO_PLAN_FOUND');
    if (!(await updateTenantRow(tx, tenantId, input))) throw new AppError('ERR_NO_TENANT_FOUND');
    return (await findTenantById(tx, tenantId))!;
  });
}
