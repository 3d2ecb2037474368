import type { AppContext } from '../../../app-context.js';
import { updateUser } from '../../users/users.repository.js';
import type { Actor } from '../actor.js';
import { revokeRefreshFamily } from '../auth.repository.js';

/** Ends the session of the access token used: its refresh family is revoked, so neither token works any more. */
export async function logout(ctx: AppContext, actor: Actor): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await revokeRefreshFamily(tx, actor.sessionId);
    await updateUser(tx, actor.tenantId, actor.userId, { isOnline: false, lastOnline: new Date() });
  });
}
