import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { authenticateSecretPathWebhook } from '../secret-path-webhook.js';
import { errorResponses } from '../../../../platform/http/responses.js';
import { EvolutionUnavailableError } from './evolution.client.js';
import { handleEvolutionEvent } from './evolution.inbound.js';
import { evolutionSettingsSchema, evolutionWebhookBodySchema, evolutionWebhookParamsSchema, evolutionWebhookResponseSchema } from './evolution.schemas.js';

/** Media arrive inline (webhook base64): room for a 16 MB file, base64-encoded, plus the envelope. */
const WEBHOOK_BODY_LIMIT = 24 * 1024 * 1024;

/**
 * Evolution API's webhook (mounted at /webhooks/evolution): POST /{publicKey}/{webhookSecret}.
 * Answers 200 only after the event is committed; Evolution may deliver an event again, and the
 * (channel, message id) unique index makes the repeat a no-op.
 */
export const evolutionWebhookRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.decorateRequest('webhookChannel', null);

    app.post('/:publicKey/:secret', {
      config: { auth: 'public' },
      // The path holds the webhook secret: keep it out of the per-request access log lines.
      logLevel: 'warn',
      bodyLimit: WEBHOOK_BODY_LIMIT,
      onRequest: authenticateSecretPathWebhook(ctx, 'evolution', evolutionWebhookParamsSchema, evolutionSettingsSchema),
      schema: {
        tags: ['webhooks'],
        description:
          "Evolution API's instance webhook (set by the channel's start, byEvents false, base64 true). The path carries the channel's public key and its webhook secret; a wrong secret is refused (401) before the body is read.",
        params: evolutionWebhookParamsSchema,
        body: evolutionWebhookBodySchema,
        response: { 200: evolutionWebhookResponseSchema, ...errorResponses },
      },
      handler: async (request) => {
        const channel = request.webhookChannel;
        if (!channel) throw new AppError('ERR_INVALID_TOKEN');
        try {
          return { received: true as const, outcome: await handleEvolutionEvent(ctx, channel, request.body) };
        } catch (error) {
          // Evolution itself is down while we fetch a media: ask for the delivery again later.
          if (error instanceof EvolutionUnavailableError) throw new AppError('ERR_NOT_READY', 'The Evolution server did not answer; deliver the event again later.');
          throw error;
        }
      },
    });
  };
