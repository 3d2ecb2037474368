import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { assertPlatformOperator } from '../platform-ops.policy.js';
import { listTenantUsage as readTenantUsage, type TenantUsageRow } from '../platform-ops.repository.js';

/** Tenant environment data (/tenantsPk): per tenant users, channels, storage, messages this month, last activity. */
export async function listTenantUsage(ctx: AppContext, actor: Actor, now = new Date()): Promise<TenantUsageRow[]> {
  assertPlatformOperator(actor);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return readTenantUsage(ctx.db, monthStart);
}
