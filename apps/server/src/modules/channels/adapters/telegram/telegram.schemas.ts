import { randomBytes } from 'node:crypto';
import { z } from 'zod';

export const TELEGRAM_DEFAULT_BASE_URL = 'https://api.telegram.org';

/** Telegram's limits (https://core.telegram.org/bots/api, https://core.telegram.org/bots/faq). */
export const TELEGRAM_LIMITS = {
  textChars: 4096,
  captionChars: 1024,
  /** getFile downloads files of at most 20 MB. */
  downloadBytes: 20 * 1024 * 1024,
  /** ~30 messages a second per bot in bulk, 1 a second per chat. */
  perBotPerSecond: 30,
  perChatPerSecond: 1,
} as const;

/** Updates the webhook asks for (setWebhook allowed_updates). */
export const TELEGRAM_ALLOWED_UPDATES = ['message', 'edited_message'] as const;

/** `123456789:AAH…` as BotFather issues it; it is part of every request path, so nothing else is let in. */
const tokenSchema = z
  .string({ error: 'Telegram channel needs a token' })
  .trim()
  .min(1, 'Telegram channel needs a token')
  .max(200)
  .regex(/^\d{1,20}:[A-Za-z0-9_-]{20,}$/, 'Not a Telegram bot token (digits, a colon, then the key BotFather gave)');

/** setWebhook secret_token: 1–256 characters A-Z, a-z, 0-9, _ and -. */
const webhookSecretSchema = z.string().regex(/^[A-Za-z0-9_-]{16,256}$/, 'Use 16 to 256 characters: letters, digits, _ and -');

export const telegramSettingsSchema = z.object({
  token: tokenSchema,
  /** The Bot API server (a self-hosted Bot API server or a simulator in tests and the demo). */
  baseUrl: z
    .string()
    .trim()
    .max(300)
    .pipe(z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL' }))
    .transform((url) => url.replace(/\/+$/, ''))
    .default(TELEGRAM_DEFAULT_BASE_URL),
  /** Sent back by Telegram in X-Telegram-Bot-Api-Secret-Token; generated when the channel is created. */
  webhookSecret: webhookSecretSchema.default(() => randomBytes(32).toString('base64url')),
  /** Updates by webhook, or by long polling (getUpdates) for servers without a public URL. */
  mode: z.enum(['webhook', 'polling']).default('webhook'),
  /** Long polling: how long one getUpdates call waits for updates (seconds; 0 is short polling). */
  pollTimeoutSeconds: z.number().int().min(0).max(15).default(10),
});
export type TelegramSettings = z.output<typeof telegramSettingsSchema>;

// ---- Bot API objects we read (https://core.telegram.org/bots/api#available-types) ----

const fileSchema = z
  .object({
    file_id: z.string().min(1).max(300),
    file_unique_id: z.string().max(300).optional(),
    file_size: z.number().int().nonnegative().optional(),
  })
  .loose();

const chatSchema = z
  .object({
    id: z.number().int(),
    type: z.string().max(20).optional(),
    title: z.string().max(300).optional(),
    username: z.string().max(100).optional(),
    first_name: z.string().max(300).optional(),
    last_name: z.string().max(300).optional(),
  })
  .loose();

const userSchema = z
  .object({
    id: z.number().int(),
    is_bot: z.boolean().optional(),
    first_name: z.string().max(300),
    last_name: z.string().max(300).optional(),
    username: z.string().max(100).optional(),
  })
  .loose();

export const telegramMessageSchema = z
  .object({
    message_id: z.number().int(),
    date: z.number().int(),
    /** Set on an edited message: when it was last edited (Unix time). */
    edit_date: z.number().int().optional(),
    chat: chatSchema,
    from: userSchema.optional(),
    text: z.string().max(70_000).optional(),
    caption: z.string().max(70_000).optional(),
    photo: z
      .array(fileSchema.extend({ width: z.number().int(), height: z.number().int() }))
      .max(20)
      .optional(),
    document: fileSchema.extend({ file_name: z.string().max(500).optional(), mime_type: z.string().max(200).optional() }).optional(),
    voice: fileSchema.extend({ duration: z.number(), mime_type: z.string().max(200).optional() }).optional(),
    audio: fileSchema
      .extend({ duration: z.number(), file_name: z.string().max(500).optional(), mime_type: z.string().max(200).optional() })
      .optional(),
    video: fileSchema
      .extend({ duration: z.number(), file_name: z.string().max(500).optional(), mime_type: z.string().max(200).optional() })
      .optional(),
    location: z
      .object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })
      .loose()
      .optional(),
    reply_to_message: z.object({ message_id: z.number().int() }).loose().optional(),
  })
  .loose();
export type TelegramMessage = z.output<typeof telegramMessageSchema>;

export const telegramUpdateSchema = z
  .object({
    update_id: z.number().int(),
    message: telegramMessageSchema.optional(),
    /** A new version of a message the bot got (Update.edited_message; Message.edit_date says when). */
    edited_message: telegramMessageSchema.optional(),
    /** The same for a channel post (Update.edited_channel_post). */
    edited_channel_post: telegramMessageSchema.optional(),
  })
  .loose();
export type TelegramUpdate = z.output<typeof telegramUpdateSchema>;

export const webhookParamsSchema = z.object({
  publicKey: z
    .string()
    .min(8)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/, 'Not a channel key'),
});

export const webhookHeadersSchema = z.object({ 'x-telegram-bot-api-secret-token': z.string().max(256).optional() }).loose();

export const webhookAnswerSchema = z.object({ ok: z.literal(true) });
