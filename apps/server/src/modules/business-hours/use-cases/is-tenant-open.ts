import { isOpenAt } from '@conversa/shared';
import type { Db } from '../../../platform/db/client.js';
import { getTenantTimeZone } from '../../tenants/use-cases/get-tenant-time-zone.js';
import { findBusinessHours } from '../business-hours.repository.js';

/**
 * Whether the tenant is inside its business hours at `at`, on its clock; a tenant without hours set
 * is always open. `db` is the caller's transaction when it has one (the embedded database has one
 * connection: a read beside an open transaction would wait for it).
 */
export async function isTenantOpen(db: Db, tenantId: number, at: Date): Promise<boolean> {
  const config = await findBusinessHours(db, tenantId);
  if (!config) return true;
  return isOpenAt(config.days, await getTenantTimeZone(db, tenantId), at);
}
