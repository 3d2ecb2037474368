import type { Db } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findTenantById } from '../tenants.repository.js';

/** The IANA zone of the tenant's clock (business hours, the greeting variable). */
export async function getTenantTimeZone(db: Db, tenantId: number): Promise<string> {
  const tenant = await findTenantById(db, tenantId);
  if (!tenant) throw new AppError('ERR_NO_TENANT_FOUND');
  return tenant.timeZone;
}
