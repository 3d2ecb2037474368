import type { Db } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/http/app-error.js';
import { countUsersOfTenant } from '../notes.repository.js';

/** Mentions name users of the note's tenant: another tenant's user is as unknown as a missing one. */
export async function assertMentionsOfTenant(db: Db, tenantId: number, userIds: number[]): Promise<void> {
  if ((await countUsersOfTenant(db, tenantId, userIds)) !== userIds.length) throw new AppError('ERR_NO_USER_FOUND');
}
