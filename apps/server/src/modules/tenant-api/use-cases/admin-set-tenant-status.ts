import type { TenantStatus } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { TenantWithCount } from '../../tenants/tenants.repository.js';
import { updateTenant } from '../../tenants/use-cases/update-tenant.js';
import type { TenantApiRow } from '../tenant-api.repository.js';
import { assertManagedTenant } from './managed-tenant.js';

/** Suspends a company (its users are logged out at once, its channels stop answering) or reactivates it. */
export async function adminSetTenantStatus(
  ctx: AppContext,
  api: TenantApiRow,
  tenantId: number,
  status: TenantStatus,
): Promise<TenantWithCount> {
  await assertManagedTenant(ctx, api, tenantId);
  return updateTenant(ctx, tenantId, { status });
}
