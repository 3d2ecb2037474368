import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { deleteUserPushSubscription } from '../web-push.repository.js';

/** DELETE /push/subscriptions: this browser stops getting the user's pushes (switched off, or signing out). */
export async function unsubscribePush(ctx: AppContext, actor: Actor, endpoint: string): Promise<void> {
  if (!(await deleteUserPushSubscription(ctx.db, actor.tenantId, actor.userId, endpoint)))
    throw new AppError('ERR_NO_PUSH_SUBSCRIPTION_FOUND');
}
