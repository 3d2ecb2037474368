import { NOTIFICATIONS_PAGE_SIZE } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { countUnread, listUserNotifications, type NotificationRow } from '../notifications.repository.js';

/** The actor's most recent notifications and their unread count. */
export async function listNotifications(ctx: AppContext, actor: Actor): Promise<{ notifications: NotificationRow[]; unread: number }> {
  const [notifications, unread] = await Promise.all([
    listUserNotifications(ctx.db, actor.tenantId, actor.userId, NOTIFICATIONS_PAGE_SIZE),
    countUnread(ctx.db, actor.tenantId, actor.userId),
  ]);
  return { notifications, unread };
}
