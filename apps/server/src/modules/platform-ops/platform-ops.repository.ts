import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import {
  channels,
  jobQueueRestarts,
  maintenanceRuns,
  mediaMigrations,
  messages,
  platformAuditLog,
  tenants,
  users,
} from '../../platform/db/schema.js';

/**
 * The platform's own tables (audit log, queue restarts, maintenance runs) and the platform-wide
 * reads of the monitors: pg-boss's tables (schema `pgboss`, the job queue of DESIGN §2), the
 * tenants' figures in grouped statements (never one query per tenant), and, for the orphaned-media
 * cleanup, every place of the database that can name a stored file.
 */

export type AuditRow = typeof platformAuditLog.$inferSelect;
export type NewAudit = Omit<typeof platformAuditLog.$inferInsert, 'id' | 'at'>;
export type MaintenanceRunRow = typeof maintenanceRuns.$inferSelect;
export type MediaMigrationRow = typeof mediaMigrations.$inferSelect;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const PGBOSS = sql.raw('pgboss');

// ---- audit ----

export async function insertAudit(db: Db, entry: NewAudit): Promise<AuditRow> {
  const [row] = await db.insert(platformAuditLog).values(entry).returning();
  return row;
}

export async function listAudit(db: Db, filter: { action?: string; limit: number }): Promise<AuditRow[]> {
  return db
    .select()
    .from(platformAuditLog)
    .where(filter.action ? eq(platformAuditLog.action, filter.action) : undefined)
    .orderBy(desc(platformAuditLog.at), desc(platformAuditLog.id))
    .limit(filter.limit);
}

/** The acting user's name, kept in the audit row as it was then. */
export async function findUserName(db: Db, tenantId: number, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return row?.name ?? null;
}

// ---- pg-boss queues ----

export interface QueueStatsRow {
  name: string;
  waiting: number;
  active: number;
  failed: number;
  completed: number;
  lastFailedAt: unknown;
  lastRestartAt: unknown;
  failedRestarts: number;
  /** Failed jobs that failed after the last restart (all failed jobs when never restarted). */
  failedSinceRestart: number;
}

/** Every queue with its jobs counted by state, one grouped statement over pg-boss's job table. */
export async function listQueueStats(db: Db, name?: string): Promise<QueueStatsRow[]> {
  const result = await db.execute(sql`
    select q.name,
           count(j.id) filter (where j.state in ('created', 'retry'))::int as waiting,
           count(j.id) filter (where j.state = 'active')::int as active,
           count(j.id) filter (where j.state = 'failed')::int as failed,
           count(j.id) filter (where j.state = 'completed')::int as completed,
           max(j.completed_on) filter (where j.state = 'failed') as "lastFailedAt",
           r.last_restart_at as "lastRestartAt",
           coalesce(r.failed_restarts, 0)::int as "failedRestarts",
           count(j.id) filter (where j.state = 'failed' and (r.last_restart_at is null or j.completed_on > r.last_restart_at))::int as "failedSinceRestart"
      from ${PGBOSS}.queue q
      left join ${PGBOSS}.job j on j.name = q.name
      left join ${jobQueueRestarts} r on r.queue_name = q.name
     where ${name === undefined ? sql`true` : sql`q.name = ${name}`}
       and left(q.name, 10) <> '__pgboss__'
     group by q.name, r.last_restart_at, r.failed_restarts
     order by q.name`);
  return rowsOf<QueueStatsRow>(result).map((row) => ({
    ...row,
    waiting: Number(row.waiting),
    active: Number(row.active),
    failed: Number(row.failed),
    completed: Number(row.completed),
    failedRestarts: Number(row.failedRestarts),
    failedSinceRestart: Number(row.failedSinceRestart),
  }));
}

export interface FailedJobRow {
  id: string;
  queue: string;
  tenantId: string | number | null;
  error: string | null;
  retryCount: number;
  createdAt: unknown;
  failedAt: unknown;
}

/** A queue's failed jobs, newest first, with the error each one ended with (never their payloads, which may hold messages). */
export async function listFailedJobs(db: Db, name: string, limit: number): Promise<FailedJobRow[]> {
  const result = await db.execute(sql`
    select j.id::text as id, j.name as queue,
           case when jsonb_typeof(j.data -> 'tenantId') = 'number' then (j.data ->> 'tenantId') end as "tenantId",
           coalesce(j.output ->> 'message', j.output::text) as error,
           j.retry_count as "retryCount", j.created_on as "createdAt", j.completed_on as "failedAt"
      from ${PGBOSS}.job j
     where j.name = ${name} and j.state = 'failed'
     order by j.completed_on desc nulls last, j.created_on desc
     limit ${limit}`);
  return rowsOf<FailedJobRow>(result);
}

/** The most recent failed jobs of every queue (the console's "errors" command). */
export async function listRecentFailedJobs(db: Db, limit: number): Promise<FailedJobRow[]> {
  const result = await db.execute(sql`
    select j.id::text as id, j.name as queue, null as "tenantId",
           coalesce(j.output ->> 'message', j.output::text) as error,
           j.retry_count as "retryCount", j.created_on as "createdAt", j.completed_on as "failedAt"
      from ${PGBOSS}.job j
     where j.state = 'failed'
     order by j.completed_on desc nulls last
     limit ${limit}`);
  return rowsOf<FailedJobRow>(result);
}

export async function failedJobIds(db: Db, name: string): Promise<string[]> {
  const result = await db.execute(sql`select id::text as id from ${PGBOSS}.job where name = ${name} and state = 'failed'`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

export async function isFailedJob(db: Db, name: string, id: string): Promise<boolean> {
  const result = await db.execute(sql`select 1 from ${PGBOSS}.job where name = ${name} and id = ${id}::uuid and state = 'failed'`);
  return rowsOf(result).length > 0;
}

/** Deletes one failed job; false when the queue has no failed job with that id. */
export async function deleteFailedJob(db: Db, name: string, id: string): Promise<boolean> {
  const result = await db.execute(
    sql`delete from ${PGBOSS}.job where name = ${name} and id = ${id}::uuid and state = 'failed' returning id`,
  );
  return rowsOf(result).length > 0;
}

/**
 * Records a restart of the queue: when the previous restart was followed by failures, one more
 * failed restart in a row; otherwise the count starts again. Answers the count of failed restarts
 * before this one.
 */
export async function recordQueueRestart(db: Db, name: string): Promise<number> {
  const result = await db.execute(sql`
    insert into ${jobQueueRestarts} (queue_name, last_restart_at, failed_restarts)
    values (${name}, now(), 0)
    on conflict (queue_name) do update set
      failed_restarts = case
        when exists (select 1 from ${PGBOSS}.job j where j.name = excluded.queue_name and j.state = 'failed'
                       and j.completed_on > ${jobQueueRestarts}.last_restart_at)
        then ${jobQueueRestarts}.failed_restarts + 1 else 0 end,
      last_restart_at = now()
    returning failed_restarts as "failedRestarts"`);
  return Number(rowsOf<{ failedRestarts: number }>(result)[0]?.failedRestarts ?? 0);
}

// ---- tenant environment data ----

export interface TenantUsageRow {
  tenantId: number;
  name: string;
  status: string;
  users: number;
  channels: number;
  connectedChannels: number;
  storageBytes: number;
  messagesThisMonth: number;
  lastActivityAt: unknown;
}

/**
 * Every tenant's figures in one statement: each figure is one grouped pass over its table (users,
 * channels, messages), joined by tenant; never a query per tenant. "This month" is the calendar
 * month of `monthStart` (UTC).
 */
export async function listTenantUsage(db: Db, monthStart: Date): Promise<TenantUsageRow[]> {
  const result = await db.execute(sql`
    with u as (select tenant_id, count(*)::int as n from ${users} group by tenant_id),
         c as (select tenant_id, count(*)::int as n, count(*) filter (where status = 'connected')::int as connected
                 from ${channels} group by tenant_id),
         m as (select tenant_id,
                      coalesce(sum(media_size), 0)::bigint as bytes,
                      count(*) filter (where created_at >= ${monthStart.toISOString()}::timestamptz)::int as month,
                      max(created_at) as last
                 from ${messages} group by tenant_id)
    select t.id as "tenantId", t.name, t.status,
           coalesce(u.n, 0) as users, coalesce(c.n, 0) as channels, coalesce(c.connected, 0) as "connectedChannels",
           coalesce(m.bytes, 0) as "storageBytes", coalesce(m.month, 0) as "messagesThisMonth", m.last as "lastActivityAt"
      from ${tenants} t
      left join u on u.tenant_id = t.id
      left join c on c.tenant_id = t.id
      left join m on m.tenant_id = t.id
     order by t.id`);
  return rowsOf<TenantUsageRow>(result).map((row) => ({
    ...row,
    tenantId: Number(row.tenantId),
    users: Number(row.users),
    channels: Number(row.channels),
    connectedChannels: Number(row.connectedChannels),
    storageBytes: Number(row.storageBytes),
    messagesThisMonth: Number(row.messagesThisMonth),
  }));
}

// ---- versions, database ----

/** The migrations recorded as applied (drizzle's journal table), by their `created_at` (the journal's `when`). */
export async function appliedMigrationTimes(db: Db): Promise<number[]> {
  try {
    const result = await db.execute(sql`select created_at from drizzle.__drizzle_migrations order by created_at`);
    return rowsOf<{ created_at: string | number }>(result).map((row) => Number(row.created_at));
  } catch {
    return [];
  }
}

export async function databaseVersion(db: Db): Promise<string> {
  const result = await db.execute(sql`select version() as v`);
  return String(rowsOf<{ v: string }>(result)[0]?.v ?? '');
}

export interface DatabaseStats {
  sizeBytes: number;
  connections: number | null;
  tables: { name: string; rows: number; bytes: number }[];
}

/** The database's size, its open connections and its largest tables (statistics, no table scan). */
export async function databaseStats(db: Db): Promise<DatabaseStats> {
  const size = rowsOf<{ bytes: string | number }>(await db.execute(sql`select pg_database_size(current_database()) as bytes`));
  let connections: number | null;
  try {
    const conn = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database()`),
    );
    connections = Number(conn[0]?.n ?? 0);
  } catch {
    connections = null;
  }
  const tables = rowsOf<{ name: string; rows: string | number; bytes: string | number }>(
    await db.execute(sql`
      select c.relname as name, greatest(c.reltuples, 0)::bigint as rows, pg_total_relation_size(c.oid) as bytes
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p')
       order by pg_total_relation_size(c.oid) desc
       limit 10`),
  );
  return {
    sizeBytes: Number(size[0]?.bytes ?? 0),
    connections,
    tables: tables.map((t) => ({ name: t.name, rows: Number(t.rows), bytes: Number(t.bytes) })),
  };
}

// ---- maintenance runs ----

export async function insertMaintenanceRun(
  db: Db,
  values: { id: string; dryRun: boolean; requestedBy: number },
): Promise<MaintenanceRunRow | undefined> {
  const [row] = await db
    .insert(maintenanceRuns)
    .values({ ...values, kind: 'media-cleanup', status: 'queued' })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function findMaintenanceRun(db: Db, id: string): Promise<MaintenanceRunRow | undefined> {
  const [row] = await db.select().from(maintenanceRuns).where(eq(maintenanceRuns.id, id));
  return row;
}

export async function listMaintenanceRuns(db: Db, limit: number): Promise<MaintenanceRunRow[]> {
  return db.select().from(maintenanceRuns).orderBy(desc(maintenanceRuns.createdAt)).limit(limit);
}

export async function updateMaintenanceRun(
  db: Db,
  id: string,
  values: Partial<Pick<MaintenanceRunRow, 'status' | 'scanned' | 'orphaned' | 'removed' | 'bytesFreed' | 'error' | 'finishedAt'>>,
): Promise<void> {
  await db
    .update(maintenanceRuns)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(maintenanceRuns.id, id));
}

// ---- media migrations ----

/** A new queued migration, or undefined when one is already queued or running (unique partial index). */
export async function insertMediaMigration(
  db: Db,
  values: Pick<MediaMigrationRow, 'id' | 'source' | 'target' | 'requestedBy'>,
): Promise<MediaMigrationRow | undefined> {
  const [row] = await db
    .insert(mediaMigrations)
    .values({ ...values, status: 'queued' })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function findMediaMigration(db: Db, id: string): Promise<MediaMigrationRow | undefined> {
  const [row] = await db.select().from(mediaMigrations).where(eq(mediaMigrations.id, id));
  return row;
}

export async function listMediaMigrations(db: Db, limit: number): Promise<MediaMigrationRow[]> {
  return db.select().from(mediaMigrations).orderBy(desc(mediaMigrations.createdAt)).limit(limit);
}

export async function updateMediaMigration(
  db: Db,
  id: string,
  values: Partial<
    Pick<MediaMigrationRow, 'status' | 'totalFiles' | 'totalBytes' | 'copied' | 'skipped' | 'bytesCopied' | 'error' | 'finishedAt'>
  >,
): Promise<void> {
  await db
    .update(mediaMigrations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(mediaMigrations.id, id));
}

/** A (re)start of the job: running again, the attempt counted, the progress counted afresh. */
export async function beginMediaMigrationAttempt(db: Db, id: string): Promise<void> {
  await db
    .update(mediaMigrations)
    .set({
      status: 'running',
      attempts: sql`${mediaMigrations.attempts} + 1`,
      copied: 0,
      skipped: 0,
      bytesCopied: 0,
      error: null,
      updatedAt: sql`now()`,
    })
    .where(eq(mediaMigrations.id, id));
}

// ---- what names a stored media file ----

/** A media key inside any text: `<tenant>/<32 base64url characters>` (see MediaStore). */
const KEY_IN_TEXT = String.raw`[0-9]+/[A-Za-z0-9_-]{32}`;

export interface ReferenceColumn {
  schema: string;
  table: string;
  column: string;
  kind: 'text' | 'json';
}

/**
 * Every column of the database that may name a stored file: text columns whose name says they
 * hold a key (`media_key`, `file_key`, `logo_key`…) and every JSON column (flows, campaigns, mass
 * sends, job payloads…), found in the catalogue, so that a table added later is covered without
 * editing the cleanup. A file named by none of them is an orphan.
 */
export async function listReferenceColumns(db: Db): Promise<ReferenceColumn[]> {
  const result = await db.execute(sql`
    select table_schema as schema, table_name as "table", column_name as column,
           case when data_type in ('json', 'jsonb') then 'json' else 'text' end as kind
      from information_schema.columns c
     where c.table_schema in ('public', 'pgboss')
       and exists (select 1 from information_schema.tables t
                    where t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE')
       -- pg-boss's per-queue partitions are read through their parent, pgboss.job.
       and not (c.table_schema = 'pgboss' and c.table_name ~ '^j[0-9a-f]{56}$')
       and (data_type in ('json', 'jsonb') or (data_type in ('text', 'character varying') and column_name like '%key%'))
     order by 1, 2, 3`);
  return rowsOf<ReferenceColumn>(result);
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/**
 * The keys among `keys` that a text column holds (one lookup per key through its index when it
 * has one, such as messages.media_key).
 */
export async function keysInTextColumn(db: Db, column: ReferenceColumn, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const result = await db.execute(sql`
    select k from unnest(${`{${keys.join(',')}}`}::text[]) k
     where exists (select 1 from ${ident(column.schema)}.${ident(column.table)} x where x.${ident(column.column)} = k)`);
  return rowsOf<{ k: string }>(result).map((row) => row.k);
}

/** Every media key that a JSON column names anywhere in its documents (one pass over the table). */
export async function keysInJsonColumn(db: Db, column: ReferenceColumn): Promise<string[]> {
  const result = await db.execute(sql`
    select distinct m[1] as k
      from ${ident(column.schema)}.${ident(column.table)} x,
           regexp_matches(x.${ident(column.column)}::text, ${`(${KEY_IN_TEXT})`}, 'g') m
     where x.${ident(column.column)} is not null`);
  return rowsOf<{ k: string }>(result).map((row) => row.k);
}
