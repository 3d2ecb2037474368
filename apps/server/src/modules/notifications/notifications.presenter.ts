import { notificationContentSchema, type AppNotification, type Broadcast } from '@conversa/shared';
import type { BroadcastRow, NotificationRow } from './notifications.repository.js';

export function presentNotification(row: NotificationRow): AppNotification {
  const parsed = row.kind ? notificationContentSchema.safeParse({ kind: row.kind, params: row.params }) : null;
  return {
    id: row.id,
    message: row.message,
    content: parsed?.success ? parsed.data : null,
    link: row.link,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentBroadcast(row: BroadcastRow): Broadcast {
  return {
    id: row.id,
    message: row.message,
    tenantId: row.targetTenantId,
    tenantName: row.tenantName,
    recipients: row.recipients,
    sender: row.senderId !== null ? { id: row.senderId, name: row.senderName ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
  };
}
