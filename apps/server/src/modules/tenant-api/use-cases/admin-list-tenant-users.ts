import type { AppContext } from '../../../app-context.js';
import type { UserRow } from '../../users/users.repository.js';
import { listTenantUsers } from '../../users/use-cases/list-tenant-users.js';
import type { TenantApiRow } from '../tenant-api.repository.js';
import { assertManagedTenant } from './managed-tenant.js';

export async function adminListTenantUsers(ctx: AppContext, api: TenantApiRow, tenantId: number): Promise<UserRow[]> {
  await assertManagedTenant(ctx, api, tenantId);
  return listTenantUsers(ctx, tenantId);
}
