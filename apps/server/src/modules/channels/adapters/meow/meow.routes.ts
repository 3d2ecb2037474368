import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { authenticateSecretPathWebhook } from '../secret-path-webhook.js';
import { errorResponses } from '../../../../platform/http/responses.js';
import { MeowUnavailableError } from './meow.client.js';
import { handleMeowEvent, meowEventOf } from './meow.inbound.js';
import { meowSettingsSchema, meowWebhookBodySchema, meowWebhookParamsSchema, meowWebhookResponseSchema } from './meow.schemas.js';

/** Media arrive inline (base64): room for a 16 MB file, base64-encoded and form-encoded, plus the event. */
const WEBHOOK_BODY_LIMIT = 40 * 1024 * 1024;

/**
 * WuzAPI's webhook (mounted at /webhooks/meow): POST /{publicKey}/{webhookSecret}, form-encoded
 * (WEBHOOK_FORMAT=form, WuzAPI's default) or JSON. Answers 200 only after the event is committed;
 * a repeated delivery is a no-op by the (channel, message id) unique index.
 */
export const meowWebhookRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.decorateRequest('webhookChannel', null);
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    app.post('/:publicKey/:secret', {
      config: { auth: 'public' },
      // The path holds the webhook secret: keep it out of the per-request access log lines.
      logLevel: 'warn',
      bodyLimit: WEBHOOK_BODY_LIMIT,
      onRequest: authenticateSecretPathWebhook(ctx, 'meow', meowWebhookParamsSchema, meowSettingsSchema),
      schema: {
        tags: ['webhooks'],
        description:
          "WuzAPI's user webhook (set by the channel's start). Form fields jsonData + token (WEBHOOK_FORMAT=form) or the event as JSON. The path carries the channel's public key and its webhook secret; a wrong secret is refused (401) before the body is read.",
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        params: meowWebhookParamsSchema,
        body: meowWebhookBodySchema,
        response: { 200: meowWebhookResponseSchema, ...errorResponses },
      },
      handler: async (request) => {
        const channel = request.webhookChannel;
        if (!channel) throw new AppError('ERR_INVALID_TOKEN');
        try {
          return { received: true as const, outcome: await handleMeowEvent(ctx, channel, meowEventOf(request.body)) };
        } catch (error) {
          if (error instanceof MeowUnavailableError) throw new AppError('ERR_NOT_READY', 'The WuzAPI server did not answer; deliver the event again later.');
          throw error;
        }
      },
    });
  };
