import { z } from 'zod';
import { AI_LIMITS, AI_SECRET_MASK, AI_STATUS_KEYS, AI_VOICES, audioModelSchema } from './ai-bots.js';
import { AI_PROVIDERS, BOT_INTEGRATIONS, type BotIntegration } from './enums.js';

/**
 * The chatbot-builder and automation integrations (SPEC §2 settings typebot, dialogflow, dify, n8n;
 * §3 Integration configs and Ticket typebotStatus, dialogflowStatus, difyStatus, n8nStatus; issue 13 "Bots and AI").
 * They answer a ticket's customer like the LLM bots do (the same channel choice, stop and restart
 * words, per-ticket switch), each through its own protocol:
 *
 * - Typebot: its public chat API, `POST {url}/api/v1/typebots/{publicId}/startChat` then
 *   `POST {url}/api/v1/sessions/{sessionId}/continueChat` (the session kept per ticket); a choice
 *   input becomes reply buttons or a list on channels that have them, numbered text otherwise.
 * - Dify: `POST {url}/chat-messages` (chatbot; agent in streaming mode, as Dify requires),
 *   `POST {url}/completion-messages` (text generator) or `POST {url}/workflows/run` (workflow),
 *   `Authorization: Bearer <app key>`; the chat's conversation_id is kept per ticket.
 * - n8n: each customer message is POSTed to the workflow's webhook URL (N8N_REQUEST below) and the
 *   JSON answer (N8N_ANSWER below) is sent back.
 *
 * - Dialogflow ES: a Google service account's key (its JSON) signs an OAuth 2.0 JWT-bearer assertion
 *   (RS256) exchanged at its `token_uri` for an access token (kept until shortly before it expires),
 *   then `POST {url}/v2/projects/{projectId}/agent/sessions/{sessionId}:detectIntent` with the
 *   customer's text in the tab's language; the session is kept per ticket (a new one on restart).
 */

export const BOT_INTEGRATION_INFO: Readonly<
  Record<BotIntegration, { statusKey: 'typebotStatus' | 'dialogflowStatus' | 'difyStatus' | 'n8nStatus'; label: string }>
> = {
  typebot: { statusKey: 'typebotStatus', label: 'Typebot' },
  dialogflow: { statusKey: 'dialogflowStatus', label: 'Dialogflow' },
  dify: { statusKey: 'difyStatus', label: 'Dify' },
  n8n: { statusKey: 'n8nStatus', label: 'n8n' },
};

/** Every bot a channel may choose: the LLMs and the integrations. */
export const INTEGRATION_BOT_NAMES = [...AI_PROVIDERS, ...BOT_INTEGRATIONS] as const;
export type IntegrationBotName = (typeof INTEGRATION_BOT_NAMES)[number];

/** Every per-ticket switch of SPEC §3 Ticket (the twelve, Dialogflow's included): an agent's take-over switches them all off. */
export const INTEGRATION_STATUS_KEYS = [...AI_STATUS_KEYS, 'difyStatus', 'n8nStatus', 'typebotStatus', 'dialogflowStatus'] as const;

export const DIFY_APP_TYPES = ['chatbot', 'agent', 'textGenerator', 'workflow'] as const;
export type DifyAppType = (typeof DIFY_APP_TYPES)[number];

/** Typebot's `type`: the published bot (public id) or the builder's draft (preview chat, the API token required). */
export const TYPEBOT_TYPES = ['published', 'preview'] as const;
export type TypebotType = (typeof TYPEBOT_TYPES)[number];

export const BOT_INTEGRATION_LIMITS = {
  messageMax: 1000,
  /** The integration's answer wait (ms). */
  timeoutMs: { min: 1000, max: 60_000, default: 20_000 },
  /** Choices offered as reply buttons up to this many, as a list above (WhatsApp's limits: 3 buttons, 10 rows). */
  buttonsMax: 3,
  listRowsMax: 10,
  /** A Google service-account key file is about 2.3 KiB. */
  credentialsMaxBytes: 20 * 1024,
} as const;

/** Dialogflow's default API address (a regional one, e.g. https://europe-west1-dialogflow.googleapis.com, may be set instead). */
export const DIALOGFLOW_DEFAULT_URL = 'https://dialogflow.googleapis.com';

/** The fields of a Google service-account key file (the JSON downloaded from the Cloud console) Conversa uses. */
export const googleServiceAccountSchema = z.object({
  type: z.literal('service_account', { error: 'Not a service-account key (type must be "service_account").' }),
  project_id: z.string().optional(),
  client_email: z.email({ error: 'client_email: not an e-mail address.' }),
  private_key: z
    .string({ error: 'private_key: missing.' })
    .regex(/^-----BEGIN (RSA )?PRIVATE KEY-----[\s\S]+-----END (RSA )?PRIVATE KEY-----\s*$/, 'private_key: not a PEM private key.'),
  token_uri: z.url({ protocol: /^https?$/, error: 'token_uri: not an http(s) URL.' }),
});
export type GoogleServiceAccount = z.infer<typeof googleServiceAccountSchema>;

/** A service-account JSON's problem in clear words, or undefined when it is usable. */
export function serviceAccountProblem(json: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return 'Not valid JSON: paste the whole key file.';
  }
  const result = googleServiceAccountSchema.safeParse(parsed);
  return result.success ? undefined : result.error.issues[0]?.message;
}

const urlSchema = z
  .string()
  .trim()
  .max(500)
  .pipe(z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL' }))
  .transform((url) => url.replace(/\/+$/, ''));

const word = z
  .string()
  .trim()
  .max(AI_LIMITS.wordMax)
  .nullable()
  .default(null)
  .transform((value) => (value ? value : null));

const text = z.string().trim().max(BOT_INTEGRATION_LIMITS.messageMax).default('');
const secret = z.string().trim().max(500).default('');
const timeoutMs = z
  .number()
  .int()
  .min(BOT_INTEGRATION_LIMITS.timeoutMs.min)
  .max(BOT_INTEGRATION_LIMITS.timeoutMs.max)
  .default(BOT_INTEGRATION_LIMITS.timeoutMs.default);

export const typebotSettingsBodySchema = z.object({
  kind: z.literal('typebot'),
  /** The workspace's API token (Bearer); required for `preview`, optional for a public bot. AI_SECRET_MASK keeps the stored one. */
  apiKey: secret,
  /** The Typebot viewer's address, e.g. https://typebot.io. */
  url: urlSchema,
  /** The bot's public id (published) or its id (preview). */
  botName: z
    .string()
    .trim()
    .min(1, 'Bot name: required.')
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, - and _ only.'),
  type: z.enum(TYPEBOT_TYPES).default('published'),
  stopWord: word,
  restartWord: word,
  /** Sent when the customer's answer to a choice matches none of its options (empty: the answer goes to Typebot as typed). */
  unknownMessage: text,
  /** The text above the buttons, list or numbered options when the bot's last bubble says nothing. */
  buttonChoiceMessage: text,
  /** Choices as reply buttons / a list on channels that have them (numbered text otherwise, and always when off). */
  buttons: z.boolean().default(true),
  timeoutMs,
});

export const dialogflowSettingsBodySchema = z.object({
  kind: z.literal('dialogflow'),
  /**
   * The service account's key file (JSON, pasted or uploaded): sealed at rest, never answered (the
   * tab shows its client_email). AI_SECRET_MASK keeps the stored one; '' only in stored settings.
   */
  credentials: z
    .string()
    .trim()
    .max(BOT_INTEGRATION_LIMITS.credentialsMaxBytes, 'The key file is too large (20 KiB at most).')
    .default('')
    .superRefine((value, ctx) => {
      if (!value || value === AI_SECRET_MASK) return;
      const problem = serviceAccountProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  /** The Google Cloud project of the agent (the console's project id). */
  projectId: z
    .string()
    .trim()
    .min(1, 'Project id: required.')
    .max(100)
    .regex(/^[a-z0-9][a-z0-9.:-]*$/, 'Lowercase letters, digits, - . and : only.'),
  /** The agent's language for the customer's text (BCP-47, e.g. pt-BR). */
  language: z
    .string()
    .trim()
    .min(2)
    .max(35)
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'A language code such as pt-BR.')
    .default('pt-BR'),
  /** The API address (the global one by default, or a region's). */
  url: urlSchema.default(DIALOGFLOW_DEFAULT_URL),
  /** A name for the agent, shown to the agents in the tab (Dialogflow itself does not take it). */
  botName: z.string().trim().max(200).default(''),
  stopWord: word,
  restartWord: word,
  /** Quick replies and suggestion chips as reply buttons / a list (numbered text otherwise, and always when off). */
  buttons: z.boolean().default(true),
  timeoutMs,
});

export const difySettingsBodySchema = z.object({
  kind: z.literal('dify'),
  /** The Dify app's API key (app-…). */
  apiKey: secret,
  /** The Dify API base, e.g. https://api.dify.ai/v1. */
  url: urlSchema,
  type: z.enum(DIFY_APP_TYPES).default('chatbot'),
  stopWord: word,
  restartWord: word,
  timeoutMs,
});

export const n8nSettingsBodySchema = z.object({
  kind: z.literal('n8n'),
  /** The workflow's Webhook node URL (production URL, method POST, "Respond to Webhook" or "When last node finishes"). */
  url: urlSchema,
  stopWord: word,
  restartWord: word,
  timeoutMs,
});

/** PUT /settings/bots/{kind} and POST …/test: the body's `kind` must be the path's. */
export const botIntegrationSettingsBodySchema = z.discriminatedUnion('kind', [
  typebotSettingsBodySchema,
  dialogflowSettingsBodySchema,
  difySettingsBodySchema,
  n8nSettingsBodySchema,
]);
export type BotIntegrationSettingsBody = z.input<typeof botIntegrationSettingsBodySchema>;
export type BotIntegrationSettingsInput = z.output<typeof botIntegrationSettingsBodySchema>;

export const botIntegrationParamsSchema = z.object({ kind: z.enum(BOT_INTEGRATIONS) });

/** A tab's settings: the key masked (AI_SECRET_MASK) when stored; `settings` null while not set up. */
export const botIntegrationSettingsSchema = z.object({
  kind: z.enum(BOT_INTEGRATIONS),
  configured: z.boolean(),
  settings: z
    .discriminatedUnion('kind', [
      z.object({
        kind: z.literal('typebot'),
        apiKey: z.string(),
        url: z.string(),
        botName: z.string(),
        type: z.enum(TYPEBOT_TYPES),
        stopWord: z.string().nullable(),
        restartWord: z.string().nullable(),
        unknownMessage: z.string(),
        buttonChoiceMessage: z.string(),
        buttons: z.boolean(),
        timeoutMs: z.number().int(),
      }),
      z.object({
        kind: z.literal('dialogflow'),
        /** AI_SECRET_MASK when a key file is stored. */
        credentials: z.string(),
        /** The stored key file's service account (what the tab shows of it). */
        clientEmail: z.string(),
        projectId: z.string(),
        language: z.string(),
        url: z.string(),
        botName: z.string(),
        stopWord: z.string().nullable(),
        restartWord: z.string().nullable(),
        buttons: z.boolean(),
        timeoutMs: z.number().int(),
      }),
      z.object({
        kind: z.literal('dify'),
        apiKey: z.string(),
        url: z.string(),
        type: z.enum(DIFY_APP_TYPES),
        stopWord: z.string().nullable(),
        restartWord: z.string().nullable(),
        timeoutMs: z.number().int(),
      }),
      z.object({
        kind: z.literal('n8n'),
        url: z.string(),
        stopWord: z.string().nullable(),
        restartWord: z.string().nullable(),
        timeoutMs: z.number().int(),
      }),
    ])
    .nullable(),
  updatedAt: z.string().nullable(),
});
export type BotIntegrationSettings = z.infer<typeof botIntegrationSettingsSchema>;

export const botIntegrationTestSchema = z.object({ ok: z.literal(true), detail: z.string() });
export type BotIntegrationTest = z.infer<typeof botIntegrationTestSchema>;

/**
 * What Conversa POSTs to an n8n webhook for each customer message (JSON):
 * `{ event: 'message', ticketId, contactId, channelId, message: { id, body, mediaType, timestamp } }`.
 */
export interface N8nRequest {
  event: 'message';
  ticketId: number;
  contactId: number;
  channelId: number;
  message: { id: string; body: string; mediaType: string | null; timestamp: string };
}

/**
 * What an n8n workflow answers (200, JSON; an array's first item is read, as n8n's "all items"
 * answers are): `reply` (or `output`, what n8n's AI Agent node gives, or `text`) is sent to the
 * customer; `options` (strings) become buttons / a list / numbered text like Typebot's choices;
 * `end: true` switches the bot off after sending (the ticket goes to the agents). An answer
 * without text nor options (or 204) sends nothing and the bot stays on.
 */
export const n8nAnswerSchema = z.object({
  reply: z.string().max(4096).optional(),
  output: z.string().max(4096).optional(),
  text: z.string().max(4096).optional(),
  options: z.array(z.string().trim().min(1).max(100)).max(BOT_INTEGRATION_LIMITS.listRowsMax).optional(),
  end: z.boolean().optional(),
});
export type N8nAnswer = z.infer<typeof n8nAnswerSchema>;

/** GET /ai-bots: the bots the tenant has set up, LLMs then integrations (the chat header's switches, a channel's choice). */
export const aiAvailableProvidersSchema = z.array(
  z.object({ provider: z.enum(INTEGRATION_BOT_NAMES), statusKey: z.string(), label: z.string() }),
);
export type AiAvailableProviders = z.infer<typeof aiAvailableProvidersSchema>;

// ---- per channel (GET/PUT /whatsapp/{id}/ai-bot) ----

export const channelAiBotBodySchema = z.object({
  /** The bot that answers on this channel (an LLM or an integration); null: none. */
  provider: z.enum(INTEGRATION_BOT_NAMES).nullable(),
  /** The instructions given to an LLM (its system prompt); integrations have their own. */
  prompt: z.string().trim().max(AI_LIMITS.promptMax).default(''),
  /** A customer's message equal to it (trimmed, case and accents ignored) stops the bot on the ticket (empty: the integration's own word). */
  stopWord: word,
  /** A customer's message equal to it brings the bot back on a ticket no agent attends (empty: the integration's own word). */
  restartWord: word,
  /** New tickets of the channel are answered by the bot at once (otherwise only tickets switched on). */
  answerNewTickets: z.boolean().default(false),
  /**
   * SPEC §3 Channel "disable external integrations on ticket open": an agent accepting (opening)
   * one of the channel's tickets switches every bot of the ticket off. Off, the bots go on
   * answering beside the agent (a transfer, a return to the queue or a resolve still stop them).
   */
  disableIntegrationsOnOpen: z.boolean().default(true),
  /**
   * SPEC §3 Channel "wait for external-integration processing": a customer's message a bot takes
   * is the bot's alone — the later automations (the absence message) are not run for it. Off, they
   * run as well while the bot answers.
   */
  waitIntegrationProcessing: z.boolean().default(true),
  /** The LLM's answers go out as audio (text-to-speech of the provider, OpenAI protocol only) in `voice`. */
  answerWithVoice: z.boolean().default(false),
  voice: z.enum(AI_VOICES).default('alloy'),
  speechModel: audioModelSchema.default('tts-1'),
});
export type ChannelAiBotBody = z.input<typeof channelAiBotBodySchema>;

export const channelAiBotSchema = z.object({
  channelId: z.number().int(),
  provider: z.enum(INTEGRATION_BOT_NAMES).nullable(),
  prompt: z.string(),
  stopWord: z.string().nullable(),
  restartWord: z.string().nullable(),
  answerNewTickets: z.boolean(),
  disableIntegrationsOnOpen: z.boolean(),
  waitIntegrationProcessing: z.boolean(),
  answerWithVoice: z.boolean(),
  voice: z.enum(AI_VOICES),
  speechModel: z.string(),
});
export type ChannelAiBot = z.infer<typeof channelAiBotSchema>;
