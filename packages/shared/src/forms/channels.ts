import { z } from 'zod';
import { refIdSchema } from '../contracts.js';
import { CHANNEL_TYPES } from '../enums.js';
import { audioTranscriptionSchema } from '../ai-bots.js';
import { AUTO_DISTRIBUTION } from '../inbox.js';
import { birthdayHourSchema } from '../birthdays.js';
import { BIRTHDAY_TEMPLATE_VARIABLES, templateText } from '../template-variables.js';
import { blankToNull } from './blank.js';

/** Request bodies of the channel routes (SPEC §3 Channel), shared by the server and the channel form. */

export const MAX_SETTINGS_JSON = 64 * 1024;

/**
 * Per-type settings: an object, or the JSON text of one (the channel modal edits JSON in a text
 * field). Checked by the use case against the type's schema (adapterFor(type).settingsSchema).
 */
const settingsInputSchema = z
  .union([z.record(z.string().max(100), z.unknown()), z.string().max(MAX_SETTINGS_JSON)])
  .describe("The channel type's settings: an object or its JSON text.");

const channelFields = {
  name: z.string().trim().min(1).max(100),
  type: z.enum(CHANNEL_TYPES),
  /** With the country code; normalised to digits. Channels without numbers (web chat) leave it out. */
  number: blankToNull(z.string().trim().max(40)).optional(),
  isDefault: z.boolean().optional(),
  queueId: refIdSchema.nullable().optional(),
  farewellMessage: blankToNull(templateText().max(4096)).optional(),
  /** A customer message equal to it (trimmed, case and accents ignored) closes the ticket. */
  autoCloseKeyword: blankToNull(z.string().trim().max(100)).optional(),
  /** Every resolve asks the customer for a rating. */
  autoEvaluation: z.boolean().optional(),
  autoDistribution: z.enum(AUTO_DISTRIBUTION).optional(),
  /** SPEC §3 Channel "chatbot": the flow new tickets of the channel enter (its published version); null: none. */
  chatFlowId: refIdSchema.nullable().optional(),
  settings: settingsInputSchema.optional(),
  /** Sent to the channel's contacts on their birthday (SPEC §3), with the birthday variables only; null: no birthday messages. */
  birthdayMessage: blankToNull(templateText(BIRTHDAY_TEMPLATE_VARIABLES).max(4096)).optional(),
  birthdayHour: birthdayHourSchema.optional(),
  /** SPEC §3 Channel "transcribe audio": every customer audio of the channel is transcribed (needs `audioTranscription`). */
  transcribeAudio: z.boolean().optional(),
  audioTranscription: audioTranscriptionSchema.nullable().optional(),
  /** SPEC §3 Channel "web push": the channel's new customer messages are pushed to agents whose Conversa tab is closed. */
  webPush: z.boolean().optional(),
};

export const createChannelBodySchema = z.object(channelFields);

/** No field has a default: an edit changes only what it sends. */
export const updateChannelBodySchema = z.object(channelFields).partial();

/** `https://shop.example.com` or `http://localhost:3000`: scheme, host and optional port, nothing else. */
const originSchema = z
  .string()
  .trim()
  .max(200)
  .transform((value) => value.toLowerCase().replace(/\/+$/, ''))
  .pipe(z.string().regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/, 'Must be an origin such as https://www.example.com'));

export const WEBCHAT_DEFAULTS = {
  color: '#228be6',
  allowedOrigins: [] as string[],
};

/**
 * The per-channel settings of a web-chat channel (the server's check of `settings` for that type);
 * every field is optional. Without a title or a welcome message the widget shows its own, in the
 * visitor's language (an empty welcome shows none).
 */
export const webchatSettingsSchema = z.object({
  title: z.string().trim().min(1).max(60).optional(),
  welcomeMessage: z.string().trim().max(500).optional(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Must be a colour such as #228be6')
    .default(WEBCHAT_DEFAULTS.color),
  /** Sites allowed to embed the widget; empty allows every site. */
  allowedOrigins: z.array(originSchema).max(50).default([]),
});
