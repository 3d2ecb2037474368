import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { managedTenantIds } from '../tenant-api.repository.js';
import type { TenantApiRow } from '../tenant-api.repository.js';

/** A company the token created; any other (another reseller's, the platform's, none) is 404 alike. */
export async function assertManagedTenant(ctx: AppContext, api: TenantApiRow, tenantId: number): Promise<void> {
  const [managed] = await managedTenantIds(ctx.db, api.id, [tenantId]);
  if (managed !== tenantId) throw new AppError('ERR_NO_TENANT_FOUND');
}
