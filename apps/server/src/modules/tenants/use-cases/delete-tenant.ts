import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { assertTenantChangeAllowed } from '../tenants.policy.js';
import { deleteTenant as deleteTenantRow } from '../tenants.repository.js';

/** Deletes a tenant and, by cascade, everything it owns. */
export async function deleteTenant(ctx: AppContext, tenantId: number): Promise<void> {
  assertTenantChangeAllowed(tenantId, { deleting: true });
  if (!(await deleteTenantRow(ctx.db, tenantId))) throw new AppError('ERR_NO_TENANT_FOUND');
}
