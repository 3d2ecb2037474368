import type { Db } from '../../../platform/db/client.js';
import type { Actor } from '../../auth/actor.js';
import { findUserById } from '../users.repository.js';

/**
 * A user of the tenant as the actor they would be, with their name: for work done on their behalf
 * outside a request (e.g. checking what a mentioned user may see). No session: sessionId is empty.
 */
export async function findUserAsActor(db: Db, tenantId: number, userId: number): Promise<{ actor: Actor; name: string } | undefined> {
  const user = await findUserById(db, tenantId, userId);
  if (!user) return undefined;
  return { actor: { userId: user.id, tenantId, profile: user.profile, sessionId: '' }, name: user.name };
}
