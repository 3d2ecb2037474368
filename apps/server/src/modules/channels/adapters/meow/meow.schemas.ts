import { meowSettingsSchema as sharedMeowSettingsSchema } from '@conversa/shared';
import { z } from 'zod';
import { withGeneratedWebhookSecret } from '../generated-secret.js';

/** The WuzAPI event types Conversa subscribes to (POST /webhook `events` and POST /session/connect `Subscribe`). */
export const MEOW_SUBSCRIBE = ['Message', 'ReadReceipt', 'Connected', 'QR', 'QRTimeout', 'LoggedOut'] as const;

/**
 * whatsmeow's history sync (events.HistorySync, posted by WuzAPI as type 'HistorySync'): subscribed
 * only by channels that import their history, since the phone sends its recent chats on every pairing.
 */
export const MEOW_HISTORY_EVENT = 'HistorySync';

/** The event types of a channel: the history's too when it imports it. */
export function meowSubscriptionsOf(settings: { importOldMessages?: boolean }): string[] {
  return settings.importOldMessages ? [...MEOW_SUBSCRIBE, MEOW_HISTORY_EVENT] : [...MEOW_SUBSCRIBE];
}

/**
 * A `meow` channel's settings (WuzAPI): shared with the channel form (@conversa/shared). The
 * webhook URL carries a random secret path segment (`webhookSecret`, generated here), compared
 * timing-safe before the body is read.
 */
export const meowSettingsSchema = withGeneratedWebhookSecret(sharedMeowSettingsSchema, 24);
export type MeowSettings = z.infer<typeof meowSettingsSchema>;

/**
 * WuzAPI posts either form fields (WEBHOOK_FORMAT=form, the default: `jsonData` holds the event's
 * JSON, `token` the user token) or the event itself as JSON (WEBHOOK_FORMAT=json).
 */
export const meowWebhookBodySchema = z.looseObject({
  jsonData: z
    .string()
    .max(40 * 1024 * 1024)
    .optional(),
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

/**
 * whatsmeow's waE2E.Message as JSON (Go's encoding/json of the generated struct: the proto field
 * names, bytes as base64): the part of a message Conversa reads, live and in the history sync.
 */
export const meowContentSchema = z.looseObject({
  conversation: z.string().nullish(),
  extendedTextMessage: z
    .looseObject({ text: z.string().nullish(), contextInfo: z.looseObject({ stanzaID: z.string().nullish() }).nullish() })
    .nullish(),
  imageMessage: mediaSchema.nullish(),
  videoMessage: mediaSchema.nullish(),
  audioMessage: mediaSchema.nullish(),
  documentMessage: mediaSchema.nullish(),
  documentWithCaptionMessage: z.looseObject({ message: z.looseObject({ documentMessage: mediaSchema.nullish() }).nullish() }).nullish(),
  stickerMessage: mediaSchema.nullish(),
});
export type MeowContent = z.infer<typeof meowContentSchema>;

/** whatsmeow's events.Message as JSON: Info (MessageInfo) and Message (the waE2E protobuf). */
export const meowMessageEventSchema = z.looseObject({
  Info: z.looseObject({
    Chat: z.string().max(200),
    /** Who wrote it: in a group the participant ('<number>@s.whatsapp.net' or '<id>@lid'), the account itself when IsFromMe. */
    Sender: z.string().max(200).optional(),
    /** The sender's other address (the phone JID of a '@lid' sender), when whatsmeow knows it. */
    SenderAlt: z.string().max(200).nullish(),
    /** In a one-to-one chat, the other address of the recipient (IsFromMe in a '@lid' chat). */
    RecipientAlt: z.string().max(200).nullish(),
    IsFromMe: z.boolean().optional(),
    IsGroup: z.boolean().optional(),
    ID: z.string().min(1).max(200),
    PushName: z.string().max(500).nullish(),
    Timestamp: z.string().max(100).optional(),
  }),
  Message: meowContentSchema.nullish(),
});
export type MeowMessageEvent = z.infer<typeof meowMessageEventSchema>;

/** WACommon.MessageKey and WAWebProtobufsWeb.WebMessageInfo as JSON (a message of the history sync). */
export const meowWebMessageInfoSchema = z.looseObject({
  key: z.looseObject({
    remoteJID: z.string().max(200).nullish(),
    fromMe: z.boolean().nullish(),
    ID: z.string().min(1).max(200),
    participant: z.string().max(200).nullish(),
  }),
  message: meowContentSchema.nullish(),
  /** Seconds since the epoch (uint64: a JSON number). */
  messageTimestamp: z.union([z.number(), z.string().max(30)]).nullish(),
  /** In a group: who wrote it. */
  participant: z.string().max(200).nullish(),
  pushName: z.string().max(500).nullish(),
});
export type MeowWebMessageInfo = z.infer<typeof meowWebMessageInfoSchema>;

/**
 * whatsmeow's events.HistorySync as JSON: `Data` is waHistorySync.HistorySync, its conversations
 * each with their messages (HistorySyncMsg: { message: WebMessageInfo, msgOrderID }). Messages are
 * checked one by one (meow.history.ts), so one odd message does not cost the chunk.
 */
export const meowHistorySyncEventSchema = z.looseObject({
  Data: z.looseObject({
    syncType: z.union([z.number(), z.string().max(50)]).nullish(),
    conversations: z
      .array(
        z.looseObject({
          ID: z.string().min(1).max(200),
          messages: z.array(z.looseObject({ message: z.unknown().optional() })).nullish(),
          /** A group's subject; for a person, the name the phone shows. */
          name: z.string().max(1000).nullish(),
          displayName: z.string().max(1000).nullish(),
          /** The phone JID of a '@lid' chat. */
          pnJID: z.string().max(200).nullish(),
        }),
      )
      .nullish(),
    pushnames: z.array(z.looseObject({ ID: z.string().max(200).nullish(), pushname: z.string().max(500).nullish() })).nullish(),
  }),
});
export type MeowHistorySyncEvent = z.infer<typeof meowHistorySyncEventSchema>;

/** whatsmeow's events.Receipt as JSON. */
export const meowReceiptEventSchema = z.looseObject({ MessageIDs: z.array(z.string().max(200)).max(1000) });

// ---- REST answers ({ code, data, success }) ----

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.looseObject({ code: z.number().optional(), data, success: z.boolean().optional() });
export const statusAnswerSchema = envelopeSchema(z.looseObject({ Connected: z.boolean().optional(), LoggedIn: z.boolean().optional() }));
export const pairAnswerSchema = envelopeSchema(z.looseObject({ LinkingCode: z.string().min(1) }));
export const qrAnswerSchema = envelopeSchema(z.looseObject({ QRCode: z.string().optional() }));
export const sentAnswerSchema = envelopeSchema(z.looseObject({ Id: z.string().min(1) }));
/** GET /group/info?groupJID=…: whatsmeow's types.GroupInfo (only the name, the group's subject, is read). */
export const groupInfoAnswerSchema = envelopeSchema(z.looseObject({ JID: z.string().optional(), Name: z.string().max(1000).nullish() }));
export const downloadAnswerSchema = envelopeSchema(z.looseObject({ Data: z.string().min(1), Mimetype: z.string().optional() }));
