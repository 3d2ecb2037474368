import { NOTIFICATION_EVENT, type NotificationPush } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import type { Realtime } from '../../../platform/realtime/realtime.js';
import { rooms } from '../../../platform/realtime/rooms.js';
import { AGENTS_NAMESPACE } from '../../users/agent-sockets.js';
import { countUnreadByUser } from '../notifications.repository.js';

/** Above this many recipients of one change, their bells are told to refresh instead of each getting its count. */
const COUNTS_PER_PUSH = 500;

/**
 * The bell, live: each notified user's room gets their unread count; a broadcast to a whole tenant
 * tells the tenant's room to refresh (every user's count differs, each bell reads its own).
 */
export function pushNotifications(ctx: AppContext, realtime: Realtime): void {
  const emit = (room: string, payload: NotificationPush) => realtime.emit(AGENTS_NAMESPACE, [room], NOTIFICATION_EVENT, payload);
  ctx.events.subscribe(async (event: DomainEvent) => {
    if (event.type !== 'notifications.changed') return;
    if (!event.userIds || event.userIds.length > COUNTS_PER_PUSH) {
      emit(rooms.tenant(event.tenantId), {});
      return;
    }
    const counts = await countUnreadByUser(ctx.db, event.tenantId, event.userIds);
    for (const userId of event.userIds) emit(rooms.user(event.tenantId, userId), { unread: counts.get(userId) ?? 0 });
  });
}
