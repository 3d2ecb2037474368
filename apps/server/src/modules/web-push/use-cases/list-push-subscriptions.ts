import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { listUserPushSubscriptions, type PushSubscriptionRow } from '../web-push.repository.js';

/** The user's own browsers that get pushes (GET /push/subscriptions). */
export async function listPushSubscriptions(ctx: AppContext, actor: Actor): Promise<PushSubscriptionRow[]> {
  return listUserPushSubscriptions(ctx.db, actor.tenantId, actor.userId);
}
