import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** A database handle or an open transaction: repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Raw SQL access with positional parameters, used by pg-boss and the readiness check. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  raw: SqlExecutor;
  migrate(): Promise<void>;
  migrationsApplied(): Promise<boolean>;
  close(): Promise<void>;
  /** PGlite only: the data folder as a tarball (test templates). */
  dump?(): Promise<Blob>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

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
  return options.kind === 'postgres' ? openPostgres(options.url, options.poolSize) : openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm: the trigram indexes of substring search (migration 0004) need the extension loaded.
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  const raw: SqlExecutor = {
    // PGlite's extended protocol takes one statement; parameterless multi-statement scripts go through exec.
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      }
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) };
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

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A pool error (server restart) must not crash the process; queries will fail and be reported.
  pool.on('error', () => undefined);
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  const raw: SqlExecutor = {
    async executeSql(text, values) {
      // A parameterless multi-statement script answers with one result per statement.
      const result = (await pool.query(text, values)) as unknown as pg.QueryResult | pg.QueryResult[];
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
