import type { Db } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/http/app-error.js';
import { updateTenant } from '../tenants.repository.js';

/** Changes the tenant's clock, inside the caller's transaction; `timeZone` is a zone the runtime knows (timeZoneSchema). */
export async function setTenantTimeZone(db: Db, tenantId: number, timeZone: string): Promise<string> {
  const row = await updateTenant(db, tenantId, { timeZone });
  if (!row) throw new AppError('ERR_NO_TENANT_FOUND');
  return row.timeZone;
}
