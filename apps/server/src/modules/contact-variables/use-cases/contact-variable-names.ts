import type { Db } from '../../../platform/db/client.js';
import { listContactVariableNames } from '../contact-variables.repository.js';

/** The names of the tenant's contact variables: what texts may use besides the fixed variables. */
export async function contactVariableNames(db: Db, tenantId: number): Promise<string[]> {
  return listContactVariableNames(db, tenantId);
}
