import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { errorResponses } from '../../../../platform/http/responses.js';
import { findChannelByPublicKey, type ChannelRow } from '../../channels.repository.js';
import { ingestTelegramUpdate } from './telegram.inbound.js';
import {
  telegramUpdateSchema,
  webhookAnswerSchema,
  webhookHeadersSchema,
  webhookParamsSchema,
  type TelegramSettings,
} from './telegram.schemas.js';
import { readTelegramSettings, secretMatches } from './telegram.settings.js';

const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/**
 * POST /webhooks/telegram/:publicKey — the Update Telegram delivers to the URL given to
 * setWebhook. The secret-token header is checked (timing-safe) before the body is even parsed;
 * the answer comes after the message is committed, so a failure makes Telegram deliver it again,
 * and a redelivery is a no-op.
 */
export function telegramWebhookRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const verified = new WeakMap<FastifyRequest, { channel: ChannelRow; settings: TelegramSettings }>();

    app.post('/:publicKey', {
      config: { auth: 'public' },
      schema: {
        tags: ['webhooks'],
        description:
          'Telegram Bot API webhook (setWebhook with secret_token): the X-Telegram-Bot-Api-Secret-Token header must carry the channel secret.',
        params: webhookParamsSchema,
        headers: webhookHeadersSchema,
        body: telegramUpdateSchema,
        response: { 200: webhookAnswerSchema, ...errorResponses },
      },
      onRequest: async (request) => {
        const { publicKey } = request.params as { publicKey?: string };
        const parsedKey = webhookParamsSchema.safeParse({ publicKey });
        if (!parsedKey.success) throw new AppError('ERR_VALIDATION', 'Not a channel key.', { publicKey: ['Not a channel key'] });
        const channel = await findChannelByPublicKey(ctx.db, parsedKey.data.publicKey);
        if (!channel || channel.type !== 'telegram') throw new AppError('ERR_NO_WAPP_FOUND');
        const header = request.headers[SECRET_HEADER];
        let settings: TelegramSettings;
        try {
          settings = readTelegramSettings(ctx, channel);
        } catch {
          throw new AppError('ERR_NO_PERMISSION', 'Invalid webhook secret.');
        }
        if (!secretMatches(settings.webhookSecret, typeof header === 'string' ? header : undefined)) {
          throw new AppError('ERR_NO_PERMISSION', 'Invalid webhook secret.');
        }
        verified.set(request, { channel, settings });
      },
      handler: async (request) => {
        const found = verified.get(request);
        if (!found) throw new AppError('ERR_NO_PERMISSION', 'Invalid webhook secret.');
        await ingestTelegramUpdate(ctx, found.channel, found.settings, request.body);
        return { ok: true as const };
      },
    });
  };
}
