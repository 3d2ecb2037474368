import type { TenantLimitsUsage } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { usageOfTenants } from '../tenant-limits.js';
import { findTenantById } from '../tenants.repository.js';

/**
 * GET /tenants/usage/: the caller's company's limits beside what it uses, so the users and channels
 * screens say how many are left before the form is filled in (the limits are checked when saving).
 */
export async function getTenantUsage(ctx: AppContext, actor: Actor): Promise<TenantLimitsUsage> {
  const tenant = await findTenantById(ctx.db, actor.tenantId);
  if (!tenant) throw new AppError('ERR_NO_TENANT_FOUND');
  const usage = (await usageOfTenants(ctx.db, [actor.tenantId])).get(actor.tenantId)!;
  return { maxUsers: tenant.maxUsers, users: usage.users, maxConnections: tenant.maxConnections, connections: usage.connections };
}
