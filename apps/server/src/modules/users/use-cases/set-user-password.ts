import type { Db } from '../../../platform/db/client.js';
import { updateUser } from '../users.repository.js';

/** A user's new password (its hash), in the caller's transaction (a password reset; the caller ends the sessions). */
export async function setUserPassword(tx: Db, tenantId: number, userId: number, passwordHash: string): Promise<void> {
  await updateUser(tx, tenantId, userId, { passwordHash });
}
