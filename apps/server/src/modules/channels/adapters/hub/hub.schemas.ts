import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/** The hub channel kinds Conversa serves (NotificaMe also has Telegram, e-mail, SMS… not offered here). */
export const HUB_CHANNEL_KINDS = ['whatsapp', 'instagram', 'facebook'] as const;
export type HubChannelKind = (typeof HUB_CHANNEL_KINDS)[number];

export const HUB_DEFAULT_BASE_URL = 'https://api.notificame.com.br';

/**
 * A `hub` channel's settings (NotificaMe Hub): the account token (sent as `X-API-Token`) and the
 * selected hub channel (one WhatsApp number, Instagram account or Facebook page of the account,
 * its id as GET /v1/channels lists it). NotificaMe does not sign its webhooks, so the webhook URL
 * carries a random secret path segment (`webhookSecret`), compared timing-safe before the body is read.
 */
export const hubSettingsSchema = z.object({
  baseUrl: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .default(HUB_DEFAULT_BASE_URL)
    .transform((url) => url.replace(/\/+$/, '')),
  token: z.string().trim().min(1).max(500),
  /** The selected hub channel's id (the `from` of sends, the `criteria.channel` of subscriptions). */
  hubChannelId: z.string().trim().min(1).max(200),
  hubChannelType: z.enum(HUB_CHANNEL_KINDS),
  webhookSecret: z
    .string()
    .regex(/^[A-Za-z0-9_-]{24,128}$/, '24 to 128 URL-safe characters (letters, digits, - and _).')
    .default(() => randomBytes(24).toString('base64url')),
});
export type HubSettings = z.infer<typeof hubSettingsSchema>;

const contentSchema = z.looseObject({
  type: z.string().max(50),
  text: z.string().max(65_536).nullish(),
  fileUrl: z.string().max(4000).nullish(),
  fileMimeType: z.string().max(200).nullish(),
  fileName: z.string().max(500).nullish(),
  fileCaption: z.string().max(65_536).nullish(),
});
export type HubContent = z.infer<typeof contentSchema>;

/** The Zenvia API v2 events NotificaMe posts (MESSAGE, MESSAGE_STATUS); other fields are kept. */
export const hubWebhookBodySchema = z.looseObject({
  id: z.string().max(200).optional(),
  type: z.string().min(1).max(50),
  timestamp: z.string().max(100).optional(),
  subscriptionId: z.string().max(200).optional(),
  channel: z.string().max(50).optional(),
  direction: z.string().max(10).optional(),
  message: z
    .looseObject({
      id: z.string().min(1).max(200),
      from: z.string().min(1).max(200),
      to: z.string().max(200).optional(),
      direction: z.string().max(10).optional(),
      channel: z.string().max(50).optional(),
      contents: z.array(contentSchema).max(20).default([]),
      visitor: z.looseObject({ name: z.string().max(500).nullish(), firstName: z.string().max(500).nullish(), lastName: z.string().max(500).nullish(), picture: z.string().max(4000).nullish() }).nullish(),
      timestamp: z.string().max(100).optional(),
    })
    .optional(),
  messageId: z.string().max(200).optional(),
  contentIndex: z.number().optional(),
  messageStatus: z.looseObject({ code: z.string().max(50), description: z.string().max(2000).nullish(), timestamp: z.string().max(100).optional() }).optional(),
});
export type HubWebhookBody = z.infer<typeof hubWebhookBodySchema>;

// ---- REST answers ----

export const channelListSchema = z.array(z.looseObject({ id: z.string().min(1), name: z.string().nullish(), channel: z.string().nullish() }));
export const subscriptionListSchema = z.array(
  z.looseObject({ id: z.string().min(1), eventType: z.string().nullish(), webhook: z.looseObject({ url: z.string() }).nullish(), criteria: z.looseObject({ channel: z.string().nullish() }).nullish() }),
);
export const sentAnswerSchema = z.looseObject({ id: z.string().min(1) });
