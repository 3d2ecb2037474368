import { telegramSettingsSchema as sharedTelegramSettingsSchema } from '@conversa/shared';
import { z } from 'zod';
import { withGeneratedWebhookSecret } from '../generated-secret.js';

export { TELEGRAM_DEFAULT_BASE_URL } from '@conversa/shared';

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

/**
 * A Telegram channel's settings: shared with the channel form (@conversa/shared); the webhook
 * secret (X-Telegram-Bot-Api-Secret-Token) is generated here when the channel is created.
 */
export const telegramSettingsSchema = withGeneratedWebhookSecret(sharedTelegramSettingsSchema, 32);
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
