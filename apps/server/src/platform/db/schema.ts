import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Profile, TenantStatus, UserConfigs } from '@conversa/shared';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const plans = pgTable('plans', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  value: numeric('value', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  connections: integer('connections').notNull(),
  users: integer('users').notNull(),
  trial: boolean('trial').notNull().default(false),
  trialDays: integer('trial_days').notNull().default(0),
  ...timestamps,
});

export const tenants = pgTable('tenants', {
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
  planId: integer('plan_id').references(() => plans.id, { onDelete: 'set null' }),
  ...timestamps,
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Stored normalised (trimmed, lower case); unique on the platform because login is by e-mail alone. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    profile: text('profile').$type<Profile>().notNull().default('user'),
    isOnline: boolean('is_online').notNull().default(false),
    lastOnline: timestamp('last_online', { withTimezone: true }),
    blockWavoip: boolean('block_wavoip').notNull().default(false),
    configs: jsonb('configs').$type<UserConfigs>().notNull().default({ filtrosAtendimento: null, isDark: false }),
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
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
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

/** Fixed-window counters shared by every node (login and reset throttling). */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().default(sql`now()`),
  count: integer('count').notNull().default(0),
});

export const settings = pgTable(
  'settings',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('settings_tenant_key').on(t.tenantId, t.key)],
);
