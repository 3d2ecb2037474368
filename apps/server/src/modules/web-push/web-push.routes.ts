import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { WEB_PUSH_AUTH } from './web-push.policy.js';
import { presentPushSubscription } from './web-push.presenter.js';
import {
  pushConfigSchema,
  pushRenewBodySchema,
  pushSubscriptionBodySchema,
  pushSubscriptionSchema,
  pushUnsubscribeBodySchema,
} from './web-push.schemas.js';
import { getPushConfig } from './use-cases/get-push-config.js';
import { listPushSubscriptions } from './use-cases/list-push-subscriptions.js';
import { renewPushSubscription } from './use-cases/renew-push-subscription.js';
import { subscribePush } from './use-cases/subscribe-push.js';
import { unsubscribePush } from './use-cases/unsubscribe-push.js';

const tags = ['push'];
const config = { auth: WEB_PUSH_AUTH };

/**
 * Web push (SPEC §7 service worker): the server's VAPID public key and the signed-in user's browser
 * subscriptions. Pushes go out for new customer messages of channels with "web push" on, for
 * mentions and for transfers, to users with no Conversa tab connected, each worded in its
 * subscription's language (listeners/push-new-messages.ts).
 */
export const webPushRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/push/config', {
      config,
      schema: {
        tags,
        description:
          "The application server key (VAPID public key, base64url) a browser subscribes with (PushManager.subscribe's applicationServerKey).",
        response: { 200: pushConfigSchema, ...errorResponses },
      },
      handler: async () => getPushConfig(ctx),
    });

    app.get('/push/subscriptions', {
      config,
      schema: {
        tags,
        description: "The signed-in user's browsers that get pushes.",
        response: { 200: z.array(pushSubscriptionSchema), ...errorResponses },
      },
      handler: async (request) => (await listPushSubscriptions(ctx, actorOf(request))).map(presentPushSubscription),
    });

    app.post('/push/subscriptions', {
      config,
      schema: {
        tags,
        description:
          "This browser's push subscription (PushSubscription.toJSON(): endpoint, keys.p256dh, keys.auth) for the signed-in user, and `language` (pt, en, es, de, fr, it, pl or ru), which its pushes are worded in: posted again when the user changes language; omitted, a new subscription's is pt and a known one keeps its own. A browser already subscribed by another user moves to this one. The endpoint must be https and pass the outbound address policy.",
        body: pushSubscriptionBodySchema,
        response: { 201: pushSubscriptionSchema, ...errorResponses },
      },
      handler: async (request, reply) => {
        const row = await subscribePush(ctx, actorOf(request), request.body, request.headers['user-agent'] ?? null);
        return reply.status(201).send(presentPushSubscription(row));
      },
    });

    app.post('/push/subscriptions/renew', {
      // The service worker calls it without a session: the old subscription's secret is the proof.
      config: { auth: 'public' },
      schema: {
        tags,
        description:
          "The service worker's pushsubscriptionchange: replaces the old endpoint with the browser's new subscription, for the same user. Authenticated by the old endpoint and its `auth` secret (404 ERR_NO_PUSH_SUBSCRIPTION_FOUND otherwise). The new endpoint must be https and pass the outbound address policy.",
        body: pushRenewBodySchema,
        response: { 204: z.null(), ...errorResponses },
      },
      handler: async (request, reply) => {
        await renewPushSubscription(ctx, request.body);
        return reply.status(204).send(null);
      },
    });

    app.delete('/push/subscriptions', {
      config,
      schema: {
        tags,
        description:
          "This browser stops getting the signed-in user's pushes (body: its endpoint). 404 ERR_NO_PUSH_SUBSCRIPTION_FOUND when it had none.",
        body: pushUnsubscribeBodySchema,
        response: { 204: z.null(), ...errorResponses },
      },
      handler: async (request, reply) => {
        await unsubscribePush(ctx, actorOf(request), request.body.endpoint);
        return reply.status(204).send(null);
      },
    });
  };
