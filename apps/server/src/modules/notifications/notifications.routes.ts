import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@conversa/shared';
import type { AppContext } from '../../app-context.js';
import { answerLanguage } from '../../platform/http/page-locale.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { presentBroadcast, presentNotification } from './notifications.presenter.js';
import {
  broadcastSchema,
  createBroadcastBodySchema,
  listNotificationsResponseSchema,
  unreadNotificationsSchema,
} from './notifications.schemas.js';
import { listBroadcasts } from './use-cases/list-broadcasts.js';
import { countUnreadNotifications } from './use-cases/count-unread-notifications.js';
import { listNotifications } from './use-cases/list-notifications.js';
import { markAllNotificationsRead } from './use-cases/mark-all-notifications-read.js';
import { markNotificationRead } from './use-cases/mark-notification-read.js';
import { sendBroadcast } from './use-cases/send-broadcast.js';

const tags = ['notifications'];

/** The bell of every user (their own notifications) and the platform superadmin's broadcasts (/notificacao). */
export const notificationsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/notifications', {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          "The signed-in user's most recent notifications (newest first) and how many are unread. Each one's `message` is worded in the Accept-Language's language (pt, en, es, de, fr, it, pl or ru; pt otherwise) when the notification is of a kind (`content`), or is the text it was sent with.",
        response: { 200: listNotificationsResponseSchema, ...errorResponses },
      },
      handler: async (request, reply) => {
        const language = answerLanguage(request, reply);
        const { notifications, unread } = await listNotifications(ctx, actorOf(request));
        return { notifications: notifications.map((row) => presentNotification(row, language)), unread };
      },
    });

    app.get('/notifications/unread', {
      config: { auth: 'user' },
      schema: {
        tags,
        description: 'How many of the signed-in user’s notifications are unread.',
        response: { 200: unreadNotificationsSchema, ...errorResponses },
      },
      handler: async (request) => ({ unread: await countUnreadNotifications(ctx, actorOf(request)) }),
    });

    app.put('/notifications/:id/read', {
      config: { auth: 'user' },
      schema: { tags, params: idParamSchema, response: { 200: unreadNotificationsSchema, ...errorResponses } },
      handler: async (request) => ({ unread: await markNotificationRead(ctx, actorOf(request), request.params.id) }),
    });

    app.put('/notifications/read-all', {
      config: { auth: 'user' },
      schema: { tags, response: { 200: unreadNotificationsSchema, ...errorResponses } },
      handler: async (request) => ({ unread: await markAllNotificationsRead(ctx, actorOf(request)) }),
    });

    app.get('/notifications/broadcasts', {
      config: { auth: 'platform' },
      schema: {
        tags,
        description: 'What the platform superadmin sent, newest first.',
        response: { 200: z.array(broadcastSchema), ...errorResponses },
      },
      handler: async (request) => (await listBroadcasts(ctx, actorOf(request))).map(presentBroadcast),
    });

    app.post('/notifications/broadcasts', {
      config: { auth: 'platform' },
      schema: {
        tags,
        description:
          'Notifies every user of one tenant (tenantId), or of every tenant (tenantId null). Platform superadmin of tenant 1 only.',
        body: createBroadcastBodySchema,
        response: { 201: broadcastSchema, ...errorResponses },
      },
      handler: async (request, reply) => reply.status(201).send(presentBroadcast(await sendBroadcast(ctx, actorOf(request), request.body))),
    });
  };
