import { z } from 'zod';
import { refIdSchema } from '../contracts.js';
import { SOCKET_EVENTS } from '../enums.js';

/**
 * Notifications (SPEC §3 Notification: message, user, isRead, date): one row per recipient; a bell
 * with the unread count; the platform superadmin sends one to every user of every tenant or of one
 * tenant (/notificacao). Task reminders and mentions arrive the same way.
 */

export const NOTIFICATION_MESSAGE_MAX = 1_000;
export const NOTIFICATIONS_PAGE_SIZE = 30;

/**
 * What the platform notifies about, stored as a kind and its params (never as text), so each
 * reader's app words it in their own language (notification-texts.ts).
 */
export const notificationContentSchema = z.discriminatedUnion('kind', [
  /** The owner's reminder on a task's limit date. */
  z.object({ kind: z.literal('task.reminder'), params: z.object({ task: z.string() }) }),
  /** A user @mentioned in an internal note: who wrote it (null: a user since removed) and the note's start. */
  z.object({ kind: z.literal('note.mention'), params: z.object({ author: z.string().nullable(), excerpt: z.string() }) }),
]);
export type NotificationContent = z.infer<typeof notificationContentSchema>;
export type NotificationKind = NotificationContent['kind'];

export const notificationSchema = z.object({
  id: z.number().int(),
  /**
   * What it says, always: the text a broadcast's sender typed (or an older notification's); for one
   * with `content`, its kind's words (notification-texts.ts) in the caller's Accept-Language (pt by default).
   */
  message: z.string(),
  /** A notification of the platform's own (a reminder, a mention): its kind and params; null for a text. */
  content: notificationContentSchema.nullable(),
  /** An app path to open (e.g. `/tarefas?task=12`), or null. */
  link: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

/** GET /notifications: the user's recent notifications and how many are unread. */
export const listNotificationsResponseSchema = z.object({ notifications: z.array(notificationSchema), unread: z.number().int() });
export type NotificationList = z.infer<typeof listNotificationsResponseSchema>;

export const unreadNotificationsSchema = z.object({ unread: z.number().int() });

/** POST /notifications/broadcasts (platform superadmin): to every user of one tenant, or of all (tenantId null). */
export const createBroadcastBodySchema = z.object({
  message: z.string().trim().min(1).max(NOTIFICATION_MESSAGE_MAX),
  tenantId: refIdSchema.nullable(),
});
export type CreateBroadcastBody = z.input<typeof createBroadcastBodySchema>;

export const broadcastSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  /** The tenant it went to, null for all tenants. */
  tenantId: z.number().int().nullable(),
  tenantName: z.string().nullable(),
  recipients: z.number().int(),
  sender: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Broadcast = z.infer<typeof broadcastSchema>;

/** The socket event the bell listens to: the user's unread count when known, a refresh otherwise. */
export const notificationPushSchema = z.object({ unread: z.number().int().optional() });
export type NotificationPush = z.infer<typeof notificationPushSchema>;
export const NOTIFICATION_EVENT = SOCKET_EVENTS.notification;
