import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { countUnread, markRead } from '../notifications.repository.js';

/** Marks one of the actor's notifications read (another user's is not found). Answers the unread count left. */
export async function markNotificationRead(ctx: AppContext, actor: Actor, id: number): Promise<number> {
  const { tenantId, userId } = actor;
  return transact(ctx, async (tx, events) => {
    if (!(await markRead(tx, tenantId, userId, id))) throw new AppError('ERR_NO_NOTIFICATION_FOUND');
    events.push({ type: 'notifications.changed', tenantId, userIds: [userId] });
    return countUnread(tx, tenantId, userId);
  });
}
