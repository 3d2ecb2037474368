import type { z } from 'zod';
import type { updateTenantBodySchema } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findPlanById } from '../../plans/use-cases/find-plan.js';
import { storedPaymentToken } from '../payment-token.js';
import { assertTenantChangeAllowed } from '../tenants.policy.js';
import { findTenantById, updateTenant as updateTenantRow, type TenantWithCount } from '../tenants.repository.js';

export type UpdateTenantInput = z.output<typeof updateTenantBodySchema>;

/**
 * Updates a tenant (its payment token sealed; the mask keeps the stored one); a deactivation logs
 * out every user of it at once (their sockets are told, then dropped).
 */
export async function updateTenant(
  ctx: AppContext,
  tenantId: number,
  input: UpdateTenantInput & { phone?: string | null },
): Promise<TenantWithCount> {
  assertTenantChangeAllowed(tenantId, { status: input.status });
  return transact(ctx, async (tx, events) => {
    if (input.planId && !(await findPlanById(tx, input.planId))) throw new AppError('ERR_NO_PLAN_FOUND');
    const { paymentToken, ...fields } = input;
    const token = storedPaymentToken(ctx, paymentToken);
    if (!(await updateTenantRow(tx, tenantId, token === undefined ? fields : { ...fields, paymentToken: token })))
      throw new AppError('ERR_NO_TENANT_FOUND');
    const tenant = (await findTenantById(tx, tenantId))!;
    if (tenant.status !== 'active') events.push({ type: 'access.revoked', tenantId, tenantInactive: true });
    return tenant;
  });
}
