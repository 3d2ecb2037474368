import {
  webhookDeliveryPageSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
} from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { presentWebhookDelivery } from './webhooks.presenter.js';
import { WEBHOOK_DELIVERIES_AUTH } from './webhooks.policy.js';
import { listWebhookDeliveries } from './use-cases/list-webhook-deliveries.js';
import { resendWebhookDelivery } from './use-cases/resend-webhook-delivery.js';

const tags = ['api-config'];
const config = { auth: WEBHOOK_DELIVERIES_AUTH };

/** What every delivery is, told once in the OpenAPI document (the settings tab says the same). */
export const WEBHOOK_CONTRACT = [
  "Each active API configuration with a webhook URL receives the company's events as POST requests with a JSON body",
  '{ id, type, tenantId, createdAt, data }: types message.received, message.sent, message.ack, ticket.created,',
  'ticket.status_changed, ticket.transferred, contact.created. Headers: X-Conversa-Event (the type), X-Conversa-Event-Id',
  '(the id: receivers dedupe by it, delivery is at least once), X-Conversa-Timestamp (Unix seconds) and',
  'X-Conversa-Signature: sha256=<hex HMAC-SHA256 keyed with the webhook secret of the text timestamp + "." + raw body>.',
  'Verify by computing the same HMAC over the raw body bytes as received (before any JSON parsing) and comparing in constant time.',
  "A 2xx answer delivers; anything else (or no answer within 10 s) is retried with exponential backoff for 24 h, then failed. A ticket's",
  'events are delivered in order: one waits until the earlier one is delivered or failed.',
].join(' ');

/** The delivery log of an API configuration's webhook and its "resend" action. */
export const webhooksRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api-config/:apiId/webhook-deliveries', {
      config,
      schema: {
        tags,
        description: `A page of the configuration's webhook deliveries, newest first, optionally of one state (pending, delivered, failed). ${WEBHOOK_CONTRACT}`,
        params: webhookDeliveryParamsSchema.pick({ apiId: true }),
        querystring: webhookDeliveryQuerySchema,
        response: { 200: webhookDeliveryPageSchema, ...errorResponses },
      },
      handler: async (request) => {
        const page = await listWebhookDeliveries(ctx, actorOf(request), request.params.apiId, request.query);
        return { deliveries: page.deliveries.map(presentWebhookDelivery), hasMore: page.hasMore };
      },
    });

    app.post('/api-config/:apiId/webhook-deliveries/:deliveryId/resend', {
      config,
      schema: {
        tags,
        description:
          'Sends a delivery again: it becomes pending, due now, with a new 24 h retry window (it still waits for an earlier pending event of its ticket). Answers the delivery.',
        params: webhookDeliveryParamsSchema,
        response: { 200: webhookDeliverySchema, ...errorResponses },
      },
      handler: async (request) =>
        presentWebhookDelivery(await resendWebhookDelivery(ctx, actorOf(request), request.params.apiId, request.params.deliveryId)),
    });
  };
