import { notificationContentSchema, notificationMessage, type AppNotification, type Broadcast, type Language } from '@conversa/shared';
import type { BroadcastRow, NotificationRow } from './notifications.repository.js';

/**
 * A notification for its reader: `message` always says it — a kind's words in the reader's language
 * (the web app's own, notification-texts.ts), or the stored text of a broadcast or an older row.
 */
export function presentNotification(row: NotificationRow, language: Language): AppNotification {
  const parsed = row.kind ? notificationContentSchema.safeParse({ kind: row.kind, params: row.params }) : null;
  const content = parsed?.success ? parsed.data : null;
  return {
    id: row.id,
    message: notificationMessage(language, { message: row.message, content }),
    content,
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
