import { AsyncLocalStorage } from 'node:async_hooks';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { pgBossStatement, RepeatedStatements } from './raw-executor.js';
import * as schema from './schema.js';

const execFileAsync = promisify(execFile);

export type Schema = typeof schema;
/** A database handle or an open transaction: repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Raw SQL access with positional parameters, used by pg-boss and the readiness check. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** How one connection pool is used at this moment (PostgreSQL; /metrics shows it). */
export interface PoolUse {
  /** `requests`: DATABASE_POOL_SIZE; `background`: the job handlers' DATABASE_JOB_POOL_SIZE (inBackground). */
  pool: 'requests' | 'background';
  max: number;
  open: number;
  idle: number;
  /** Callers waiting for a connection of this pool. */
  waiting: number;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  raw: SqlExecutor;
  migrate(): Promise<void>;
  migrationsApplied(): Promise<boolean>;
  close(): Promise<void>;
  /** PostgreSQL only: the use of its two pools. */
  pools?(): PoolUse[];
  /** PGlite only: the data folder as a tarball (test templates). */
  dump?(): Promise<Blob>;
}

export type DatabaseOptions =
  { kind: 'postgres'; url: string; poolSize?: number; jobPoolSize?: number } | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** Finds apps/server/drizzle from src/ (tests) or dist/ (bundled build). */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('Migrations folder (apps/server/drizzle) not found');
}

function journalEntryCount(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

const MIGRATION_LOCK_ID = 7_240_001;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres'
    ? openPostgres(options.url, options.poolSize, options.jobPoolSize)
    : openPglite(options.dataDir, options.loadDataDir);
}

/**
 * Postgres settings of the embedded database. PGlite starts with a server's defaults, and its
 * 128 MB of shared_buffers are touched at start (WASM memory, never given back): one connection in
 * one process reads through the OS page cache well with a small buffer pool.
 */
export const PGLITE_SETTINGS = ['shared_buffers=16MB'];

/**
 * Creates a new embedded database (initdb) in a short-lived child process. PGlite runs initdb in a
 * second WASM instance and copies the result through a tarball: ≈ 450 MB that this process would
 * keep for good (WASM memory and freed malloc arenas are not given back to the system).
 */
async function initPgliteDataDir(dataDir: string): Promise<void> {
  const script = `require(process.argv[1]).PGlite.create(process.argv[2]).then((db) => db.close()).catch((error) => { console.error(error); process.exit(1); });`;
  await execFileAsync(process.execPath, ['-e', script, createRequire(import.meta.url).resolve('@electric-sql/pglite'), dataDir]);
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    if (!loadDataDir && !existsSync(join(dataDir, 'PG_VERSION'))) await initPgliteDataDir(dataDir);
  }
  // V8 compiles Postgres' WASM functions on up to 128 background tasks, each thread keeping its own
  // malloc arena afterwards (≈ 30–40 MB never given back); one task is as fast on a small machine.
  setFlagsFromString('--wasm-num-compilation-tasks=1');
  const client = await PGlite.create(dataDir, {
    // pg_trgm: the trigram indexes of substring search (migration 0004) need the extension loaded.
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])],
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  const raw: SqlExecutor = {
    // PGlite's extended protocol takes one statement; parameterless multi-statement scripts go through exec.
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      }
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
  return {
    kind: 'pglite',
    db,
    raw,
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: migrationsFolder() }),
    migrationsApplied: () => countApplied(raw),
    close: () => client.close(),
    dump: async () => client.dumpDataDir('none'),
  };
}

/** The connection's own query method, before preparesRepeatedStatements: the pool's single statements use it. */
const unnamedQuery = Symbol('unnamedQuery');

/**
 * A transaction's statements — the write paths' keyed reads and writes (a message ingested, a bot's
 * entry, a routing), which drizzle's query builder sends unnamed, parsed, analysed and planned at
 * every run — go as named prepared statements once their text has run a few times
 * (RepeatedStatements, one per pool): parsed once per connection. Statements run on the pool outside a
 * transaction (lists, searches, reports: queryKeepingConnection uses the unnamed method; nothing uses
 * pg's callback form, which would not) are planned for their values every time: as prepared
 * statements PostgreSQL may settle on a generic plan, which measured up to 1.8 times slower for a
 * ticket list's later pages. Configs that name themselves, carry no parameters (a script may be
 * several statements) or are submittables (a cursor) go as given. A named text PostgreSQL refuses as
 * such (STALE_PREPARED) runs unnamed from then on; a fixed statement (queryFixed's, named by its
 * module), on the pool or in a transaction, is parsed again at its next run (forgetPrepared).
 */
function preparesRepeatedStatements(client: pg.PoolClient, statements: RepeatedStatements): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  // Fixed statements PostgreSQL refused as stale on this connection, with the SQLSTATE it gave.
  const ownStale = new Map<string, string>();
  /** Sends a query as given; a fixed statement (its own name) refused as stale is parsed again at its next run. */
  const send = (args: unknown[]): unknown => {
    const ownName = nameOfStatement(args[0], args.slice(1));
    const staleCode = ownName === undefined ? undefined : ownStale.get(ownName);
    if (ownName !== undefined && staleCode !== undefined) {
      ownStale.delete(ownName);
      forgetPrepared(client, query, ownName, staleCode === '0A000');
    }
    const result = query(...args);
    if (ownName !== undefined && result instanceof Promise)
      result.catch((error: unknown) => {
        const code = (error as { code?: string }).code ?? '';
        if (STALE_PREPARED.has(code)) ownStale.set(ownName, code);
      });
    return result;
  };
  Object.assign(client, { [unnamedQuery]: (...args: unknown[]) => send(args) });
  (client as { query: unknown }).query = (config: unknown, ...rest: unknown[]) => {
    const named = namedIfRepeated(statements, config, rest[0]);
    let sent: [unknown, ...unknown[]];
    try {
      sent = withValuesPrepared(named?.config ?? config, rest);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    if (!named) return send(sent);
    const result = query(...sent);
    if (result instanceof Promise)
      result.catch((error: unknown) => {
        if (STALE_PREPARED.has((error as { code?: string }).code ?? '')) statements.refuse(named.text);
      });
    return result;
  };
}

/** The name a query config gives itself (a fixed statement's), if any. */
function nameOfStatement(config: unknown, rest: unknown[]): string | undefined {
  if (typeof config !== 'object' || config === null || rest.some((argument) => typeof argument === 'function')) return undefined;
  const { name } = config as { name?: unknown };
  return typeof name === 'string' && name !== '' ? name : undefined;
}

/**
 * A fixed statement (its own name: queryFixed) that PostgreSQL refused as stale on this connection
 * — its result's type changed under it (0A000, another node's migration), or the connection lost it
 * (26000) — is parsed again at its next run instead of failing at every run until the connection
 * closes: pg forgets it had parsed it, and a statement still on the server (`deallocate`: the stale
 * one) is deallocated first (queued before that run; not transactional, so also inside the next
 * transaction). Reaches into pg's connection, which keeps the names it parsed in `parsedStatements`.
 */
function forgetPrepared(client: pg.PoolClient, query: (...args: unknown[]) => unknown, name: string, deallocate: boolean): void {
  const parsed = (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements;
  delete parsed[name];
  if (!deallocate) return;
  const dropped = query(`deallocate ${pg.escapeIdentifier(name)}`);
  // Its failure (none is expected: the statement is there) reaches the run queued after it.
  if (dropped instanceof Promise) dropped.catch(() => undefined);
}

// pg's own conversion of a value to the text it sends (a Date, an array, JSON, toPostgres).
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue: (value: unknown) => unknown };

/**
 * A named statement's arguments with its values already converted, by pg's own function. pg converts
 * them in its Bind, after it queued the statement's Parse: a value it cannot convert (a BigInt in a
 * JSON value, a toPostgres that throws) fails the statement there, but pg still counts the statement
 * as prepared on the connection, whose later runs of that name then fail (26000, it does not exist)
 * until the connection closes. Converted here, such a value fails before anything is sent. pg's
 * conversion leaves converted values as they are.
 */
function withValuesPrepared(config: unknown, rest: unknown[]): [unknown, ...unknown[]] {
  const statement = config as { name?: unknown; values?: unknown } | null;
  if (typeof statement !== 'object' || !statement?.name || rest.some((argument) => typeof argument === 'function'))
    return [config, ...rest];
  if (Array.isArray(rest[0])) return [config, rest[0].map((value) => prepareValue(value)), ...rest.slice(1)];
  if (Array.isArray(statement.values)) return [{ ...statement, values: statement.values.map((value) => prepareValue(value)) }, ...rest];
  return [config, ...rest];
}

/**
 * A prepared statement's own failures: its result's type changed under it (a migration altered a
 * column of a running node's statement: 0A000 "cached plan must not change result type"), or the
 * connection lost it (26000).
 */
const STALE_PREPARED = new Set(['0A000', '26000']);

/** The query config with its prepared name (undefined: sent as given); its values are pg's second argument, or the config's. */
function namedIfRepeated(
  statements: RepeatedStatements,
  config: unknown,
  valuesArgument: unknown,
): { config: unknown; text: string } | undefined {
  if (typeof config !== 'object' || config === null) return undefined;
  const statement = config as { name?: unknown; text?: unknown; values?: unknown; submit?: unknown };
  const values = Array.isArray(valuesArgument) ? valuesArgument : statement.values;
  if (statement.name || typeof statement.submit === 'function' || typeof statement.text !== 'string' || !Array.isArray(values))
    return undefined;
  const name = statements.nameOf(statement.text, values);
  return name ? { config: { ...statement, name }, text: statement.text } : undefined;
}

/**
 * pg's Pool.query ends the connection after any failed statement, also one the server merely
 * refused (a unique violation, a pg-boss fetch that meets a stately queue's active job): a new
 * connection then costs a backend process, its authentication and the prepared statements parsed
 * again. Measured under the webhooks bench: 170 connections in 10 seconds. Here a statement the
 * server refused (an error with a SQLSTATE: the connection is as good as before once any
 * transaction the text opened is rolled back) gives its connection back; a broken connection is
 * still ended.
 */
class ConnectionKeepingPool extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super(config);
    const statements = new RepeatedStatements();
    this.on('connect', (client: pg.PoolClient) => preparesRepeatedStatements(client, statements));
    // A pool error (server restart) must not crash the process; queries will fail and be reported.
    this.on('error', () => undefined);
  }

  // `never` fits every overload of pg.Pool.query (drizzle and pg-boss call it with a config or a
  // text); this module's own calls use queryKeepingConnection, typed.
  override query(...args: unknown[]): never {
    if (args.some((arg) => typeof arg === 'function')) return (super.query as (...a: unknown[]) => never)(...args);
    return this.queryKeepingConnection(args[0], args[1]) as never;
  }

  /** A parameterless multi-statement script answers with one result per statement. */
  async queryKeepingConnection(config: unknown, values: unknown): Promise<pg.QueryResult | pg.QueryResult[]> {
    const client = await this.connect();
    // An error of the connection while the statement runs reaches the statement; this keeps it from
    // also being an unhandled 'error' event.
    const onError = () => undefined;
    client.on('error', onError);
    try {
      type Query = (config: unknown, values: unknown) => Promise<pg.QueryResult | pg.QueryResult[]>;
      // Every connection of the pool has it (preparesRepeatedStatements runs at its 'connect').
      const query = (client as unknown as { [unnamedQuery]: Query })[unnamedQuery];
      const result = await query(config, values);
      client.removeListener('error', onError);
      client.release();
      return result;
    } catch (error) {
      let broken = error instanceof pg.DatabaseError ? undefined : (error as Error);
      // A script with its own BEGIN (pg-boss sends some) stops at the error inside its transaction:
      // ended here, it does not reach the connection's next user (outside one, a mere warning).
      if (!broken)
        broken = await client.query('rollback').then(
          () => undefined,
          (rollbackError: Error) => rollbackError,
        );
      client.removeListener('error', onError);
      client.release(broken);
      throw error;
    }
  }
}

const background = new AsyncLocalStorage<true>();

/**
 * Runs `work` as background work (a job handler: see Jobs): on PostgreSQL every statement it makes,
 * through any handle, takes a connection of the background pool (DATABASE_JOB_POOL_SIZE), so that a
 * burst of jobs (a hundred sends fetched at once) queues for those few connections instead of
 * taking the ones requests wait for. PGlite has one connection: nothing changes there.
 */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

/** Whether the caller runs as background work (inBackground). */
export function isBackgroundWork(): boolean {
  return background.getStore() === true;
}

/** The request pool, which hands background work the connections of its own background pool. */
class ForegroundPool extends ConnectionKeepingPool {
  constructor(
    config: pg.PoolConfig,
    private readonly backgroundPool: ConnectionKeepingPool,
  ) {
    super(config);
  }

  // Every statement goes through connect(): drizzle's transactions, its queries and pg-boss's through
  // queryKeepingConnection. Only the promise form is routed (pg's own callback form is not used).
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    return isBackgroundWork() ? this.backgroundPool.connect() : super.connect();
  }

  override async end(): Promise<void> {
    await Promise.all([super.end(), this.backgroundPool.end()]);
  }

  uses(): PoolUse[] {
    const use = (pool: pg.Pool, name: PoolUse['pool']): PoolUse => ({
      pool: name,
      max: pool.options.max,
      open: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    });
    return [use(this, 'requests'), use(this.backgroundPool, 'background')];
  }
}

/**
 * How long a pool keeps an idle connection (pg's default is 10 s). A connection is worth keeping: its
 * prepared statements are parsed and planned once per connection, and PostgreSQL plans a statement
 * afresh at each of its first five runs before it settles on a generic plan — measured for the inbound
 * append under load, 40–65 ms of planning per run, six times on every new connection. With 10 s, a
 * lull between bursts closed the connections and the next burst paid all of it again.
 */
const IDLE_CONNECTION_MS = 10 * 60_000;

// 10 + 3 for tests and tools (several test files hold pools at once under PostgreSQL's 100
// connections); the server passes DATABASE_POOL_SIZE and DATABASE_JOB_POOL_SIZE (default 20 and 5).
async function openPostgres(url: string, poolSize = 10, jobPoolSize = 3): Promise<Database> {
  const pool = new ForegroundPool(
    { connectionString: url, max: poolSize, idleTimeoutMillis: IDLE_CONNECTION_MS },
    new ConnectionKeepingPool({ connectionString: url, max: jobPoolSize, idleTimeoutMillis: IDLE_CONNECTION_MS }),
  );
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  const raw: SqlExecutor = {
    async executeSql(given, values = []) {
      // pg-boss's own statements (fetch, complete…) run prepared, parsed and planned once per connection.
      const { text, name } = pgBossStatement(given, values);
      const result = await pool.queryKeepingConnection(name ? { name, text, values } : text, name ? undefined : values);
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
    },
  };
  return {
    kind: 'postgres',
    db,
    raw,
    async migrate() {
      // Several nodes may start together: one migrates, the others wait on the lock and find nothing to do.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder: migrationsFolder() });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
        client.release();
      }
    },
    migrationsApplied: () => countApplied(raw),
    close: () => pool.end(),
    pools: () => pool.uses(),
  };
}

async function countApplied(raw: SqlExecutor): Promise<boolean> {
  try {
    const { rows } = await raw.executeSql('select count(*)::int as n from drizzle.__drizzle_migrations', []);
    return Number(rows[0]?.n ?? 0) >= journalEntryCount();
  } catch {
    return false;
  }
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
