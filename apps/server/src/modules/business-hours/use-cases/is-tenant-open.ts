import { isOpenAt } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { getTenantTimeZone } from '../../tenants/use-cases/get-tenant-time-zone.js';
import { findBusinessHours } from '../business-hours.repository.js';

/** Whether the tenant is inside its business hours at `at`, on its clock; a tenant without hours set is always open. */
export async function isTenantOpen(ctx: AppContext, tenantId: number, at: Date): Promise<boolean> {
  const config = await findBusinessHours(ctx.db, tenantId);
  if (!config) return true;
  return isOpenAt(config.days, await getTenantTimeZone(ctx.db, tenantId), at);
}
