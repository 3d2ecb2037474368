import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import { assertTenantChangeAllowed } from '../tenants.policy.js';
import { deleteTenant as deleteTenantRow } from '../tenants.repository.js';

/** Deletes a tenant and, by cascade, everything it owns; its users' sockets are dropped. */
export async function deleteTenant(ctx: AppContext, tenantId: number): Promise<void> {
  assertTenantChangeAllowed(tenantId, { deleting: true });
  await transact(ctx, async (tx, events) => {
    if (!(await deleteTenantRow(tx, tenantId))) throw new AppError('ERR_NO_TENANT_FOUND');
    events.push({ type: 'access.revoked', tenantId });
  });
}
