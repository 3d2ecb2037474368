import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  BillingBlockReason,
  BillingType,
  Language,
  MediaLocation,
  NotificationContent,
  NotificationKind,
  PaymentStatus,
} from '@conversa/shared';
import type {
  AiProtocol,
  AiProvider,
  AiVoice,
  BotIntegration,
  CallStatus,
  ChannelDefaultKind,
  IntegrationBotName,
  ChannelStatus,
  ChannelType,
  GroupFailureReason,
  Profile,
  TenantStatus,
  TicketOrigin,
  TicketStatus,
  UserConfigs,
} from '@conversa/shared';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    value: numeric('value', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    connections: integer('connections').notNull(),
    users: integer('users').notNull(),
    trial: boolean('trial').notNull().default(false),
    trialDays: integer('trial_days').notNull().default(0),
    ...timestamps,
  },
  // A name is one plan's, whatever its case (409 ERR_PLAN_NAME_TAKEN).
  (t) => [uniqueIndex('plans_name_key').on(sql`lower(${t.name})`)],
);

export const tenants = pgTable(
  'tenants',
  {
    id: serial('id').primaryKey(),
    status: text('status').$type<TenantStatus>().notNull().default('active'),
    name: text('name').notNull(),
    maxUsers: integer('max_users').notNull(),
    maxConnections: integer('max_connections').notNull(),
    identity: text('identity'),
    phone: text('phone'),
    paymentToken: text('payment_token'),
    paymentCustomerId: text('payment_customer_id'),
    paymentActive: boolean('payment_active').notNull().default(false),
    trial: boolean('trial').notNull().default(false),
    trialDays: integer('trial_days').notNull().default(0),
    hideUnoficial: boolean('hide_unoficial').notNull().default(false),
    /** IANA zone of the tenant's clock: business hours, the greeting variable, birthdays. */
    timeZone: text('time_zone').notNull().default('America/Sao_Paulo'),
    planId: integer('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    /** End of the trial (sign-up time + the plan's trial days); null without a trial (issue 15). */
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    /**
     * Why the company is blocked for payment (trial ended, payment overdue), null when it is not: its
     * users reach only the routes a blocked company keeps (billing module). Tenant 1 never is.
     */
    billingBlockedReason: text('billing_blocked_reason').$type<BillingBlockReason>(),
    billingBlockedAt: timestamp('billing_blocked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [check('tenants_main_never_blocked', sql`${t.id} <> 1 or ${t.billingBlockedReason} is null`)],
);

/** The owning tenant: every tenant-owned row has one, and goes with its tenant. */
const tenantRef = () =>
  integer('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    /** Stored normalised (trimmed, lower case); unique on the platform because login is by e-mail alone. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    profile: text('profile').$type<Profile>().notNull().default('user'),
    isOnline: boolean('is_online').notNull().default(false),
    lastOnline: timestamp('last_online', { withTimezone: true }),
    blockWavoip: boolean('block_wavoip').notNull().default(false),
    configs: jsonb('configs').$type<Partial<UserConfigs>>().notNull().default({ filtrosAtendimento: null, isDark: false }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_tenant_idx').on(t.tenantId)],
);

export const userTenants = pgTable(
  'user_tenants',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: tenantRef(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_tenants_user_tenant_key').on(t.userId, t.tenantId)],
);

/** Rotating refresh tokens: one row per issued token, grouped in families; only the hash is stored. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    familyId: uuid('family_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash)],
);

/** One's own new e-mail, waiting for the link sent to it (single use, expiring). */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_change_requests_hash_key').on(t.tokenHash), index('email_change_requests_user_idx').on(t.userId)],
);

/** Fixed-window counters shared by every node (login and reset throttling). */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
  count: integer('count').notNull().default(0),
});

export const settings = pgTable(
  'settings',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('settings_tenant_key').on(t.tenantId, t.key)],
);

// ---------------------------------------------------------------------------
// Inbox: queues, channels, contacts, tickets, messages
// ---------------------------------------------------------------------------

export const queues = pgTable(
  'queues',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    color: text('color').notNull().default('#4dabf7'),
    greetingMessage: text('greeting_message'),
    ...timestamps,
  },
  (t) => [uniqueIndex('queues_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`)],
);

export const userQueues = pgTable(
  'user_queues',
  {
    tenantId: tenantRef(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.queueId] }), index('user_queues_queue_idx').on(t.queueId)],
);

export const channels = pgTable(
  'channels',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    type: text('type').$type<ChannelType>().notNull(),
    status: text('status').$type<ChannelStatus>().notNull().default('disconnected'),
    number: text('number'),
    isDefault: boolean('is_default').notNull().default(false),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    farewellMessage: text('farewell_message'),
    /** A customer message equal to it (trimmed, case and accents ignored) closes the ticket. */
    autoCloseKeyword: text('auto_close_keyword'),
    /** Every resolve asks the customer for a rating. */
    autoEvaluation: boolean('auto_evaluation').notNull().default(false),
    autoDistribution: text('auto_distribution').$type<'none' | 'random' | 'balanced'>().notNull().default('none'),
    /** Per-type settings, validated by the type's zod schema. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** Unguessable public identifier (web-chat embed key, webhook path). */
    publicKey: text('public_key').notNull(),
    qrcode: text('qrcode'),
    retries: integer('retries').notNull().default(0),
    /** The chatbot flow of the channel (SPEC §3 Channel "chatbot"): new tickets enter its published version. */
    chatFlowId: integer('chat_flow_id').references(() => chatFlows.id, { onDelete: 'set null' }),
    /** SPEC §3 Channel "birthday message and hour": sent to the channel's contacts on their birthday (birthday variables only); null: none. */
    birthdayMessage: text('birthday_message'),
    /** The whole hour (0–23, tenant's time zone) from which the day's birthday messages go out. */
    birthdayHour: integer('birthday_hour').notNull().default(9), // DEFAULT_BIRTHDAY_HOUR
    /** SPEC §3 "disable external integrations on ticket open": an agent accepting a ticket switches its bots off. */
    disableIntegrationsOnOpen: boolean('disable_integrations_on_open').notNull().default(true),
    /** SPEC §3 "wait for external-integration processing": a message a bot takes runs no later automation (absence message). */
    waitIntegrationProcessing: boolean('wait_integration_processing').notNull().default(true),
    /** SPEC §3 Channel "transcribe audio": customers' audio messages are transcribed (ai-bots module) with `audioTranscription`. */
    transcribeAudio: boolean('transcribe_audio').notNull().default(false),
    /** SPEC §3 Channel "audio-transcription JSON": the tenant's AI provider (OpenAI protocol) and the model that transcribe. */
    audioTranscription: jsonb('audio_transcription').$type<{ provider: AiProvider; model: string }>(),
    /** SPEC §3 Channel "web push": new customer messages of the channel are pushed (Web Push) to agents whose tab is closed. */
    webPush: boolean('web_push').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check('channels_birthday_hour_range', sql`${t.birthdayHour} between 0 and 23`),
    uniqueIndex('channels_public_key_key').on(t.publicKey),
    uniqueIndex('channels_one_default_per_tenant')
      .on(t.tenantId)
      .where(sql`${t.isDefault}`),
    index('channels_tenant_idx').on(t.tenantId),
  ],
);

export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    /** Digits with country code (E.164 without '+'); unique per tenant. */
    number: text('number'),
    /** Identity on a channel without phone numbers ('webchat:<visitor>', 'telegram:<chat>'); unique per tenant. */
    externalKey: text('external_key'),
    email: text('email'),
    identity: text('identity'),
    birthday: text('birthday'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    businessName: text('business_name'),
    messengerId: text('messenger_id'),
    instagramPk: text('instagram_pk'),
    hubWhatsappId: text('hub_whatsapp_id'),
    profilePicUrl: text('profile_pic_url'),
    extraInfo: jsonb('extra_info').$type<{ name: string; value: string }[]>().notNull().default([]),
    blocked: boolean('blocked').notNull().default(false),
    chatbotBlocked: boolean('chatbot_blocked').notNull().default(false),
    isGroup: boolean('is_group').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('contacts_tenant_number_key')
      .on(t.tenantId, t.number)
      .where(sql`${t.number} is not null`),
    uniqueIndex('contacts_tenant_external_key')
      .on(t.tenantId, t.externalKey)
      .where(sql`${t.externalKey} is not null`),
    index('contacts_tenant_name_idx').on(t.tenantId, t.name),
    // Substring search (ILIKE '%…%') of the ticket list and the contacts: trigram indexes (pg_trgm).
    index('contacts_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('contacts_number_trgm_idx').using('gin', sql`${t.number} gin_trgm_ops`),
    // Birthdays (/aniversarios, the daily job): the month-day ('MM-dd', the last 5 characters of
    // 'yyyy-MM-dd' or '--MM-dd') of a tenant's contacts, for the day's and the month's lookups.
    index('contacts_tenant_birthday_md_idx')
      .on(t.tenantId, sql`right(${t.birthday}, 5)`)
      .where(sql`${t.birthday} is not null`),
    // Contacts by state (report contatos-por-estado): the area code (DDD) of the tenant's Brazilian
    // numbers, '55' + DDD + 8 or 9 digits (BRAZIL_STORED_NUMBER_PATTERN, repeated by the report's SQL).
    index('contacts_tenant_area_code_idx')
      .on(t.tenantId, sql`substr(${t.number}, 3, 2)`)
      .where(sql`${t.number} ~ '^55[0-9]{10,11}$'`),
    // Contacts by creation: the dashboard's new contacts in a date range, the report lista-contatos's
    // range and its order by creation date.
    index('contacts_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
  ],
);

export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<TicketStatus>().notNull().default('pending'),
    unreadMessages: integer('unread_messages').notNull().default(0),
    lastMessage: text('last_message'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    answered: boolean('answered').notNull().default(false),
    isGroup: boolean('is_group').notNull().default(false),
    chatFlowId: integer('chat_flow_id'),
    /** Per-integration on/off flags (difyStatus, typebotStatus, …). */
    integrationStatuses: jsonb('integration_statuses').$type<Record<string, boolean>>().notNull().default({}),
    value: numeric('value', { precision: 12, scale: 2, mode: 'number' }),
    rating: integer('rating'),
    /** The kanban lane (SPEC Ticket.kanban); a deleted lane leaves its tickets without one. */
    laneId: integer('lane_id').references((): AnyPgColumn => lanes.id, { onDelete: 'set null' }),
    /** Kanban board: the ticket's place inside its lane (ascending, ties by id), kept by the tickets module under a per-lane lock. */
    lanePosition: doublePrecision('lane_position').notNull().default(0),
    /** The reason chosen at resolve (SPEC Ticket.demand; table at the end, issue 11); a deleted reason leaves its tickets without one. */
    demandId: integer('demand_id').references((): AnyPgColumn => demands.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Who started the ticket (TICKET_ORIGINS): `customer` is receptive, every other origin active outreach. Set where tickets are created. */
    origin: text('origin').$type<TicketOrigin>().notNull().default('customer'),
    /**
     * When an agent first answered: the first message an agent wrote in the ticket (a reply, a
     * forward, a farewell they typed), never a bot's, an automation's or one sent in their name
     * (scheduled message, group tool). Set once, by the statement that stores that message.
     */
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // The dashboard (insight module) and the ticket reports: a tenant's tickets created in a date range, carrying every
    // column its figures read, so that a 30-day range is counted from the index alone.
    index('tickets_tenant_created_idx').on(
      t.tenantId,
      t.createdAt,
      t.status,
      t.channelId,
      t.queueId,
      t.userId,
      t.origin,
      t.rating,
      t.firstResponseAt,
      t.closedAt,
    ),
    index('tickets_tenant_lane_idx').on(t.tenantId, t.laneId),
    // Kanban board: a lane's active cards in their order, with the visibility columns, so that a
    // page and the lane's count for an agent are read from the index alone.
    index('tickets_board_order_idx')
      .on(t.tenantId, t.laneId, t.lanePosition, t.id, t.queueId, t.userId, t.chatFlowId)
      .where(sql`${t.status} in ('open', 'pending')`),
    index('tickets_tenant_demand_idx').on(t.tenantId, t.demandId),
    // At most one open or pending ticket per contact and channel: concurrent first messages cannot make two.
    uniqueIndex('tickets_one_active_per_contact_channel')
      .on(t.contactId, t.channelId)
      .where(sql`${t.status} in ('open', 'pending')`),
    // The inbox lists: newest first within a status (read backwards), carrying the visibility
    // columns so that deep pages are cut from the index alone (no heap visit per skipped ticket).
    index('tickets_list_order_idx').on(t.tenantId, t.status, t.updatedAt, t.id, t.queueId, t.userId, t.chatFlowId),
    index('tickets_tenant_status_queue_user_idx').on(t.tenantId, t.status, t.queueId, t.userId),
    index('tickets_tenant_queue_idx').on(t.tenantId, t.queueId),
    index('tickets_tenant_user_idx').on(t.tenantId, t.userId),
    index('tickets_contact_idx').on(t.contactId),
  ],
);

/**
 * Kanban lanes (SPEC: Lane id, name, position; the peer product's columns carry a colour). The name
 * is unique per tenant whatever its case; positions are 0..n-1 without gaps, kept so by the lanes
 * module under a per-tenant lock (a unique index could not survive a one-statement shift).
 */
export const lanes = pgTable(
  'lanes',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    color: text('color').notNull().default('#868e96'),
    position: integer('position').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('lanes_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
    index('lanes_tenant_position_idx').on(t.tenantId, t.position),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    tenantId: tenantRef(),
    /** Null for messages of a blocked contact: stored, but they open no ticket. */
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    /** The provider's message id; unique per channel, so a re-delivered event is a no-op. */
    externalId: text('external_id'),
    fromMe: boolean('from_me').notNull(),
    body: text('body').notNull().default(''),
    mediaType: text('media_type'),
    mediaKey: text('media_key'),
    mediaName: text('media_name'),
    mediaMime: text('media_mime'),
    mediaSize: integer('media_size'),
    /** An audio file sent as a voice note (push-to-talk) where the channel has them (a quick message's send-as-audio). */
    mediaVoice: boolean('media_voice').notNull().default(false),
    quotedMessageId: uuid('quoted_message_id'),
    /** `unconfirmed`: a send interrupted between its claim and its answer (see send-message.job.ts). */
    status: text('status').$type<'pending' | 'sent' | 'delivered' | 'read' | 'failed' | 'received' | 'unconfirmed'>().notNull(),
    /**
     * Set right before the provider call that delivers an outgoing message: a later attempt that finds
     * it set (and the message still pending) knows an earlier one may have reached the provider.
     */
    sendClaimedAt: timestamp('send_claimed_at', { withTimezone: true }),
    /** The structured content of a POST /sendButton message (buttons, list, template), sent by the adapter's sendRich. */
    rich: jsonb('rich').$type<Record<string, unknown>>(),
    ack: integer('ack').notNull().default(0),
    edited: boolean('edited').notNull().default(false),
    deleted: boolean('deleted').notNull().default(false),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** In a group chat, who wrote the message (the participant's name or number). */
    senderName: text('sender_name'),
    error: text('error'),
    /**
     * The web app's id of an agent's reply (POST /messages/{ticketId} clientId): unique per tenant,
     * so a resent request answers the stored message instead of storing and sending it twice.
     */
    clientId: uuid('client_id'),
    /** An audio's transcript (channel option "transcribe audio"): `pending` while its job runs, `done` with the text, `failed`. */
    transcript: text('transcript'),
    transcriptStatus: text('transcript_status').$type<'pending' | 'done' | 'failed'>(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('messages_channel_external_key')
      .on(t.channelId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    uniqueIndex('messages_tenant_client_key')
      .on(t.tenantId, t.clientId)
      .where(sql`${t.clientId} is not null`),
    index('messages_ticket_created_idx').on(t.ticketId, t.createdAt),
    index('messages_tenant_idx').on(t.tenantId),
    // The orphaned-media cleanup (platform-ops) asks whether a stored file is still some message's.
    index('messages_media_key_idx')
      .on(t.mediaKey)
      .where(sql`${t.mediaKey} is not null`),
  ],
);

export const ticketLogs = pgTable(
  'ticket_logs',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_logs_ticket_idx').on(t.ticketId)],
);

export const webchatVisitors = pgTable(
  'webchat_visitors',
  {
    id: uuid('id').primaryKey(),
    tenantId: tenantRef(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webchat_visitors_channel_idx').on(t.channelId)],
);

/** Wallets: the users who own a contact's relationship (DirectTicketsToWallets). */
export const contactWallets = pgTable(
  'contact_wallets',
  {
    tenantId: tenantRef(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.contactId, t.userId] }), index('contact_wallets_user_idx').on(t.userId)],
);

/**
 * Contact imports (CSV/XLSX): the parsed rows wait here for the durable import job, which records
 * its progress and the rejected rows; the rows are dropped once the import has finished.
 */
export const contactImports = pgTable(
  'contact_imports',
  {
    id: uuid('id').primaryKey(),
    tenantId: tenantRef(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    status: text('status').$type<'queued' | 'running' | 'finished' | 'failed'>().notNull().default('queued'),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    rejected: jsonb('rejected').$type<{ row: number; reason: string }[]>().notNull().default([]),
    /** The rows still to import, as read from the file; null once finished. */
    rows: jsonb('rows').$type<{ row: number; name: string; number: string; email: string }[] | null>(),
    ...timestamps,
  },
  (t) => [index('contact_imports_tenant_idx').on(t.tenantId, t.createdAt)],
);

/**
 * Login state of the QR-code WhatsApp libraries (Baileys credentials and signal keys,
 * whatsapp-web.js session archives), kept in the database so that any node can resume a session.
 * `category` groups the entries (e.g. 'creds', 'pre-key', 'session'); `value` is the library's own
 * serialisation (JSON text or base64).
 */
export const channelAuthState = pgTable(
  'channel_auth_state',
  {
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    tenantId: tenantRef(),
    category: text('category').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.category, t.key] })],
);

/**
 * Which server process holds a channel's live session (QR-code kinds): one holder at a time, renewed
 * while it lives; another process takes the channel over once `expiresAt` has passed.
 */
export const channelSessionLeases = pgTable(
  'channel_session_leases',
  {
    channelId: integer('channel_id')
      .primaryKey()
      .references(() => channels.id, { onDelete: 'cascade' }),
    tenantId: tenantRef(),
    owner: text('owner').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('channel_session_leases_expires_idx').on(t.expiresAt)],
);

/**
 * The durable domain-event log (outbox): each event is written in the transaction of the change it
 * tells, then relayed to its consumers after commit, or by the sweep when the process that committed
 * it died first (see platform/events/event-log.ts). No foreign key: an event may tell of a deletion.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set once every consumer has handled it. */
    relayedAt: timestamp('relayed_at', { withTimezone: true }),
    /** A sweeping process holds it until then (renewed while its consumers still run). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** Sweeps that took it; past the limit it is given up and logged. */
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    index('domain_events_unrelayed_idx')
      .on(t.id)
      .where(sql`${t.relayedAt} is null`),
    index('domain_events_created_idx').on(t.createdAt),
  ],
);

/** The events a durable consumer has handled while others of the same event had not yet (partial progress). */
export const eventConsumptions = pgTable(
  'event_consumptions',
  {
    consumer: text('consumer').notNull(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.consumer] })],
);

// ---------------------------------------------------------------------------
// Automation: business hours and absence, queue greetings, auto-replies
// ---------------------------------------------------------------------------

/** A tenant's week (SPEC §3 Business hours) and absence message; no row: open every day, no message. */
export const businessHours = pgTable('business_hours', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  days: jsonb('days').$type<{ day: number; type: 'O' | 'C' | 'H'; intervals: { start: string; end: string }[] }[]>().notNull(),
  absenceMessage: text('absence_message').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per absence message sent: the inbound message it answered is unique (a message answered
 * once, even when its automation runs again), and a ticket's rows are its count of absences.
 */
export const absenceReplies = pgTable(
  'absence_replies',
  {
    inboundMessageId: uuid('inbound_message_id')
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    tenantId: tenantRef(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('absence_replies_ticket_idx').on(t.ticketId)],
);

/** A queue's greeting sent to a ticket: once per ticket and queue, by this key. */
export const queueGreetings = pgTable(
  'queue_greetings',
  {
    tenantId: tenantRef(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.queueId] })],
);

/** /auto-resposta: keyword (or first-message) replies for tenants without a chatbot flow. */
export const autoReplies = pgTable(
  'auto_replies',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    trigger: text('trigger').$type<'keyword' | 'firstMessage'>().notNull(),
    /** For keyword rules: the whole message equals a keyword, or contains it as words. */
    matchMode: text('match_mode').$type<'exact' | 'contains'>().notNull().default('exact'),
    keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
    reply: text('reply').notNull(),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    /** Only messages of this channel (null: every channel); the rule goes with its channel. */
    channelId: integer('channel_id').references(() => channels.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('auto_replies_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`)],
);

/** The inbound message an auto-reply answered: unique, so a message is answered once. */
export const autoReplySends = pgTable(
  'auto_reply_sends',
  {
    inboundMessageId: uuid('inbound_message_id')
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    tenantId: tenantRef(),
    autoReplyId: integer('auto_reply_id').references(() => autoReplies.id, { onDelete: 'set null' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auto_reply_sends_ticket_idx').on(t.ticketId)],
);

// ---------------------------------------------------------------------------
// Closing messages and ratings (SPEC /fechamento, /avaliacoes)
// ---------------------------------------------------------------------------

/** Preset farewell messages an agent picks when resolving (SPEC §3 Farewell). */
export const farewellMessages = pgTable(
  'farewell_messages',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    message: text('message').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('farewell_messages_tenant_idx').on(t.tenantId)],
);

/** The rating request texts and attempts of a tenant; absent until first saved (the defaults apply). */
export const ratingSettings = pgTable('rating_settings', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  requestMessage: text('request_message').notNull(),
  invalidMessage: text('invalid_message').notNull(),
  thanksMessage: text('thanks_message').notNull(),
  maxAttempts: integer('max_attempts').notNull(),
  ...timestamps,
});

/**
 * A rating asked of a customer at resolve (SPEC §3 Evaluation). `awaiting` while the ticket waits for the
 * answer; then `rated` (rating set), `gaveUp` (attempts exhausted) or `cancelled` (the ticket changed otherwise).
 */
export const evaluations = pgTable(
  'evaluations',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** The agent who is rated. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    status: text('status').$type<'awaiting' | 'rated' | 'gaveUp' | 'cancelled'>().notNull().default('awaiting'),
    rating: integer('rating'),
    /** Customer answers received, valid or not. */
    attempts: integer('attempts').notNull().default(0),
    /** The customer message that was last taken as an answer: the same message is never counted twice. */
    lastMessageId: uuid('last_message_id'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('evaluations_one_awaiting_per_ticket')
      .on(t.ticketId)
      .where(sql`${t.status} = 'awaiting'`),
    index('evaluations_tenant_rated_idx').on(t.tenantId, t.ratedAt),
  ],
);

/**
 * Quick messages (SPEC §3: key, message, file, send-as-audio, active): texts with template
 * variables, and optionally a file, that agents send by `/key` in the composer. The key is unique
 * per tenant whatever its case. The file is a stored media key (files are never rewritten, so
 * messages sent with it keep pointing at the same content).
 */
export const quickMessages = pgTable(
  'quick_messages',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    key: text('key').notNull(),
    message: text('message').notNull().default(''),
    mediaKey: text('media_key'),
    mediaName: text('media_name'),
    mediaMime: text('media_mime'),
    mediaSize: integer('media_size'),
    mediaType: text('media_type'),
    sendAsAudio: boolean('send_as_audio').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('quick_messages_tenant_key_key').on(t.tenantId, sql`lower(${t.key})`)],
);

// ---------------------------------------------------------------------------
// Tags (SPEC §3 Tag: name, color, active; on tickets and contacts)
// ---------------------------------------------------------------------------

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('tags_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`)],
);

/** A ticket's tags; an inactive tag stays (history), a deleted one goes (cascade). */
export const ticketTags = pgTable(
  'ticket_tags',
  {
    tenantId: tenantRef(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  // (tenant, ticket) leads: the list's per-row aggregate and its tag filter read by ticket.
  (t) => [primaryKey({ columns: [t.tenantId, t.ticketId, t.tagId] }), index('ticket_tags_tag_idx').on(t.tagId)],
);

export const contactTags = pgTable(
  'contact_tags',
  {
    tenantId: tenantRef(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.contactId, t.tagId] }), index('contact_tags_tag_idx').on(t.tagId)],
);

// ---------------------------------------------------------------------------
// Chatbot flows (issue 10 §2)
// ---------------------------------------------------------------------------

/** A flow's settings and the draft the builder edits; what runs is a published version. */
export const chatFlows = pgTable(
  'chat_flows',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    /** While set, only the contact with this number enters the flow. */
    testNumber: text('test_number'),
    /** The draft (FlowDraft of @conversa/shared/chatbot). */
    draft: jsonb('draft').$type<Record<string, unknown>>().notNull(),
    /** The draft differs from the last published version. */
    draftChanged: boolean('draft_changed').notNull().default(true),
    /** The version new conversations enter; null: never published. */
    publishedVersionId: integer('published_version_id'),
    ...timestamps,
  },
  (t) => [index('chat_flows_tenant_idx').on(t.tenantId)],
);

/** An immutable published definition: conversations finish on the version they entered. */
export const chatFlowVersions = pgTable(
  'chat_flow_versions',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    flowId: integer('flow_id')
      .notNull()
      .references(() => chatFlows.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_flow_versions_flow_version_key').on(t.flowId, t.version)],
);

/** Where a ticket is in the bot (one row per ticket in a flow; tickets.chat_flow_id mirrors it). */
export const chatFlowPositions = pgTable('chat_flow_positions', {
  ticketId: integer('ticket_id')
    .primaryKey()
    .references(() => tickets.id, { onDelete: 'cascade' }),
  tenantId: tenantRef(),
  flowId: integer('flow_id')
    .notNull()
    .references(() => chatFlows.id, { onDelete: 'cascade' }),
  versionId: integer('version_id')
    .notNull()
    .references(() => chatFlowVersions.id, { onDelete: 'cascade' }),
  stepId: text('step_id').notNull(),
  interactionIndex: integer('interaction_index').notNull(),
  waitingFor: text('waiting_for').$type<'answer' | 'delay' | 'interaction'>().notNull(),
  attempts: integer('attempts').notNull().default(0),
  waitingSince: timestamp('waiting_since', { withTimezone: true }).notNull(),
  /** The last webhook answer ({{webhook.…}}). */
  webhook: jsonb('webhook'),
  /** New at every move: a timer or an asynchronous answer scheduled for another move is stale and ignored. */
  moveId: uuid('move_id').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Customer messages the bot consumed: a message re-run after a crash never advances a flow twice. */
export const chatFlowHandledMessages = pgTable(
  'chat_flow_handled_messages',
  {
    messageId: uuid('message_id')
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    tenantId: tenantRef(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_flow_handled_messages_ticket_idx').on(t.ticketId)],
);

// ---- Protocols and internal notes (issue 11, records) ----

/**
 * The last protocol sequence number handed out per tenant and day (yyyyMMdd in the tenant's time
 * zone). Incremented by the statement that creates a ticket, in its transaction: a rolled-back
 * creation gives its number back, and the row lock orders concurrent creations (no gap, no twin).
 */
export const ticketProtocolCounters = pgTable(
  'ticket_protocol_counters',
  {
    tenantId: tenantRef(),
    day: text('day').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day] })],
);

/** A ticket's protocol (SPEC Protocol: protocol, user, ticket, date): one per ticket, unique per tenant. */
export const ticketProtocols = pgTable(
  'ticket_protocols',
  {
    ticketId: integer('ticket_id')
      .primaryKey()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    tenantId: tenantRef(),
    protocol: text('protocol').notNull(),
    /** Who opened the ticket (POST /tickets, a forward); null when the customer or a bot did. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ticket_protocols_tenant_protocol_idx').on(t.tenantId, t.protocol),
    index('ticket_protocols_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);

/** Internal notes on a ticket (SPEC Note: note, user, ticket, date): never messages, never sent. */
export const ticketNotes = pgTable(
  'ticket_notes',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull(),
    /** The tenant's users @mentioned in the note. */
    mentionedUserIds: integer('mentioned_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    ...timestamps,
  },
  (t) => [
    index('ticket_notes_ticket_idx').on(t.tenantId, t.ticketId, t.createdAt),
    index('ticket_notes_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------
// Tasks and notifications (issue 11: SPEC §3 Task, Notification; /tarefas, /notificacao)
// ---------------------------------------------------------------------------

/**
 * A task (SPEC §3). Its status is not stored: finished when finished_at is set, else delayed once
 * limit_date has passed, else pending (computed in SQL at read time). A recurring task belongs to a
 * series; finishing occurrence n creates occurrence n + 1 (unique: never twice) while repetitions
 * remain. `version` grows with every change: a reminder job carries the version it was sent for.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    limitDate: timestamp('limit_date', { withTimezone: true }).notNull(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    priority: text('priority').$type<'high' | 'medium' | 'low' | 'none'>().notNull().default('none'),
    /** Days between occurrences, 0 = none. */
    recurrence: integer('recurrence').notNull().default(0),
    /** Further occurrences finishing this one may still create. */
    repetitions: integer('repetitions').notNull().default(0),
    seriesId: uuid('series_id').notNull().defaultRandom(),
    occurrence: integer('occurrence').notNull().default(1),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('tasks_series_occurrence_key').on(t.seriesId, t.occurrence),
    index('tasks_tenant_limit_idx').on(t.tenantId, t.limitDate),
    index('tasks_tenant_owner_idx').on(t.tenantId, t.ownerId),
    index('tasks_ticket_idx').on(t.ticketId),
  ],
);

/** A task's comment thread. */
export const taskComments = pgTable(
  'task_comments',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    comment: text('comment').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('task_comments_task_idx').on(t.taskId, t.createdAt)],
);

/** What the platform superadmin sent (the /notificacao list); its rows in notifications point here. */
export const notificationBroadcasts = pgTable('notification_broadcasts', {
  id: serial('id').primaryKey(),
  /** The sender's tenant (the platform's, tenant 1). */
  tenantId: tenantRef(),
  /** The tenant it went to; null: every tenant. */
  targetTenantId: integer('target_tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
  senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
  message: text('message').notNull(),
  recipients: integer('recipients').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per recipient (SPEC §3 Notification: message, user, isRead, date). `source` + `sourceId`
 * name what caused it (a task reminder, a mention, a broadcast): unique per user, so a consumer run
 * twice notifies once.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantRef(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The text of a broadcast (or of a row older than `kind`); null when `kind` and `params` say what it is. */
    message: text('message'),
    /** A notification of the platform's own (a reminder, a mention), worded by each reader's app: @conversa/shared NotificationContent. */
    kind: text('kind').$type<NotificationKind>(),
    params: jsonb('params').$type<NotificationContent['params']>(),
    link: text('link'),
    source: text('source').notNull(),
    sourceId: text('source_id').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notifications_source_user_key').on(t.source, t.sourceId, t.userId),
    index('notifications_user_idx').on(t.tenantId, t.userId, t.createdAt),
    index('notifications_user_unread_idx')
      .on(t.tenantId, t.userId)
      .where(sql`${t.isRead} = false`),
    check('notifications_text_or_kind', sql`${t.message} is not null or ${t.kind} is not null`),
  ],
);

// ---- Teams and the internal private chat (issue 11) ----

/** Teams of users (SPEC §3 Team: name, active, users): the internal chat's team conversations and a filter of the users screen. */
export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('teams_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`)],
);

/** A team's members (a user may be in several teams); they go with the team or the user. */
export const teamUsers = pgTable(
  'team_users',
  {
    tenantId: tenantRef(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_users_user_idx').on(t.tenantId, t.userId)],
);

/** A message of the internal chat: to one user (receiverId) or to a team (teamId), never both. */
export const privateMessages = pgTable(
  'private_messages',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: integer('receiver_id').references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    body: text('body').notNull().default(''),
    mediaType: text('media_type'),
    mediaKey: text('media_key'),
    mediaName: text('media_name'),
    mediaMime: text('media_mime'),
    mediaSize: integer('media_size'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('private_messages_one_target', sql`(${t.receiverId} is null) <> (${t.teamId} is null)`),
    index('private_messages_receiver_idx').on(t.tenantId, t.receiverId, t.senderId, t.id),
    index('private_messages_sender_idx').on(t.tenantId, t.senderId, t.receiverId, t.id),
    index('private_messages_team_idx').on(t.tenantId, t.teamId, t.id),
    index('private_messages_media_key_idx')
      .on(t.mediaKey)
      .where(sql`${t.mediaKey} is not null`),
  ],
);

/** How far each user has read each conversation ('user:{otherId}' or 'team:{teamId}'): unread counts are the messages after it. */
export const privateChatReads = pgTable(
  'private_chat_reads',
  {
    tenantId: tenantRef(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversation: text('conversation').notNull(),
    lastReadId: integer('last_read_id').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.conversation] })],
);

// ---- Reasons / demands and the ticket panel (issue 11) ----

/** Reasons (SPEC Demand: name) chosen when a ticket is resolved; the name is unique per tenant whatever its case. */
export const demands = pgTable(
  'demands',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('demands_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`)],
);

// ---- Contact variables (settings, CRM tab `variaveis`) ----

/**
 * The tenant's own template variables: `{{name}}` in any text Conversa sends is the contact's
 * additional information (contacts.extra_info) of that name. Unique per tenant whatever the case.
 */
export const contactVariables = pgTable(
  'contact_variables',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    description: text('description'),
    ...timestamps,
  },
  (t) => [uniqueIndex('contact_variables_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`)],
);

// ---- Birthdays (issue 12) ----

/**
 * One birthday greeting per contact and year (the contact's year in the tenant's time zone): the
 * claim taken, in the transaction that queues the message on the one outbound path, by the daily
 * job or a manual send, whichever comes first. A second claim of the same year is refused by the key.
 */
export const birthdaySends = pgTable(
  'birthday_sends',
  {
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    tenantId: tenantRef(),
    channelId: integer('channel_id').references(() => channels.id, { onDelete: 'set null' }),
    /** The queued message (kept when the message goes: the claim still stands). */
    messageId: uuid('message_id'),
    /** Who sent it by hand; null: the daily job. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.contactId, t.year] }), index('birthday_sends_tenant_year_idx').on(t.tenantId, t.year)],
);

// ---- Scheduled messages (issue 12) ----

/**
 * A message scheduled for a contact on a channel (SPEC §3 Scheduled message). `version` changes at
 * every edit, cancel and occurrence sent: a send job of another version is stale and does nothing.
 * A recurring one stays pending after each occurrence with its next scheduleDate (occurrence + 1).
 */
export const scheduledMessages = pgTable(
  'scheduled_messages',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    /** The ticket it was scheduled from, then the ticket its last occurrence went into. */
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull().default(''),
    mediaKey: text('media_key'),
    mediaName: text('media_name'),
    mediaMime: text('media_mime'),
    mediaSize: integer('media_size'),
    mediaType: text('media_type'),
    scheduleDate: timestamp('schedule_date', { withTimezone: true }).notNull(),
    /** Days between occurrences, 0 = none. */
    recurrence: integer('recurrence').notNull().default(0),
    status: text('status').$type<'pending' | 'sent' | 'failed' | 'canceled'>().notNull().default('pending'),
    occurrence: integer('occurrence').notNull().default(1),
    sentCount: integer('sent_count').notNull().default(0),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    error: text('error'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index('scheduled_messages_tenant_status_idx').on(t.tenantId, t.status, t.scheduleDate),
    index('scheduled_messages_ticket_idx')
      .on(t.ticketId)
      .where(sql`${t.status} = 'pending'`),
    index('scheduled_messages_contact_channel_idx')
      .on(t.contactId, t.channelId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * One occurrence of a schedule handed to the outbound path: claimed (inserted) in the transaction
 * that stores its message and enqueues the send job. The unique key makes a second claim (a job run
 * twice, after a restart) a no-op: each occurrence is sent at most once.
 */
export const scheduledMessageSends = pgTable(
  'scheduled_message_sends',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => scheduledMessages.id, { onDelete: 'cascade' }),
    occurrence: integer('occurrence').notNull(),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('scheduled_message_sends_occurrence_key').on(t.scheduleId, t.occurrence)],
);

// ---- Campaigns (issue 12) ----

/** The stored file of one campaign message. */
export interface CampaignMediaFile {
  key: string;
  name: string;
  mime: string;
  size: number | null;
  type: string;
}

/**
 * A campaign (SPEC §3): up to 3 messages (one chosen at random per contact), each with an optional
 * file (`media[i]`), sent through one channel with `delay_seconds` between sends; replies open
 * tickets in `queue_id`. `run` counts the starts: the runner job of an older start does nothing.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    status: text('status')
      .$type<'pending' | 'scheduled' | 'processing' | 'paused' | 'canceled' | 'finished'>()
      .notNull()
      .default('pending'),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    delaySeconds: integer('delay_seconds').notNull().default(20),
    message1: text('message1').notNull().default(''),
    message2: text('message2').notNull().default(''),
    message3: text('message3').notNull().default(''),
    media: jsonb('media').$type<Array<CampaignMediaFile | null>>().notNull().default([null, null, null]),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    run: integer('run').notNull().default(0),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('campaigns_tenant_idx').on(t.tenantId, t.id)],
);

/**
 * A contact linked to a campaign: one row per (campaign, contact), the unique key of its one send.
 * `status`: waiting → claimed (in the transaction that queues its message on the one outbound path,
 * `message_id`), or skipped (nothing to send to). What happened to the message afterwards is the
 * message's own status.
 */
export const campaignContacts = pgTable(
  'campaign_contacts',
  {
    tenantId: tenantRef(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    status: text('status').$type<'waiting' | 'claimed' | 'skipped'>().notNull().default('waiting'),
    /** 1–3: the message it got. */
    messageNumber: integer('message_number'),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.contactId] }),
    index('campaign_contacts_waiting_idx')
      .on(t.campaignId, t.contactId)
      .where(sql`${t.status} = 'waiting'`),
    index('campaign_contacts_message_idx').on(t.messageId),
    index('campaign_contacts_contact_idx').on(t.tenantId, t.contactId, t.claimedAt),
    index('campaign_contacts_claimed_idx').on(t.campaignId, t.claimedAt),
  ],
);

/**
 * A tenant's SMS provider (Twilio Programmable Messaging): the Account SID and its Auth Token
 * (sealed by SecretBox, never answered), the sender (a number, or a Messaging Service) and the API
 * base URL (under the outbound address policy, like channel base URLs).
 */
export const smsSettings = pgTable('sms_settings', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  provider: text('provider').$type<'twilio'>().notNull().default('twilio'),
  accountSid: text('account_sid').notNull(),
  authToken: text('auth_token').notNull(),
  fromNumber: text('from_number'),
  messagingServiceSid: text('messaging_service_sid'),
  baseUrl: text('base_url').notNull(),
  ...timestamps,
});

/**
 * A company's own SMTP server (SPEC §3 SMTP: host, port, user, password, secure): the e-mails sent
 * on behalf of the company go through it (tenant-smtp module). The password is sealed (SecretBox).
 */
export const tenantSmtpSettings = pgTable('tenant_smtp_settings', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  host: text('host').notNull(),
  port: integer('port').notNull(),
  secure: boolean('secure').notNull().default(false),
  user: text('user').notNull().default(''),
  password: text('password'),
  fromAddress: text('from_address').notNull(),
  ...timestamps,
});

/**
 * Per company and channel kind (meta, hub, wuzapi, evolution), the settings new channels of that
 * kind inherit (base URL, keys); secrets sealed like a channel's own settings.
 */
export const channelDefaults = pgTable(
  'channel_defaults',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ChannelDefaultKind>().notNull(),
    values: jsonb('values').$type<Record<string, string>>().notNull().default({}),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.kind] })],
);

/**
 * One SMS, the claim of its one send (DESIGN §6 "sends are claims"): (tenant, source kind, source
 * key) is unique, so queueing the same send twice makes one row and one job. Its status goes
 * queued → sending (claimed by the send job, in a transaction, right before the provider call) →
 * sent (with the provider's id) → delivered / failed by the status callbacks; `unconfirmed` when
 * a crash left it `sending` and the provider could not show it (never resent blindly).
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantRef(),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** E.164, with the '+'. */
    toNumber: text('to_number').notNull(),
    body: text('body').notNull(),
    segments: integer('segments').notNull(),
    status: text('status').$type<'queued' | 'sending' | 'sent' | 'delivered' | 'failed' | 'unconfirmed'>().notNull().default('queued'),
    providerId: text('provider_id'),
    errorCode: text('error_code'),
    error: text('error'),
    /** Who asked for it ('agent', 'mass', …) and its unique key there. */
    sourceKind: text('source_kind').notNull(),
    sourceKey: text('source_key').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('sms_messages_source_unique').on(t.tenantId, t.sourceKind, t.sourceKey),
    uniqueIndex('sms_messages_provider_unique').on(t.tenantId, t.providerId),
    index('sms_messages_contact_idx').on(t.tenantId, t.contactId, t.createdAt),
    index('sms_messages_ticket_idx').on(t.tenantId, t.ticketId, t.createdAt),
  ],
);

/**
 * WhatsApp group tools (issue 12, /grupo). A number banned from one group of a channel (group_jid)
 * or from all of its groups (group_jid null): when it joins, it is removed.
 */
export const groupBans = pgTable(
  'group_bans',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    groupJid: text('group_jid'),
    groupSubject: text('group_subject'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('group_bans_unique_idx').on(t.channelId, t.number, sql`coalesce(${t.groupJid}, '')`),
    index('group_bans_tenant_idx').on(t.tenantId, t.channelId),
  ],
);

/** A word (SPEC §5: lowercase) that gets a group message deleted for everyone. */
export const groupWords = pgTable(
  'group_words',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('group_words_unique_idx').on(t.channelId, t.word),
    index('group_words_tenant_idx').on(t.tenantId, t.channelId),
    check('group_words_lowercase', sql`${t.word} = lower(${t.word})`),
  ],
);

/** Per channel: greeting and farewell sent to its groups, and what a listed word costs its author. */
export const groupSettings = pgTable('group_settings', {
  channelId: integer('channel_id')
    .primaryKey()
    .references(() => channels.id, { onDelete: 'cascade' }),
  tenantId: tenantRef(),
  greeting: text('greeting').notNull().default(''),
  farewell: text('farewell').notNull().default(''),
  wordAction: text('word_action').$type<'warn' | 'remove'>().notNull().default('warn'),
  wordWarning: text('word_warning').notNull().default(''),
  ...timestamps,
});

/** A bulk action over selected groups (massagrupos, massagrupos2, massausuarios); its items are group_actions rows. */
export const groupBatches = pgTable(
  'group_batches',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'send' | 'settings' | 'add' | 'remove' | 'promote' | 'demote'>().notNull(),
    /** What it does: the text (send), the changes (settings). */
    payload: jsonb('payload').$type<{ body?: string; subject?: string; description?: string; adminsOnly?: boolean }>().notNull(),
    delaySeconds: integer('delay_seconds').notNull().default(0),
    status: text('status').$type<'processing' | 'finished'>().notNull().default('processing'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('group_batches_tenant_idx').on(t.tenantId, t.id)],
);

/**
 * The action log of the group tools (SPEC §3: user, group, WhatsApp id, date), and the claim of
 * each action: `key` is unique per channel (an inbound event's or a bulk item's), inserted before
 * WhatsApp is asked, so a redelivered event or a restarted job never acts twice. user_id null:
 * done by Conversa on its own (ban, word, greeting, farewell).
 */
export const groupActions = pgTable(
  'group_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantRef(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    batchId: integer('batch_id').references(() => groupBatches.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    groupJid: text('group_jid').notNull(),
    groupSubject: text('group_subject'),
    action: text('action').notNull(),
    target: text('target'),
    status: text('status').$type<'waiting' | 'running' | 'done' | 'failed'>().notNull(),
    reason: text('reason').$type<GroupFailureReason>(),
    detail: text('detail'),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('group_actions_key_idx').on(t.channelId, t.key),
    index('group_actions_tenant_idx').on(t.tenantId, t.id),
    index('group_actions_batch_idx').on(t.batchId, t.id),
    index('group_actions_waiting_idx')
      .on(t.batchId, t.id)
      .where(sql`${t.status} in ('waiting', 'running')`),
  ],
);

// ---- Mass sends (issue 12, /massa) ----

/** The stored file of a mass send's text kinds. */
export interface MassSendMediaFile {
  key: string;
  name: string;
  mime: string;
  size: number | null;
  type: string;
}

/** The approved template a template kind sends: its body as approved (the history's text) and each placeholder's value as written. */
export interface MassSendTemplate {
  name: string;
  language: string;
  body: string;
  params: string[];
}

/**
 * A mass send (SPEC §2 /massa): one kind, one channel, a random pause of min to max seconds between
 * two sends. `next_send_at` is when the runner may claim the next recipient (the pause drawn at the
 * previous claim, so a restart or a second runner keeps it); `run` counts the (re)starts: the runner
 * job of an older one does nothing.
 */
export const massSends = pgTable(
  'mass_sends',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    kind: text('kind').$type<'texto' | 'textovariavel' | 'sms' | 'template' | 'template-variavel'>().notNull(),
    status: text('status').$type<'processing' | 'paused' | 'canceled' | 'finished'>().notNull().default('processing'),
    /** The connection it sends through; null for `sms` (the tenant's SMS provider). */
    channelId: integer('channel_id').references(() => channels.id, { onDelete: 'cascade' }),
    minDelaySeconds: integer('min_delay_seconds').notNull(),
    maxDelaySeconds: integer('max_delay_seconds').notNull(),
    message: text('message').notNull().default(''),
    media: jsonb('media').$type<MassSendMediaFile | null>(),
    sendAsAudio: boolean('send_as_audio').notNull().default(false),
    template: jsonb('template').$type<MassSendTemplate | null>(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    run: integer('run').notNull().default(0),
    nextSendAt: timestamp('next_send_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('mass_sends_tenant_idx').on(t.tenantId, t.id)],
);

/**
 * One recipient of a mass send: one row per (mass send, number), the unique key of its one send.
 * `status`: waiting → claimed (in the transaction that hands its message to the one outbound path,
 * `message_id`), or skipped (nothing sent, `error` says why). What happened to the message afterwards
 * is the message's own status.
 */
export const massSendRecipients = pgTable(
  'mass_send_recipients',
  {
    tenantId: tenantRef(),
    massSendId: integer('mass_send_id')
      .notNull()
      .references(() => massSends.id, { onDelete: 'cascade' }),
    /** Digits with the country code. */
    number: text('number').notNull(),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    status: text('status').$type<'waiting' | 'claimed' | 'skipped'>().notNull().default('waiting'),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    /** An `sms` mass send's claim: the SMS queued in the claiming transaction (instead of a message). */
    smsId: uuid('sms_id').references(() => smsMessages.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    error: text('error'),
    /** The order the recipients were given in: they are sent in it. */
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.massSendId, t.number] }),
    index('mass_send_recipients_waiting_idx')
      .on(t.massSendId, t.position)
      .where(sql`${t.status} = 'waiting'`),
    index('mass_send_recipients_message_idx').on(t.messageId),
    index('mass_send_recipients_sms_idx').on(t.smsId),
    index('mass_send_recipients_claimed_idx').on(t.massSendId, t.claimedAt),
  ],
);

/**
 * A tenant's LLM provider (SPEC §2 settings chat-gpt, lm, ollama, grok, gemini, deepseek, qwen,
 * claude): the API key (sealed by SecretBox, never answered; null for local servers), the base URL
 * (under the outbound address policy), the model and the wire protocol, the answer wait and the
 * context budget.
 */
export const aiProviderSettings = pgTable(
  'ai_provider_settings',
  {
    tenantId: tenantRef(),
    provider: text('provider').$type<AiProvider>().notNull(),
    apiKey: text('api_key'),
    baseUrl: text('base_url').notNull(),
    model: text('model').notNull(),
    protocol: text('protocol').$type<AiProtocol>().notNull(),
    timeoutMs: integer('timeout_ms').notNull(),
    contextTokens: integer('context_tokens').notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.provider] })],
);

/** The AI that answers on a channel (SPEC §3 Channel "per-AI settings"): its prompt, stop and restart words, and whether it takes new tickets. */
export const channelAiBots = pgTable(
  'channel_ai_bots',
  {
    channelId: integer('channel_id')
      .primaryKey()
      .references(() => channels.id, { onDelete: 'cascade' }),
    tenantId: tenantRef(),
    provider: text('provider').$type<IntegrationBotName>().notNull(),
    prompt: text('prompt').notNull().default(''),
    stopWord: text('stop_word'),
    restartWord: text('restart_word'),
    answerNewTickets: boolean('answer_new_tickets').notNull().default(false),
    /** The answers go out as audio: the provider's text-to-speech (`speechModel`, `voice` of SPEC §3 voices). */
    answerWithVoice: boolean('answer_with_voice').notNull().default(false),
    voice: text('voice').$type<AiVoice>().notNull().default('alloy'),
    speechModel: text('speech_model').notNull().default('tts-1'),
    ...timestamps,
  },
  (t) => [index('channel_ai_bots_tenant_idx').on(t.tenantId)],
);

/**
 * The bot's answer to one customer's message (the claim of its one reply): (tenant, inbound
 * message) is unique, so the inbound chain run twice makes one row and one job; the job sends the
 * reply in the transaction that moves it from `pending` to `answered` (or `failed`: the provider
 * refused or timed out, the ticket left to humans; `skipped`: the bot was stopped meanwhile).
 */
export const aiBotReplies = pgTable(
  'ai_bot_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantRef(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    inboundMessageId: uuid('inbound_message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<IntegrationBotName>().notNull(),
    status: text('status').$type<'pending' | 'answered' | 'failed' | 'skipped'>().notNull().default('pending'),
    replyMessageId: uuid('reply_message_id').references(() => messages.id, { onDelete: 'set null' }),
    error: text('error'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('ai_bot_replies_inbound_unique').on(t.tenantId, t.inboundMessageId),
    index('ai_bot_replies_ticket_idx').on(t.tenantId, t.ticketId),
  ],
);

/**
 * A chatbot-builder or automation integration of a tenant (SPEC §3 Integration configs: Typebot,
 * Dify, n8n): its settings as the tab's zod schema checked them (`config`, without the key) and its
 * API key sealed (SecretBox label 'botIntegration.apiKey').
 */
export const botIntegrationSettings = pgTable(
  'bot_integration_settings',
  {
    tenantId: tenantRef(),
    kind: text('kind').$type<BotIntegration>().notNull(),
    apiKey: text('api_key'),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.kind] })],
);

/**
 * An integration's conversation with one ticket's customer: Typebot's session id and the choices
 * it offered last, Dify's conversation_id. Forgotten when the bot is (re)started on the ticket.
 */
export const botIntegrationSessions = pgTable(
  'bot_integration_sessions',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<BotIntegration>().notNull(),
    tenantId: tenantRef(),
    sessionId: text('session_id'),
    /** The choices the bot offered last (Typebot's choice input), the customer's "2" read against them. */
    choices: jsonb('choices').$type<string[]>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.kind] }), index('bot_integration_sessions_tenant_idx').on(t.tenantId)],
);

/**
 * An API configuration (SPEC §3, `/api-service`): a token with which an outside system (n8n, a CRM,
 * a shop) calls the external API `/v1/api/external/{id}/…` of its tenant, sending through one
 * channel. Only the token's SHA-256 is stored (the token is 32 random bytes, shown once); its last
 * four characters are kept to recognise it. Regenerating replaces the hash: the old token stops at once.
 */
export const apiConfigs = pgTable(
  'api_configs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    tokenLast4: text('token_last4').notNull(),
    active: boolean('active').notNull().default(true),
    /** Where the tenant's events are POSTed (outgoing webhooks); null: none. Checked by the outbound address policy. */
    webhookUrl: text('webhook_url'),
    /**
     * The HMAC-SHA256 key of the webhook signatures, sealed (SecretBox, label `api_configs.webhook_secret`).
     * Null only for configurations made before webhooks: one is generated on their first use.
     */
    webhookSecret: text('webhook_secret'),
    webhookSecretLast4: text('webhook_secret_last4'),
    ...timestamps,
  },
  (t) => [index('api_configs_tenant_idx').on(t.tenantId, t.createdAt)],
);

/**
 * One event for one API configuration's webhook (outgoing webhooks, issue 13): the exact JSON body
 * (signed at each attempt with the attempt's timestamp), its attempts and outcome. One per
 * (configuration, event). A ticket's deliveries go out in event order: one waits while an earlier
 * one of the same ticket and configuration is pending.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantRef(),
    apiConfigId: uuid('api_config_id')
      .notNull()
      .references(() => apiConfigs.id, { onDelete: 'cascade' }),
    /** The domain event's id (its order in the log). */
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    /** The webhook events one domain event gives, in order (a customer's first message: ticket.created 0, message.received 1). */
    seq: smallint('seq').notNull().default(0),
    eventType: text('event_type').notNull(),
    /** The ticket the event is about (ordering key); null for events of no ticket (contact.created). */
    ticketId: integer('ticket_id'),
    body: text('body').notNull(),
    state: text('state').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    /** The start of the receiver's last answer (at most 500 characters). */
    responseExcerpt: text('response_excerpt'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** An attempt in progress holds the delivery until then (a crashed attempt's claim runs out). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** Past this, a failed attempt marks the delivery failed (24 h after it was made or resent). */
    giveUpAt: timestamp('give_up_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('webhook_deliveries_config_event_key').on(t.apiConfigId, t.eventId, t.seq),
    index('webhook_deliveries_log_idx').on(t.apiConfigId, t.createdAt),
    index('webhook_deliveries_ticket_pending_idx')
      .on(t.apiConfigId, t.ticketId, t.eventId, t.seq)
      .where(sql`${t.state} = 'pending'`),
    // A configuration's pending deliveries in event order: what its drain takes next.
    index('webhook_deliveries_config_pending_idx')
      .on(t.apiConfigId, t.eventId, t.seq)
      .where(sql`${t.state} = 'pending'`),
    index('webhook_deliveries_settled_idx').on(t.updatedAt),
    check('webhook_deliveries_state', sql`${t.state} in ('pending', 'delivered', 'failed')`),
  ],
);

/**
 * One call of the external API: which configuration, route, answer status and duration. Kept for a
 * bounded time (API_CALL_LOG_RETENTION_DAYS), swept by a daily job.
 */
export const apiCallLogs = pgTable(
  'api_call_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantRef(),
    apiConfigId: uuid('api_config_id')
      .notNull()
      .references(() => apiConfigs.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    route: text('route').notNull(),
    status: integer('status').notNull(),
    durationMs: integer('duration_ms').notNull(),
    errorCode: text('error_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_call_logs_config_idx').on(t.apiConfigId, t.id), index('api_call_logs_created_idx').on(t.createdAt)],
);

/**
 * A Tenant API token (SPEC §2 `/tenantApi`, §3 "Tenant API: id, apiToken"): made by the platform's
 * superadmin for a reseller, it calls the tenant administration API `/v1/api/admin/{id}/…` (create
 * companies, change their plan, suspend them, reset a user's password). Stored like an API
 * configuration's token: its SHA-256 and last four characters only.
 */
export const tenantApis = pgTable('tenant_apis', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  tokenHash: text('token_hash').notNull(),
  tokenLast4: text('token_last4').notNull(),
  active: boolean('active').notNull().default(true),
  ...timestamps,
});

/**
 * The companies a Tenant API token created: a token manages only those (a reseller sees its own
 * customers, never another reseller's nor the platform's). Goes with the token or the company.
 */
export const tenantApiTenants = pgTable(
  'tenant_api_tenants',
  {
    tenantApiId: uuid('tenant_api_id')
      .notNull()
      .references(() => tenantApis.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantApiId, t.tenantId] }), index('tenant_api_tenants_tenant_idx').on(t.tenantId)],
);

/** One call of the tenant administration API, kept API_CALL_LOG_RETENTION_DAYS days like the external API's. */
export const tenantApiCallLogs = pgTable(
  'tenant_api_call_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantApiId: uuid('tenant_api_id')
      .notNull()
      .references(() => tenantApis.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    route: text('route').notNull(),
    status: integer('status').notNull(),
    durationMs: integer('duration_ms').notNull(),
    errorCode: text('error_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tenant_api_call_logs_api_idx').on(t.tenantApiId, t.id), index('tenant_api_call_logs_created_idx').on(t.createdAt)],
);

// ---- Reports (issue 14: /relatorios exports) ----

/**
 * A report export (POST /reports/{report}/exports): a durable job writes the file (CSV or XLSX)
 * under DATA_DIR/reports, counting rows as it goes; only its maker downloads it, within 24 hours
 * (the daily purge deletes older rows and their files).
 */
export const reportExports = pgTable(
  'report_exports',
  {
    id: uuid('id').primaryKey(),
    tenantId: tenantRef(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    report: text('report').notNull(),
    format: text('format').$type<'csv' | 'xlsx'>().notNull(),
    /** The filters as given (the query-string shape of GET /reports/{report}), validated when the export was asked. */
    filters: jsonb('filters').$type<Record<string, string | string[]>>().notNull().default({}),
    sort: text('sort'),
    sortOrder: text('sort_order').$type<'asc' | 'desc'>().notNull().default('asc'),
    status: text('status').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total'),
    /** The file's name under DATA_DIR/reports/<tenant>/ once written. */
    fileKey: text('file_key'),
    error: text('error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('report_exports_tenant_user_idx').on(t.tenantId, t.userId, t.createdAt),
    index('report_exports_created_idx').on(t.createdAt),
  ],
);

/**
 * An export's rows in their order, fixed once by one sorting statement when the export starts
 * (position 1..n and the row's id: a contact, a ticket). The export then reads its batches by
 * position, so that a sort on a computed column (tags, state, notes…) is sorted once, not once per
 * batch. Removed when the export ends, and with its export.
 */
export const reportExportOrder = pgTable(
  'report_export_order',
  {
    exportId: uuid('export_id')
      .notNull()
      .references(() => reportExports.id, { onDelete: 'cascade' }),
    tenantId: tenantRef(),
    position: integer('position').notNull(),
    rowId: integer('row_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.position] })],
);

/** Binary content (bytea): a Buffer on both drivers (PGlite answers a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value),
});

/**
 * White-label (issue 15): a company's own name, palette and images (null: inherited). Tenant 1's row is
 * the platform's: every company without its own setting inherits it, and the login page shows it.
 */
export const tenantBranding = pgTable('tenant_branding', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  appName: text('app_name'),
  /** The colours set (PALETTE_KEYS → #rrggbb); null: inherited. */
  systemColors: jsonb('system_colors').$type<Partial<Record<string, string>>>(),
  logoKey: text('logo_key'),
  faviconKey: text('favicon_key'),
  icon192Key: text('icon192_key'),
  icon512Key: text('icon512_key'),
  backgroundKey: text('background_key'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The images of white-label, decoded and re-encoded by the server, kept in the database so that every
 * node serves them; public under an unguessable key (the branding answers name it).
 */
export const brandingFiles = pgTable(
  'branding_files',
  {
    key: text('key').primaryKey(),
    tenantId: tenantRef(),
    kind: text('kind').$type<'logo' | 'favicon' | 'icon192' | 'icon512' | 'background'>().notNull(),
    mime: text('mime').notNull(),
    content: bytea('content').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('branding_files_tenant_idx').on(t.tenantId)],
);

/**
 * Web push subscriptions (issue 15): one per browser (its push service endpoint), of the user signed
 * in there; a subscription the push service answers 404/410 for is deleted.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    /** The language its pushes are worded in (the web app's, told on subscribing and on every change). */
    language: text('language').$type<Language>().notNull().default('pt'),
    lastPushAt: timestamp('last_push_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.tenantId, t.userId),
    check('push_subscriptions_language', sql`${t.language} in ('pt', 'en', 'es', 'de', 'fr', 'it', 'pl', 'ru')`),
  ],
);
// ---- Subscriptions and payments (issue 15) ----

/**
 * A company's charge for one month of its plan (SPEC §3 Payment: id, status, dueDate, link). One per
 * company and due date: the monthly round that makes them can run twice without charging twice.
 * The provider's charge (Asaas) is made by a job after the row exists; its id is unique, so a
 * webhook finds its payment and a retried creation is recognised by `externalReference` (the id).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantRef(),
    planId: integer('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    value: numeric('value', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    billingType: text('billing_type').$type<BillingType>().notNull().default('UNDEFINED'),
    provider: text('provider').$type<'asaas'>(),
    providerPaymentId: text('provider_payment_id'),
    /** Asaas invoiceUrl: the page where the payer pays (bank slip, PIX or card). */
    link: text('link'),
    bankSlipUrl: text('bank_slip_url'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The operator who marked it received by hand (audit), with paidAt as the moment. */
    receivedByUserId: integer('received_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    receivedByName: text('received_by_name'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_tenant_due_key').on(t.tenantId, t.dueDate),
    uniqueIndex('payments_provider_payment_key').on(t.providerPaymentId),
    index('payments_status_due_idx').on(t.status, t.dueDate),
  ],
);

/** The platform's payment provider (one row): Asaas base URL, API key and webhook token sealed (SecretBox). */
export const billingSettings = pgTable(
  'billing_settings',
  {
    id: smallint('id').primaryKey().default(1),
    provider: text('provider').$type<'asaas'>().notNull().default('asaas'),
    active: boolean('active').notNull().default(false),
    baseUrl: text('base_url').notNull(),
    apiKey: text('api_key'),
    webhookToken: text('webhook_token'),
    billingType: text('billing_type').$type<BillingType>().notNull().default('UNDEFINED'),
    ...timestamps,
  },
  (t) => [check('billing_settings_single_row', sql`${t.id} = 1`)],
);

/** Provider webhook events already handled: the insert is the dedupe (Asaas retries and may send one twice). */
export const billingWebhookEvents = pgTable('billing_webhook_events', {
  id: text('id').primaryKey(),
  event: text('event').notNull(),
  providerPaymentId: text('provider_payment_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the platform's operators did (issue 15: every monitor and maintenance action audited): who
 * (user and tenant, with the name at the time), when, what (action), on what (target type, id and
 * its tenant), with which outcome ('ok' or the error code) and details. Kept whatever happens to
 * the user or the target (no foreign keys).
 */
export const platformAuditLog = pgTable(
  'platform_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    actorTenantId: integer('actor_tenant_id'),
    actorName: text('actor_name'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    targetTenantId: integer('target_tenant_id'),
    outcome: text('outcome').notNull().default('ok'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('platform_audit_log_at_idx').on(t.at), index('platform_audit_log_action_idx').on(t.action, t.at)],
);

/**
 * Restarts of a pg-boss queue from the task-queue monitor (SPEC §9): when the last one was, and how
 * many restarts in a row were followed by failures again (after 5, restarting the server is advised).
 */
export const jobQueueRestarts = pgTable('job_queue_restarts', {
  queueName: text('queue_name').primaryKey(),
  lastRestartAt: timestamp('last_restart_at', { withTimezone: true }).notNull(),
  failedRestarts: integer('failed_restarts').notNull().default(0),
});

/** Platform maintenance runs (the orphaned-media cleanup): one at a time, with their progress. */
export const maintenanceRuns = pgTable(
  'maintenance_runs',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').$type<'media-cleanup'>().notNull(),
    status: text('status').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    dryRun: boolean('dry_run').notNull().default(false),
    scanned: integer('scanned').notNull().default(0),
    orphaned: integer('orphaned').notNull().default(0),
    removed: integer('removed').notNull().default(0),
    bytesFreed: bigint('bytes_freed', { mode: 'number' }).notNull().default(0),
    error: text('error'),
    requestedBy: integer('requested_by'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('maintenance_runs_one_active')
      .on(t.kind)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('maintenance_runs_created_idx').on(t.createdAt),
  ],
);

/**
 * A channel's voice-call instance tokens (SPEC §3 Channel "voice-call tokens (comma-separated)"):
 * one Wavoip device per token, tried in order for an outgoing call. Each token sealed (SecretBox).
 */
export const channelCallTokens = pgTable(
  'channel_call_tokens',
  {
    channelId: integer('channel_id')
      .primaryKey()
      .references(() => channels.id, { onDelete: 'cascade' }),
    tenantId: tenantRef(),
    /** Sealed tokens, in the order they are tried. */
    tokens: jsonb('tokens').$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [index('channel_call_tokens_tenant_idx').on(t.tenantId)],
);

/** A voice call (SPEC §3 Call): placed from the softphone or offered by the provider. */
export const calls = pgTable(
  'calls',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    channelId: integer('channel_id').references(() => channels.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    direction: text('direction').$type<'incoming' | 'outgoing'>().notNull(),
    phone: text('phone').notNull(),
    caller: text('caller').notNull(),
    receiver: text('receiver').notNull(),
    contactName: text('contact_name'),
    status: text('status').$type<CallStatus>().notNull(),
    /** The position (1-based) of the channel's token that carried the call. */
    instance: integer('instance'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    duration: integer('duration').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('calls_tenant_started_idx').on(t.tenantId, t.startedAt),
    index('calls_tenant_channel_idx').on(t.tenantId, t.channelId),
    // One live call per channel instance (0048): the node that records a device's offer first claims it.
    uniqueIndex('calls_live_instance_idx')
      .on(t.channelId, t.instance)
      .where(sql`${t.status} NOT IN ('terminate', 'reject', 'accept_elsewhere', 'reject_elsewhere')`),
  ],
);

/**
 * Where message files are kept (issue 15, media store): one row; 'local' (DATA_DIR/media) until a
 * media migration to S3 finishes, then 's3' (and back). Read by every node's media store.
 */
export const mediaStorageState = pgTable(
  'media_storage_state',
  {
    id: smallint('id').primaryKey().default(1),
    active: text('active').$type<MediaLocation>().notNull().default('local'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('media_storage_state_single', sql`${t.id} = 1`)],
);

/** A copy of every stored file from one location to the other (/atualizar); one at a time, resumable. */
export const mediaMigrations = pgTable(
  'media_migrations',
  {
    id: uuid('id').primaryKey(),
    source: text('source').$type<MediaLocation>().notNull(),
    target: text('target').$type<MediaLocation>().notNull(),
    status: text('status').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    totalFiles: integer('total_files').notNull().default(0),
    totalBytes: bigint('total_bytes', { mode: 'number' }).notNull().default(0),
    copied: integer('copied').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    bytesCopied: bigint('bytes_copied', { mode: 'number' }).notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    requestedBy: integer('requested_by'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('media_migrations_one_active')
      .on(sql`(true)`)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('media_migrations_created_idx').on(t.createdAt),
  ],
);
