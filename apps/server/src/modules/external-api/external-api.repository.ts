import { and, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { apiCallLogs, apiConfigs, channels } from '../../platform/db/schema.js';
import { queryFixed, type FixedStatement } from '../../platform/db/prepared.js';
import { columnsOf, rowOfJson } from '../../platform/db/raw-rows.js';

export type ApiConfigRow = typeof apiConfigs.$inferSelect;
export type ApiConfigView = ApiConfigRow & { channelName: string };
/** A configuration as an external call acts for it, with the type of the channel it sends by (null: the channel is gone). */
export type ApiCallConfig = ApiConfigRow & { channelType: string | null };
export type ApiCallLogRow = typeof apiCallLogs.$inferSelect;

const VIEW_COLUMNS = {
  id: apiConfigs.id,
  tenantId: apiConfigs.tenantId,
  name: apiConfigs.name,
  channelId: apiConfigs.channelId,
  tokenHash: apiConfigs.tokenHash,
  tokenLast4: apiConfigs.tokenLast4,
  active: apiConfigs.active,
  webhookUrl: apiConfigs.webhookUrl,
  webhookSecret: apiConfigs.webhookSecret,
  webhookSecretLast4: apiConfigs.webhookSecretLast4,
  createdAt: apiConfigs.createdAt,
  updatedAt: apiConfigs.updatedAt,
  channelName: channels.name,
};

export async function listApiConfigs(db: Db, tenantId: number): Promise<ApiConfigView[]> {
  return db
    .select(VIEW_COLUMNS)
    .from(apiConfigs)
    .innerJoin(channels, and(eq(channels.tenantId, apiConfigs.tenantId), eq(channels.id, apiConfigs.channelId)))
    .where(eq(apiConfigs.tenantId, tenantId))
    .orderBy(apiConfigs.createdAt, apiConfigs.id);
}

export async function findApiConfigView(db: Db, tenantId: number, id: string): Promise<ApiConfigView | undefined> {
  const [row] = await db
    .select(VIEW_COLUMNS)
    .from(apiConfigs)
    .innerJoin(channels, and(eq(channels.tenantId, apiConfigs.tenantId), eq(channels.id, apiConfigs.channelId)))
    .where(and(eq(apiConfigs.tenantId, tenantId), eq(apiConfigs.id, id)));
  return row;
}

/**
 * The configuration an external call names, whatever its tenant: the caller is not signed in, the
 * token it presents is checked against this row's hash and gives the tenant (authenticate-api-call.ts).
 */
const API_CONFIG_COLUMNS = columnsOf(apiConfigs);

// Every external call runs it: a fixed statement, prepared once per connection.
const API_CONFIG_FOR_CALL: FixedStatement = {
  name: 'api_config_for_call',
  text: `select to_jsonb(a) as "config", tn.status as "tenantStatus", tn.billing_blocked_reason as "billingBlock", ch.type as "channelType"
    from api_configs a join tenants tn on tn.id = a.tenant_id left join channels ch on ch.tenant_id = a.tenant_id and ch.id = a.channel_id
    where a.id = $1::uuid`,
};

export async function findApiConfigForCall(
  db: Db,
  id: string,
): Promise<(ApiCallConfig & { tenantStatus: string; billingBlock: string | null }) | undefined> {
  const [row] = await queryFixed<{ config: unknown; tenantStatus: string; billingBlock: string | null; channelType: string | null }>(
    db,
    API_CONFIG_FOR_CALL,
    [id],
  );
  return row
    ? {
        ...rowOfJson<ApiConfigRow>(API_CONFIG_COLUMNS, row.config),
        tenantStatus: row.tenantStatus,
        billingBlock: row.billingBlock,
        channelType: row.channelType,
      }
    : undefined;
}

export async function insertApiConfig(
  db: Db,
  tenantId: number,
  values: {
    name: string;
    channelId: number;
    active: boolean;
    tokenHash: string;
    tokenLast4: string;
    webhookUrl: string | null;
    webhookSecret: string;
    webhookSecretLast4: string;
  },
): Promise<ApiConfigRow> {
  const [row] = await db
    .insert(apiConfigs)
    .values({ tenantId, ...values })
    .returning();
  return row;
}

export async function updateApiConfig(
  db: Db,
  tenantId: number,
  id: string,
  changes: Partial<{
    name: string;
    channelId: number;
    active: boolean;
    tokenHash: string;
    tokenLast4: string;
    webhookUrl: string | null;
    webhookSecret: string;
    webhookSecretLast4: string;
  }>,
): Promise<ApiConfigRow | undefined> {
  const [row] = await db
    .update(apiConfigs)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(apiConfigs.tenantId, tenantId), eq(apiConfigs.id, id)))
    .returning();
  return row;
}

/** Sets the webhook secret of a configuration made before webhooks, unless another process just did: answers whether this one did. */
export async function setMissingWebhookSecret(db: Db, tenantId: number, id: string, sealed: string, last4: string): Promise<boolean> {
  const updated = await db
    .update(apiConfigs)
    .set({ webhookSecret: sealed, webhookSecretLast4: last4 })
    .where(and(eq(apiConfigs.tenantId, tenantId), eq(apiConfigs.id, id), isNull(apiConfigs.webhookSecret)))
    .returning({ id: apiConfigs.id });
  return updated.length > 0;
}

/** The tenant's active configurations with a webhook URL: those that receive its events. */
export async function listWebhookTargets(db: Db, tenantId: number): Promise<ApiConfigRow[]> {
  return db
    .select()
    .from(apiConfigs)
    .where(and(eq(apiConfigs.tenantId, tenantId), eq(apiConfigs.active, true), isNotNull(apiConfigs.webhookUrl)));
}

export async function findApiConfigRow(db: Db, tenantId: number, id: string): Promise<ApiConfigRow | undefined> {
  const [row] = await db
    .select()
    .from(apiConfigs)
    .where(and(eq(apiConfigs.tenantId, tenantId), eq(apiConfigs.id, id)));
  return row;
}

export async function deleteApiConfig(db: Db, tenantId: number, id: string): Promise<boolean> {
  const deleted = await db
    .delete(apiConfigs)
    .where(and(eq(apiConfigs.tenantId, tenantId), eq(apiConfigs.id, id)))
    .returning({ id: apiConfigs.id });
  return deleted.length > 0;
}

export async function insertApiCallLogs(
  db: Db,
  values: Array<{
    tenantId: number;
    apiConfigId: string;
    method: string;
    route: string;
    status: number;
    durationMs: number;
    errorCode: string | null;
  }>,
): Promise<void> {
  if (values.length > 0) await queryFixed(db, INSERT_API_CALL_LOGS, [JSON.stringify(values)]);
}

// Many calls per statement, one prepared statement whatever their number.
const INSERT_API_CALL_LOGS: FixedStatement = {
  name: 'api_call_logs_insert',
  text: `insert into api_call_logs (tenant_id, api_config_id, method, route, status, duration_ms, error_code)
    select c."tenantId", c."apiConfigId", c.method, c.route, c.status, c."durationMs", c."errorCode"
    from jsonb_to_recordset($1::jsonb) as c("tenantId" int, "apiConfigId" uuid, method text, route text, status int, "durationMs" int, "errorCode" text)`,
};

/** A page of a configuration's calls, newest first; one more row than asked tells whether more follow. */
export async function listApiCallLogs(
  db: Db,
  tenantId: number,
  apiConfigId: string,
  offset: number,
  limit: number,
): Promise<ApiCallLogRow[]> {
  return db
    .select()
    .from(apiCallLogs)
    .where(and(eq(apiCallLogs.tenantId, tenantId), eq(apiCallLogs.apiConfigId, apiConfigId)))
    .orderBy(desc(apiCallLogs.id))
    .offset(offset)
    .limit(limit);
}

/** Deletes the calls older than `before`, across tenants (the retention sweep). Answers how many. */
export async function purgeApiCallLogsBefore(db: Db, before: Date): Promise<number> {
  const deleted = await db.delete(apiCallLogs).where(lt(apiCallLogs.createdAt, before)).returning({ id: apiCallLogs.id });
  return deleted.length;
}
