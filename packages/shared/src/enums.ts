export const PROFILES = ['user', 'super', 'admin', 'superadmin'] as const;
export type Profile = (typeof PROFILES)[number];

/** Profiles an admin may hand out inside their own tenant. */
export const TENANT_ASSIGNABLE_PROFILES = ['user', 'super', 'admin'] as const;

export const TENANT_STATUSES = ['active', 'inactive'] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];

/** The platform tenant: its superadmin administers every tenant; it can be neither deactivated nor deleted. */
export const MAIN_TENANT_ID = 1;

export const TICKET_STATUSES = ['open', 'pending', 'closed', 'schedule'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/**
 * The dashboard's status of a ticket that only carried a message sent on the company's initiative
 * (a campaign, mass send or group tool: created closed, never taken nor answered by an agent). Counted
 * among the tickets and the active ones, not as resolved nor in the handling time.
 */
export const DASHBOARD_OUTREACH_STATUS = 'outreach';

/**
 * Who started a ticket (the dashboard's receptive vs active): `customer` = the customer's message
 * opened it (receptive); every other origin is the company's outreach (active): an agent's new
 * ticket, a forward, a campaign / mass send / group tool (`outreach`), the external API, a scheduled
 * message, a birthday greeting, or a message sent from the channel's phone itself (`phone`).
 */
export const TICKET_ORIGINS = ['customer', 'agent', 'forward', 'outreach', 'api', 'schedule', 'birthday', 'phone'] as const;
export type TicketOrigin = (typeof TICKET_ORIGINS)[number];

export const CHANNEL_TYPES = ['webchat', 'waba', 'baileys', 'whatsapp', 'meow', 'evolution', 'telegram', 'hub'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

/** The QR-code WhatsApp kinds; a tenant with hideUnoficial may not use them. */
export const UNOFFICIAL_CHANNEL_TYPES: readonly ChannelType[] = ['baileys', 'whatsapp', 'meow', 'evolution'];

export const CHANNEL_STATUSES = ['qrcode', 'disconnected', 'connected', 'pairingTimeout', 'opening'] as const;
export type ChannelStatus = (typeof CHANNEL_STATUSES)[number];

export const LOCALES = ['pt', 'pt-br', 'en', 'en-us', 'en-gb', 'es', 'es-419', 'de', 'fr', 'it', 'pl', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * Header a cookie refresh must carry: a cross-site page cannot send it without a CORS preflight,
 * which the API refuses. Here, not in contracts.ts, so that the web app's HTTP client does not
 * bring zod into the login page's first download.
 */
export const REFRESH_CSRF_HEADER = { name: 'x-requested-with', value: 'conversa' } as const;

/**
 * Socket.IO event names (SPEC §4 session events). Payloads are `{ action, … }` with presented objects.
 * Here, without zod, for the web app's socket client ('@conversa/shared/enums').
 */
export const SOCKET_EVENTS = {
  ticket: 'ticket',
  appMessage: 'appMessage',
  contact: 'contact',
  /** The tenant's kanban lanes changed (created, renamed, recoloured, moved, deleted): the whole list, in board order. */
  lanes: 'lanes',
  channelSession: 'whatsappSession',
  userStatus: 'user:status',
  /** SPEC §4 "private messages": the internal chat's new messages and reads, to the members' user rooms. */
  privateMessage: 'privateMessage',
  /** A team created, changed or deleted: to supervisors and to the members concerned. */
  team: 'team',
  importProgress: 'contact:importProgress',
  historyImport: 'channel:historyImport',
  setUserActive: 'setUserActive',
  joinTicket: 'joinTicket',
  leaveTicket: 'leaveTicket',
  /** The company was deactivated: the client warns and logs out (SPEC §8 'Sua empresa está inativa!'). */
  tenantInactive: 'tenant:inactive',
  /** The company was blocked for payment (trial ended, payment overdue) or unblocked ({ blocked, reason }): the client reloads its state. */
  tenantBilling: 'tenant:billing',
  /** A client event refused by the per-socket rate limit ({ event, error: 'ERR_LIMIT_MAX' }). */
  limited: 'limit:exceeded',
  /** The bell: the user's unread notification count ({ unread }), or a refresh ({}) after a broadcast. */
  notification: 'notification',
  /** A campaign's status and counters changed (live progress): to the tenant's admins and supervisors. */
  campaign: 'campaign',
  /** A mass send's status and counters changed (live progress): to its creator and the tenant's admins and supervisors. */
  massSend: 'massSend',
} as const;

// The names of screens the app's router lists (issues 13, 14): here, without zod, for the first download.
/** The settings tabs' names (SPEC §2), one per provider. */
export const AI_PROVIDERS = ['chat-gpt', 'lm', 'ollama', 'grok', 'gemini', 'deepseek', 'qwen', 'claude'] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];

export const BOT_INTEGRATIONS = ['typebot', 'dialogflow', 'dify', 'n8n'] as const;
export type BotIntegration = (typeof BOT_INTEGRATIONS)[number];

export const CHANNEL_DEFAULT_KINDS = ['meta', 'hub', 'wuzapi', 'evolution'] as const;
export type ChannelDefaultKind = (typeof CHANNEL_DEFAULT_KINDS)[number];

export const REPORT_NAMES = [
  'estatisticas-atendimentos-usuarios',
  'lista-contatos',
  'contatos-por-etiquetas',
  'contatos-por-estado',
  'contatos-por-kanban',
  'contatos-por-carteira',
  'atendimentos-por-parametros',
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

// Campaigns' statuses (forms/campaigns.ts), without zod: the inbox's real-time code applies them.
/** SPEC §4's statuses, plus `paused`: a processing campaign stopped for a while (it cannot be canceled while it sends). */
export const CAMPAIGN_STATUSES = ['pending', 'scheduled', 'processing', 'paused', 'canceled', 'finished'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** SPEC §4: edited only when pending or canceled; scheduled (started) only from pending or canceled. */
export const CAMPAIGN_EDITABLE_STATUSES: readonly CampaignStatus[] = ['pending', 'canceled'];
export const CAMPAIGN_SCHEDULABLE_STATUSES: readonly CampaignStatus[] = ['pending', 'canceled'];
/** Canceled from these; a processing campaign cannot be (it can be paused). */
export const CAMPAIGN_CANCELABLE_STATUSES: readonly CampaignStatus[] = ['scheduled', 'paused'];
