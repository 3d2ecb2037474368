import type { ChannelType } from '@conversa/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { errorResponses } from '../../../platform/http/responses.js';
import { sameSecret } from '../../../platform/http/same-secret.js';
import { findChannelByPublicKey, type ChannelRow } from '../channels.repository.js';
import { channelSettings } from '../channel-secrets.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The channel a secret-path webhook authenticated as (set by its onRequest hook). */
    webhookChannel: ChannelRow | null;
  }
}

/**
 * For providers that do not sign their webhooks (Evolution, WuzAPI): the path names the channel
 * (public key) and carries its webhook secret, checked timing-safe before the body is read.
 * Anything else (unknown key, another type, wrong secret) is the same 401.
 */
export function authenticateSecretPathWebhook(
  ctx: AppContext,
  type: ChannelType,
  paramsSchema: z.ZodType<{ publicKey: string; secret: string }>,
  settingsSchema: z.ZodType<{ webhookSecret?: string }>,
) {
  return async (request: FastifyRequest) => {
    const params = paramsSchema.safeParse(request.params);
    const channel = params.success ? await findChannelByPublicKey(ctx.db, params.data.publicKey) : undefined;
    const settings = channel?.type === type ? settingsSchema.safeParse(channelSettings(ctx, channel)) : undefined;
    const expected = settings?.success ? settings.data.webhookSecret : undefined;
    if (!sameSecret(params.success ? params.data.secret : '', expected) || !channel) {
      throw new AppError('ERR_INVALID_TOKEN', 'Unknown channel or wrong webhook secret.');
    }
    request.webhookChannel = channel;
  };
}

export const secretPathWebhookParamsSchema = z.object({
  publicKey: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a channel key.'),
  secret: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'Not a webhook secret.'),
});

const webhookResponseSchema = z.object({ received: z.literal(true), outcome: z.string() });

/** One provider's secret-path webhook: what differs from one provider to the next. */
export interface SecretPathWebhook<Body> {
  type: ChannelType;
  settingsSchema: z.ZodType<{ webhookSecret?: string }>;
  bodySchema: z.ZodType<Body>;
  description: string;
  /** Room for inline media (base64) where the provider sends them in the event. */
  bodyLimit?: number;
  /** Also take `application/x-www-form-urlencoded` bodies (as an object of their fields). */
  acceptForm?: boolean;
  /** Stores the event (through ingestInbound / applyProviderStatus); answers what was done. */
  handle(ctx: AppContext, channel: ChannelRow, body: Body): Promise<string>;
  /** The provider's own "could not fetch, try later" error: answered 503 so that it delivers again. */
  unavailable?: { error: abstract new (...args: never[]) => Error; message: string };
}

/**
 * POST /{publicKey}/{webhookSecret} for a provider that does not sign its webhooks: authenticated
 * before the body is read, answered 200 only after the event is committed (a repeated delivery is a
 * no-op by the (channel, message id) unique index).
 */
export function secretPathWebhookRoutes<Body>(ctx: AppContext, webhook: SecretPathWebhook<Body>): FastifyPluginAsyncZod {
  return async (app) => {
    app.decorateRequest('webhookChannel', null);
    if (webhook.acceptForm) {
      app.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: webhook.bodyLimit },
        (_request, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(body as string)));
        },
      );
    }

    app.post('/:publicKey/:secret', {
      config: { auth: 'public' },
      // The path holds the webhook secret: keep it out of the per-request access log lines.
      logLevel: 'warn',
      ...(webhook.bodyLimit ? { bodyLimit: webhook.bodyLimit } : {}),
      onRequest: authenticateSecretPathWebhook(ctx, webhook.type, secretPathWebhookParamsSchema, webhook.settingsSchema),
      schema: {
        tags: ['webhooks'],
        description: `${webhook.description} The path carries the channel's public key and its webhook secret; a wrong secret is refused (401) before the body is read.`,
        ...(webhook.acceptForm ? { consumes: ['application/json', 'application/x-www-form-urlencoded'] } : {}),
        params: secretPathWebhookParamsSchema,
        body: webhook.bodySchema,
        response: { 200: webhookResponseSchema, ...errorResponses },
      },
      handler: async (request) => {
        const channel = request.webhookChannel;
        if (!channel) throw new AppError('ERR_INVALID_TOKEN');
        try {
          return { received: true as const, outcome: await webhook.handle(ctx, channel, request.body as Body) };
        } catch (error) {
          if (webhook.unavailable && error instanceof webhook.unavailable.error)
            throw new AppError('ERR_NOT_READY', webhook.unavailable.message);
          throw error;
        }
      },
    });
  };
}
