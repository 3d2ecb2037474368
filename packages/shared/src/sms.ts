import { z } from 'zod';
import { refIdSchema } from './contracts.js';
import { SECRET_MASK } from './secret-mask.js';

/**
 * SMS (SPEC §1 "SMTP; SMS", §2 settings tab `sms` and the SMS modal; issue 12): one provider per
 * tenant, Twilio Programmable Messaging. Shared by the server's routes and the web forms.
 */

export const SMS_PROVIDERS = ['twilio'] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];
export const TWILIO_DEFAULT_BASE_URL = 'https://api.twilio.com';

/**
 * queued (claimed, its send job waiting) → sending (the job took it, the provider is being called)
 * → sent (the provider accepted it) → delivered, or failed (refused, or undelivered with the
 * carrier's reason). `unconfirmed`: the process stopped between the provider call and its record,
 * and the provider could not show the message: it is never sent again blindly.
 */
export const SMS_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'unconfirmed'] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

/** Twilio's limit for one message (it splits longer ones into segments). */
export const SMS_BODY_MAX = 1600;
/** What a stored Auth Token looks like in answers; sent back unchanged, it keeps the stored one. */
export const SMS_SECRET_MASK = SECRET_MASK;
/** How many SMS of a contact the history shows, newest first. */
export const SMS_HISTORY_LIMIT = 50;

const E164 = /^\+[1-9]\d{6,14}$/;

// ---- settings (GET/PUT /settings/sms) ----

export const smsSettingsBodySchema = z
  .object({
    accountSid: z
      .string()
      .trim()
      .regex(/^AC[0-9a-fA-F]{32}$/, "The Account SID shown in Twilio's console: AC and 32 letters or digits."),
    /** The Auth Token; SMS_SECRET_MASK keeps the stored one. */
    authToken: z
      .string()
      .trim()
      .refine((value) => value === SMS_SECRET_MASK || /^[A-Za-z0-9]{16,128}$/.test(value), "The Auth Token shown in Twilio's console."),
    /** The sending number (E.164), or null with a Messaging Service. */
    fromNumber: z.string().trim().regex(E164, 'A number in international format, e.g. +5511999998888.').nullable().default(null),
    messagingServiceSid: z
      .string()
      .trim()
      .regex(/^MG[0-9a-fA-F]{32}$/, 'A Messaging Service SID: MG and 32 letters or digits.')
      .nullable()
      .default(null),
    /** The API server (a local simulator in tests and the demo). */
    baseUrl: z
      .string()
      .trim()
      .max(300)
      .pipe(z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL' }))
      .transform((url) => url.replace(/\/+$/, ''))
      .default(TWILIO_DEFAULT_BASE_URL),
  })
  .refine((body) => (body.fromNumber === null) !== (body.messagingServiceSid === null), {
    message: 'Give either the sending number or the Messaging Service SID.',
    path: ['fromNumber'],
  });
export type SmsSettingsBody = z.input<typeof smsSettingsBodySchema>;

export const smsSettingsSchema = z.object({
  provider: z.enum(SMS_PROVIDERS),
  configured: z.boolean(),
  accountSid: z.string(),
  /** SMS_SECRET_MASK when stored, '' when not. */
  authToken: z.string(),
  fromNumber: z.string().nullable(),
  messagingServiceSid: z.string().nullable(),
  baseUrl: z.string(),
  updatedAt: z.string().nullable(),
});
export type SmsSettings = z.infer<typeof smsSettingsSchema>;

export const smsConnectionTestSchema = z.object({
  ok: z.literal(true),
  accountName: z.string(),
  accountStatus: z.string(),
});
export type SmsConnectionTest = z.infer<typeof smsConnectionTestSchema>;

/** GET /sms/config: whether agents may send SMS (the SMS modal shows only then). */
export const smsAvailabilitySchema = z.object({ configured: z.boolean() });

// ---- messages (POST /sms, GET /sms) ----

export const sendSmsBodySchema = z
  .object({
    /** The ticket whose contact gets it (any agent who may see the ticket). */
    ticketId: refIdSchema.optional(),
    /** Or a contact of the tenant. */
    contactId: refIdSchema.optional(),
    body: z.string().trim().min(1, 'Write the message.').max(SMS_BODY_MAX),
    /** A key the client makes once per message (a repeated request sends it once). */
    clientKey: z.uuid().optional(),
  })
  .refine((body) => (body.ticketId === undefined) !== (body.contactId === undefined), {
    message: 'Give either ticketId or contactId.',
    path: ['ticketId'],
  });
export type SendSmsBody = z.input<typeof sendSmsBodySchema>;

export const smsHistoryQuerySchema = z
  .object({
    contactId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    ticketId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  })
  .refine((query) => query.contactId !== undefined || query.ticketId !== undefined, {
    message: 'Give contactId or ticketId.',
    path: ['contactId'],
  });

/** Why an SMS failed, from the provider's error code (translated by the web app: sms.reasons.*). */
export const SMS_FAILURE_REASONS = [
  'auth',
  'invalidNumber',
  'notMobile',
  'invalidSender',
  'optedOut',
  'regionNotEnabled',
  'tooLong',
  'unreachable',
  'blocked',
  'unknownHandset',
  'landline',
  'filtered',
  'queueOverflow',
  'rateLimited',
  'notConfigured',
  'unknown',
] as const;
export type SmsFailureReason = (typeof SMS_FAILURE_REASONS)[number];

/** Twilio's error codes (https://www.twilio.com/docs/api/errors) as the reasons the app explains. */
export const TWILIO_ERROR_REASONS: Readonly<Record<string, SmsFailureReason>> = {
  '20003': 'auth',
  '20404': 'auth',
  '20429': 'rateLimited',
  '21211': 'invalidNumber',
  '21212': 'invalidSender',
  '21408': 'regionNotEnabled',
  '21606': 'invalidSender',
  '21610': 'optedOut',
  '21612': 'regionNotEnabled',
  '21614': 'notMobile',
  '21617': 'tooLong',
  '21659': 'invalidSender',
  '21703': 'invalidSender',
  '30001': 'queueOverflow',
  '30003': 'unreachable',
  '30004': 'blocked',
  '30005': 'unknownHandset',
  '30006': 'landline',
  '30007': 'filtered',
  '30008': 'unknown',
};

export function smsFailureReason(errorCode: string | null | undefined): SmsFailureReason | null {
  if (!errorCode) return null;
  if (errorCode === 'ERR_SMS_NOT_CONFIGURED') return 'notConfigured';
  return TWILIO_ERROR_REASONS[errorCode] ?? 'unknown';
}

export const smsMessageSchema = z.object({
  id: z.string(),
  contactId: z.number().int().nullable(),
  ticketId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  to: z.string(),
  body: z.string(),
  segments: z.number().int(),
  status: z.enum(SMS_STATUSES),
  providerId: z.string().nullable(),
  /** The provider's error code (e.g. Twilio's '30003'), or ours. */
  errorCode: z.string().nullable(),
  reason: z.enum(SMS_FAILURE_REASONS).nullable(),
  /** The provider's own words (English). */
  error: z.string().nullable(),
  sourceKind: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type SmsMessage = z.infer<typeof smsMessageSchema>;

// ---- segments (the modal's counter; the server stores the same count) ----

const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENDED = '^{}\\[~]|€\f';

export interface SmsSegments {
  encoding: 'GSM-7' | 'UCS-2';
  /** Septets (GSM-7, an extended character counts 2) or UTF-16 code units (UCS-2). */
  units: number;
  segments: number;
  /** Units per segment: 160 / 70 for one, 153 / 67 each when split (the rest carries the joining header). */
  perSegment: number;
}

/** How a text travels as SMS: GSM-7 (160 per message) unless a character is outside it (then UCS-2, 70). */
export function smsSegments(text: string): SmsSegments {
  let septets = 0;
  let gsm = true;
  for (const char of text) {
    if (GSM7_BASIC.includes(char)) septets += 1;
    else if (GSM7_EXTENDED.includes(char)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  const [units, single, multi] = gsm ? [septets, 160, 153] : [text.length, 70, 67];
  const segments = units === 0 ? 0 : units <= single ? 1 : Math.ceil(units / multi);
  return { encoding: gsm ? 'GSM-7' : 'UCS-2', units, segments, perSegment: segments > 1 ? multi : single };
}
