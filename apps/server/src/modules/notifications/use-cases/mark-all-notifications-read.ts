import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import type { Actor } from '../../auth/actor.js';
import { markAllRead } from '../notifications.repository.js';

/** Marks every notification of the actor read. */
export async function markAllNotificationsRead(ctx: AppContext, actor: Actor): Promise<number> {
  const { tenantId, userId } = actor;
  return transact(ctx, async (tx, events) => {
    if ((await markAllRead(tx, tenantId, userId)) > 0) events.push({ type: 'notifications.changed', tenantId, userIds: [userId] });
    return 0;
  });
}
