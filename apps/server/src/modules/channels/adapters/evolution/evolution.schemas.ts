import { evolutionSettingsSchema as sharedEvolutionSettingsSchema } from '@conversa/shared';
import { z } from 'zod';
import { withGeneratedWebhookSecret } from '../generated-secret.js';

/** The events Conversa subscribes to (Evolution's webhook `events`, upper snake case). */
export const EVOLUTION_WEBHOOK_EVENTS = ['MESSAGES_UPSERT', 'MESSAGES_UPDATE', 'CONNECTION_UPDATE', 'QRCODE_UPDATED'] as const;

/**
 * The history sync's messages (sent from Evolution's 'messaging-history.set' handler): subscribed
 * only by channels that import their history, since the phone's recent history comes on every pairing.
 */
export const EVOLUTION_HISTORY_EVENT = 'MESSAGES_SET';

/** The webhook events of a channel: the history's too when it imports it. */
export function evolutionWebhookEventsOf(settings: { importOldMessages?: boolean }): string[] {
  return settings.importOldMessages ? [...EVOLUTION_WEBHOOK_EVENTS, EVOLUTION_HISTORY_EVENT] : [...EVOLUTION_WEBHOOK_EVENTS];
}

/**
 * An `evolution` channel's settings: shared with the channel form (@conversa/shared). Evolution
 * does not sign its webhooks, so the webhook URL carries a random secret path segment
 * (`webhookSecret`, generated here), compared timing-safe before anything is read or stored.
 */
export const evolutionSettingsSchema = withGeneratedWebhookSecret(sharedEvolutionSettingsSchema, 24);
export type EvolutionSettings = z.infer<typeof evolutionSettingsSchema>;

/** Evolution's webhook envelope (webhook.controller.ts): `data` is the event's own payload. */
export const evolutionWebhookBodySchema = z.looseObject({
  event: z.string().min(1).max(100),
  instance: z.string().max(200).optional(),
  data: z.unknown(),
  date_time: z.string().max(100).optional(),
});
export type EvolutionWebhookBody = z.infer<typeof evolutionWebhookBodySchema>;

// ---- event payloads (only the fields Conversa reads; everything else passes through) ----

const messageKeySchema = z.looseObject({
  remoteJid: z.string().max(200),
  /** Set on '@lid' chats by recent versions: the customer's phone JID. */
  remoteJidAlt: z.string().max(200).optional(),
  fromMe: z.boolean().optional(),
  id: z.string().min(1).max(200),
  /** In a group: who wrote it ('<number>@s.whatsapp.net' or '<id>@lid'); participantAlt their phone JID when known. */
  participant: z.string().max(200).nullish(),
  participantAlt: z.string().max(200).nullish(),
});

const mediaContentSchema = z.looseObject({
  mimetype: z.string().max(200).optional(),
  caption: z.string().max(65_536).nullish(),
  fileName: z.string().max(500).nullish(),
});

const locationSchema = z.looseObject({
  degreesLatitude: z.number().nullish(),
  degreesLongitude: z.number().nullish(),
  name: z.string().max(1000).nullish(),
  address: z.string().max(1000).nullish(),
});

const contactCardSchema = z.looseObject({
  displayName: z.string().max(1000).nullish(),
  vcard: z.string().max(65_536).nullish(),
});

export const evolutionMessageSchema = z.looseObject({
  key: messageKeySchema,
  pushName: z.string().max(500).nullish(),
  message: z
    .looseObject({
      conversation: z.string().nullish(),
      extendedTextMessage: z.looseObject({ text: z.string().nullish() }).nullish(),
      imageMessage: mediaContentSchema.nullish(),
      videoMessage: mediaContentSchema.nullish(),
      audioMessage: mediaContentSchema.nullish(),
      documentMessage: mediaContentSchema.nullish(),
      documentWithCaptionMessage: z
        .looseObject({ message: z.looseObject({ documentMessage: mediaContentSchema.nullish() }).nullish() })
        .nullish(),
      stickerMessage: mediaContentSchema.nullish(),
      locationMessage: locationSchema.nullish(),
      liveLocationMessage: locationSchema.nullish(),
      contactMessage: contactCardSchema.nullish(),
      contactsArrayMessage: z.looseObject({ contacts: z.array(contactCardSchema).max(500).nullish() }).nullish(),
      /** Present when the webhook is set with base64: the media itself. */
      base64: z.string().nullish(),
    })
    .nullish(),
  messageType: z.string().max(100).optional(),
  messageTimestamp: z.union([z.number(), z.string(), z.looseObject({ low: z.number() })]).optional(),
  contextInfo: z.looseObject({ stanzaId: z.string().nullish() }).nullish(),
});
export type EvolutionMessage = z.infer<typeof evolutionMessageSchema>;

/** MESSAGES_UPDATE (v2: keyId; older builds spread the key, hence id). */
export const evolutionMessageUpdateSchema = z.looseObject({
  keyId: z.string().max(200).optional(),
  id: z.string().max(200).optional(),
  key: z.looseObject({ id: z.string().max(200) }).optional(),
  remoteJid: z.string().max(200).nullish(),
  fromMe: z.boolean().nullish(),
  status: z.string().max(50).nullish(),
});

export const evolutionConnectionUpdateSchema = z.looseObject({
  state: z.string().max(50),
  statusReason: z.number().nullish(),
  wuid: z.string().max(200).nullish(),
});

export const evolutionQrcodeUpdateSchema = z.looseObject({
  qrcode: z
    .looseObject({
      base64: z.string().max(200_000).nullish(),
      code: z.string().max(10_000).nullish(),
      pairingCode: z.string().max(100).nullish(),
    })
    .optional(),
  /** 'QR code limit reached, please login again' when Evolution gives up. */
  message: z.string().max(500).optional(),
  statusCode: z.number().optional(),
});

// ---- REST answers ----

/** GET /instance/connect/{instance}: the QR (or pairing code) while connecting, the state once open. */
export const connectAnswerSchema = z.looseObject({
  pairingCode: z.string().nullish(),
  code: z.string().nullish(),
  base64: z.string().nullish(),
  count: z.number().nullish(),
  instance: z.looseObject({ state: z.string().optional(), status: z.string().optional() }).optional(),
});

export const connectionStateAnswerSchema = z.looseObject({ instance: z.looseObject({ state: z.string() }) });

export const sentMessageAnswerSchema = z.looseObject({ key: z.looseObject({ id: z.string().min(1) }) });

/**
 * GET /settings/find/{instance}: the instance's own settings row (ChannelStartupService.findSettings:
 * rejectCall, msgCall, groupsIgnore, alwaysOnline, readMessages, readStatus, syncFullHistory and, on
 * recent versions, wavoipToken; columns may be null), or null when the instance has no settings row.
 * Other keys (a newer or forked Evolution) pass through and are written back untouched.
 */
export const instanceSettingsAnswerSchema = z
  .looseObject({
    rejectCall: z.boolean().nullish(),
    msgCall: z.string().nullish(),
    groupsIgnore: z.boolean().nullish(),
    alwaysOnline: z.boolean().nullish(),
    readMessages: z.boolean().nullish(),
    readStatus: z.boolean().nullish(),
    syncFullHistory: z.boolean().nullish(),
    wavoipToken: z.string().nullish(),
  })
  .nullable();
export type EvolutionInstanceSettings = NonNullable<z.infer<typeof instanceSettingsAnswerSchema>>;

/** GET /group/findGroupInfos/{instance}?groupJid=…: Baileys' GroupMetadata (only the subject is read). */
export const groupInfoAnswerSchema = z.looseObject({ id: z.string().optional(), subject: z.string().max(1000).nullish() });

export const base64AnswerSchema = z.looseObject({
  base64: z.string().min(1),
  mimetype: z.string().optional(),
  fileName: z.string().nullish(),
});
