import type { Db } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findContactById } from '../contacts.repository.js';

/** A contact id from a request must name a contact of the tenant: another tenant's is as unknown as a missing one. */
export async function assertContactOfTenant(db: Db, tenantId: number, contactId: number): Promise<void> {
  if (!(await findContactById(db, tenantId, contactId))) throw new AppError('ERR_NO_CONTACT_FOUND');
}
