import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { TenantWithCount } from '../../tenants/tenants.repository.js';
import { listTenantsWithIds } from '../../tenants/use-cases/list-tenants.js';
import { managedTenantIds, type TenantApiRow } from '../tenant-api.repository.js';

/** The companies this token created, or the one `tenantId` names (404 when it is not one of them). */
export async function adminListTenants(ctx: AppContext, api: TenantApiRow, tenantId?: number): Promise<TenantWithCount[]> {
  const ids = await managedTenantIds(ctx.db, api.id, tenantId === undefined ? undefined : [tenantId]);
  if (tenantId !== undefined && ids.length === 0) throw new AppError('ERR_NO_TENANT_FOUND');
  return listTenantsWithIds(ctx, ids);
}
