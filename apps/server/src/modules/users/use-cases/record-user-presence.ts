import type { Db } from '../../../platform/db/client.js';
import { updateUser } from '../users.repository.js';

/** The user signed in (online) or out (offline), in the caller's transaction: what the agents' lists show. */
export async function recordUserPresence(tx: Db, tenantId: number, userId: number, isOnline: boolean): Promise<void> {
  await updateUser(tx, tenantId, userId, { isOnline, lastOnline: new Date() });
}
