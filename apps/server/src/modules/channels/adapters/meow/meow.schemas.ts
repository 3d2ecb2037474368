import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/** The WuzAPI event types Conversa subscribes to (POST /session/connect `Subscribe`). */
export const MEOW_SUBSCRIBE = ['Message', 'ReadReceipt', 'Connected', 'QR', 'QRTimeout', 'LoggedOut'] as const;

/**
 * A `meow` channel's settings (WuzAPI, a gateway over whatsmeow, one WuzAPI user per channel).
 * The webhook URL carries a random secret path segment (`webhookSecret`), compared timing-safe
 * before the body is read.
 */
export const meowSettingsSchema = z.object({
  /** The tenant's WuzAPI server, e.g. https://wuzapi.example.com */
  baseUrl: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .transform((url) => url.replace(/\/+$/, '')),
  /** The WuzAPI user's token, sent as the `Token` header. */
  token: z.string().trim().min(1).max(500),
  webhookSecret: z
    .string()
    .regex(/^[A-Za-z0-9_-]{24,128}$/, '24 to 128 URL-safe characters (letters, digits, - and _).')
    .default(() => randomBytes(24).toString('base64url')),
  /** Log in with a linking code sent to this number (digits with country code) instead of a QR code. */
  pairingNumber: z
    .string()
    .regex(/^\d{8,15}$/, 'Digits with the country code, 8 to 15 of them.')
    .optional(),
});
export type MeowSettings = z.infer<typeof meowSettingsSchema>;

/**
 * WuzAPI posts either form fields (WEBHOOK_FORMAT=form, the default: `jsonData` holds the event's
 * JSON, `token` the user token) or the event itself as JSON (WEBHOOK_FORMAT=json).
 */
export const meowWebhookBodySchema = z.looseObject({
  jsonData: z.string().max(40 * 1024 * 1024).optional(),
  type: z.string().max(100).optional(),
  token: z.string().max(500).optional(),
});
export type MeowWebhookBody = z.infer<typeof meowWebhookBodySchema>;

/** The event (WuzAPI's postmap): `type` names it, `event` is whatsmeow's event as JSON. */
export const meowEventSchema = z.looseObject({
  type: z.string().min(1).max(100),
  event: z.unknown().optional(),
  state: z.string().max(50).optional(),
  qrCodeBase64: z.string().max(200_000).optional(),
  base64: z.string().optional(),
  mimeType: z.string().max(200).optional(),
  fileName: z.string().max(500).optional(),
});
export type MeowEvent = z.infer<typeof meowEventSchema>;

const mediaSchema = z.looseObject({
  URL: z.string().max(2000).nullish(),
  directPath: z.string().max(2000).nullish(),
  mediaKey: z.string().max(200).nullish(),
  mimetype: z.string().max(200).nullish(),
  fileEncSHA256: z.string().max(200).nullish(),
  fileSHA256: z.string().max(200).nullish(),
  fileLength: z.union([z.number(), z.string()]).nullish(),
  caption: z.string().max(65_536).nullish(),
  fileName: z.string().max(500).nullish(),
});
export type MeowMedia = z.infer<typeof mediaSchema>;

/** whatsmeow's events.Message as JSON: Info (MessageInfo) and Message (the waE2E protobuf). */
export const meowMessageEventSchema = z.looseObject({
  Info: z.looseObject({
    Chat: z.string().max(200),
    Sender: z.string().max(200).optional(),
    SenderAlt: z.string().max(200).nullish(),
    IsFromMe: z.boolean().optional(),
    IsGroup: z.boolean().optional(),
    ID: z.string().min(1).max(200),
    PushName: z.string().max(500).nullish(),
    Timestamp: z.string().max(100).optional(),
  }),
  Message: z
    .looseObject({
      conversation: z.string().nullish(),
      extendedTextMessage: z.looseObject({ text: z.string().nullish(), contextInfo: z.looseObject({ stanzaID: z.string().nullish() }).nullish() }).nullish(),
      imageMessage: mediaSchema.nullish(),
      videoMessage: mediaSchema.nullish(),
      audioMessage: mediaSchema.nullish(),
      documentMessage: mediaSchema.nullish(),
      stickerMessage: mediaSchema.nullish(),
    })
    .nullish(),
});
export type MeowMessageEvent = z.infer<typeof meowMessageEventSchema>;

/** whatsmeow's events.Receipt as JSON. */
export const meowReceiptEventSchema = z.looseObject({ MessageIDs: z.array(z.string().max(200)).max(1000) });

// ---- REST answers ({ code, data, success }) ----

export const envelopeSchema = <T extends z.ZodType>(data: T) => z.looseObject({ code: z.number().optional(), data, success: z.boolean().optional() });
export const statusAnswerSchema = envelopeSchema(z.looseObject({ Connected: z.boolean().optional(), LoggedIn: z.boolean().optional() }));
export const pairAnswerSchema = envelopeSchema(z.looseObject({ LinkingCode: z.string().min(1) }));
export const qrAnswerSchema = envelopeSchema(z.looseObject({ QRCode: z.string().optional() }));
export const sentAnswerSchema = envelopeSchema(z.looseObject({ Id: z.string().min(1) }));
export const downloadAnswerSchema = envelopeSchema(z.looseObject({ Data: z.string().min(1), Mimetype: z.string().optional() }));
