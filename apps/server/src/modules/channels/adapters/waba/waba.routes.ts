import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ApiErrorBody } from '@conversa/shared';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { intakeCallback } from '../../../messages/callback-intake.js';
import { findChannelByPublicKey, listChannels, type ChannelRow } from '../../channels.repository.js';
import { handleNotification, RetryableInboundError, type ChannelTarget } from './waba.inbound.js';
import { wabaSettingsSchema, webhookNotificationSchema, type WabaSettings } from './waba.schemas.js';
import { channelSettings } from '../../channel-secrets.js';

const paramsSchema = z.object({ publicKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });
const verifyQuerySchema = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(256).optional(),
  'hub.challenge': z.string().max(256).optional(),
});

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** X-Hub-Signature-256: `sha256=` and the HMAC-SHA256 of the raw body with the app secret. */
export function validSignature(rawBody: Buffer, header: string | string[] | undefined, appSecret: string): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest('hex');
  return sameSecret(header.slice(7).toLowerCase(), expected);
}

/** The WABA channel of a webhook URL with its settings; unknown keys and other types are 404. */
async function channelOf(ctx: AppContext, publicKey: string): Promise<{ channel: ChannelRow; settings: WabaSettings }> {
  const channel = await findChannelByPublicKey(ctx.db, publicKey);
  if (!channel || channel.type !== 'waba') throw new AppError('ERR_NO_WAPP_FOUND', 'No WhatsApp Cloud API channel has this webhook URL.');
  const settings = wabaSettingsSchema.safeParse(channelSettings(ctx, channel));
  if (!settings.success) throw new AppError('ERR_WAPP_NOT_INITIALIZED', "The channel's WABA settings are incomplete.");
  return { channel, settings: settings.data };
}

/**
 * The Cloud API webhook of each WABA channel, at /webhooks/waba/{publicKey} (the channel's public
 * key): the GET subscription handshake, and the POSTed notifications, whose signature is checked
 * on the raw bytes before anything is parsed or stored. It answers 200 only after the messages
 * and statuses are committed; otherwise Meta delivers the notification again (deduplicated by wamid).
 */
export const wabaWebhookRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    // Here only (this plugin's scope): JSON bodies stay raw bytes, for the signature.
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    app.get('/:publicKey', { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
      const params = paramsSchema.safeParse(request.params);
      if (!params.success) throw new AppError('ERR_NO_WAPP_FOUND', 'No WhatsApp Cloud API channel has this webhook URL.');
      const query = verifyQuerySchema.safeParse(request.query);
      const { channel, settings } = await channelOf(ctx, params.data.publicKey);
      const mode = query.success ? query.data['hub.mode'] : undefined;
      const token = query.success ? query.data['hub.verify_token'] : undefined;
      const challenge = query.success ? query.data['hub.challenge'] : undefined;
      if (mode !== 'subscribe' || token === undefined || !sameSecret(token, settings.verifyToken)) {
        ctx.logger.warn({ channelId: channel.id, mode }, 'WABA webhook verification refused');
        throw new AppError(
          'ERR_NO_PERMISSION',
          'Webhook verification failed: hub.mode must be subscribe and hub.verify_token must match the channel.',
        );
      }
      if (!challenge || !/^[A-Za-z0-9._-]+$/.test(challenge))
        throw new AppError('ERR_VALIDATION', 'hub.challenge is missing or not plain text.', { 'hub.challenge': ['Invalid'] });
      return reply
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(challenge);
    });

    // Counted from its arrival until answered: a reconciliation never outruns a status already here.
    app.post('/:publicKey', { config: { auth: 'public' }, schema: { hide: true } }, (request, reply) =>
      intakeCallback(async () => {
        const params = paramsSchema.safeParse(request.params);
        if (!params.success) throw new AppError('ERR_NO_WAPP_FOUND', 'No WhatsApp Cloud API channel has this webhook URL.');
        const { channel, settings } = await channelOf(ctx, params.data.publicKey);
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!validSignature(raw, request.headers['x-hub-signature-256'], settings.appSecret)) {
          ctx.logger.warn({ channelId: channel.id }, 'WABA webhook with a missing or wrong signature refused');
          throw new AppError(
            'ERR_NO_PERMISSION',
            'Invalid or missing X-Hub-Signature-256: the body is not signed with the app secret of this channel.',
          );
        }
        // A stopped channel takes nothing in; Meta keeps the notifications and delivers them again later.
        if (channel.status !== 'connected')
          throw new AppError('ERR_WAPP_NOT_INITIALIZED', 'The channel is not connected; start it to receive messages.');
        let json: unknown;
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new AppError('ERR_VALIDATION', 'The request body is not valid JSON.');
        }
        const notification = webhookNotificationSchema.safeParse(json);
        if (!notification.success)
          throw new AppError('ERR_VALIDATION', 'Not a WhatsApp Cloud API notification.', {
            body: notification.error.issues.slice(0, 5).map((i) => i.path.join('.')),
          });

        const siblings = new Map<string, ChannelTarget>([[settings.phoneNumberId, { channel, settings }]]);
        const others = notification.data.entry.some((e) =>
          e.changes.some((c) => c.value.metadata?.phone_number_id !== settings.phoneNumberId),
        );
        if (others) {
          // One Meta app has one webhook URL: its other numbers reach the tenant's channels of those numbers (same app secret).
          for (const row of await listChannels(ctx.db, channel.tenantId)) {
            const parsed =
              row.type === 'waba' && row.status === 'connected' ? wabaSettingsSchema.safeParse(channelSettings(ctx, row)) : undefined;
            if (parsed?.success && parsed.data.appSecret === settings.appSecret && !siblings.has(parsed.data.phoneNumberId)) {
              siblings.set(parsed.data.phoneNumberId, { channel: row, settings: parsed.data });
            }
          }
        }
        try {
          const summary = await handleNotification(ctx, notification.data, (phoneNumberId) =>
            phoneNumberId ? siblings.get(phoneNumberId) : undefined,
          );
          if (summary.skipped.length)
            ctx.logger.info({ channelId: channel.id, skipped: summary.skipped }, 'WABA notification: items skipped');
          return reply.status(200).send(summary);
        } catch (error) {
          if (!(error instanceof RetryableInboundError)) throw error;
          const body: ApiErrorBody = {
            error: 'ERR_WAPP_DOWNLOAD_MEDIA',
            message: 'A media file could not be downloaded yet; deliver the notification again.',
          };
          return reply.status(503).send(body);
        }
      }),
    );
  };
