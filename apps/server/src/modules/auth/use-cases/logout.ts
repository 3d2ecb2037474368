import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { recordUserPresence } from '../../users/use-cases/record-user-presence.js';
import type { Actor } from '../actor.js';
import { revokeRefreshFamily } from '../auth.repository.js';

/**
 * Ends the session of the access token used: its refresh family is revoked, so neither token works
 * any more, and that session's sockets are dropped (the user's other sessions go on).
 */
export async function logout(ctx: AppContext, actor: Actor): Promise<void> {
  await transact(ctx, async (tx, events) => {
    await revokeRefreshFamily(tx, actor.sessionId);
    await recordUserPresence(tx, actor.tenantId, actor.userId, false);
    events.push({ type: 'access.revoked', tenantId: actor.tenantId, sessionId: actor.sessionId });
  });
}
