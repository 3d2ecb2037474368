/** Request and answer schemas of the notification routes: in @conversa/shared (the web app uses the same ones). */
export {
  broadcastSchema,
  createBroadcastBodySchema,
  listNotificationsResponseSchema,
  notificationSchema,
  unreadNotificationsSchema,
} from '@conversa/shared';
