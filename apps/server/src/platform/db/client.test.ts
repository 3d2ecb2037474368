import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../../../test/databases.js';
import { eventually } from '../../../test/inbox.js';
import { AsyncResource } from 'node:async_hooks';
import { inBackground, openDatabase, type Database } from './client.js';
import { queryFixed } from './prepared.js';

/** Runs `work` in the async context of this module's start (as a request would: not background work). */
const foreground = new AsyncResource('request');
const isolated = <T>(work: () => Promise<T>): Promise<T> => foreground.runInAsyncScope(work);

// The embedded database as `npm start` opens it: a data folder on disk (PGlite only).

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'conversa-pglite-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'pgdata');
}

async function open(dataDir: string): Promise<Database> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  cleanups.push(() => database.close());
  return database;
}

async function setting(database: Database, name: string): Promise<string> {
  const { rows } = await database.raw.executeSql(`select current_setting('${name}') as value`);
  return String(rows[0]?.value);
}

describe('embedded database on disk', () => {
  it('creates a new data folder, keeps its rows across a reopen, and runs with the small buffer pool', async () => {
    const dataDir = tempDataDir();
    const first = await open(dataDir);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    await first.migrate();
    expect(await first.migrationsApplied()).toBe(true);
    await first.db.execute(sql`insert into tenants (name, status, max_users, max_connections) values ('Kept', 'active', 1, 1)`);
    // PGlite's default is 128MB, touched at start and never given back.
    expect(await setting(first, 'shared_buffers')).toBe('16MB');
    await first.close();
    cleanups.pop();

    const again = await open(dataDir);
    expect(await again.migrationsApplied()).toBe(true);
    const { rows } = await again.raw.executeSql(`select name from tenants where name = 'Kept'`);
    expect(rows).toEqual([{ name: 'Kept' }]);
    expect(await setting(again, 'shared_buffers')).toBe('16MB');
  });
});

/** The names of the statements prepared on the handle's connection whose text is like `pattern`. */
async function preparedStatementsLike(db: Database['db'], pattern: string): Promise<string[]> {
  const result: unknown = await db.execute(sql`select name from pg_prepared_statements where statement like ${pattern}`);
  return (result as { rows: { name: string }[] }).rows.map((row) => row.name);
}

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL connection pool', () => {
  it('reports the use of each pool: connections open and idle, callers waiting', async () => {
    const database = await openDatabase({ kind: 'postgres', url: TEST_DATABASE_URL!, poolSize: 1, jobPoolSize: 2 });
    cleanups.push(() => database.close());
    expect(database.pools?.()).toEqual([
      { pool: 'requests', max: 1, open: 0, idle: 0, waiting: 0 },
      { pool: 'background', max: 2, open: 0, idle: 0, waiting: 0 },
    ]);
    let queued: Promise<unknown> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      // The one request connection is held: the next caller waits for it (then: drizzle's queries are lazy).
      queued = database.db.execute(sql`select 1`).then(() => undefined);
      await eventually(async () => database.pools?.()[0]?.waiting === 1, { what: 'a caller waiting for the request connection' });
      expect(database.pools?.()[0]).toEqual({ pool: 'requests', max: 1, open: 1, idle: 0, waiting: 1 });
      await inBackground(async () => {
        await database.db.execute(sql`select 1`);
      });
      expect(database.pools?.()[1]).toEqual({ pool: 'background', max: 2, open: 1, idle: 1, waiting: 0 });
    });
    await queued;
    expect(database.pools?.()[0]).toEqual({ pool: 'requests', max: 1, open: 1, idle: 1, waiting: 0 });
  });

  it('keeps its connection after a statement the server refuses, and ends a transaction the failed text opened', async () => {
    const database = await openDatabase({ kind: 'postgres', url: TEST_DATABASE_URL!, poolSize: 1 });
    cleanups.push(() => database.close());
    const backend = async () => Number((await database.raw.executeSql('select pg_backend_pid() as pid')).rows[0].pid);
    const before = await backend();
    await expect(database.raw.executeSql('select 1 / 0')).rejects.toMatchObject({ code: '22012' });
    await expect(database.db.execute(sql`select 1 / 0`)).rejects.toThrow();
    // A script with its own BEGIN that fails inside it (pg-boss sends such scripts).
    await expect(database.raw.executeSql('begin; select 1 / 0; commit;')).rejects.toMatchObject({ code: '22012' });
    expect(await backend()).toBe(before);
    const { rows } = await database.raw.executeSql(
      `select current_setting('transaction_isolation') as level, now() = statement_timestamp() as fresh`,
    );
    // Outside any transaction: the next statement runs in its own (now() is its own start).
    expect(rows).toEqual([{ level: 'read committed', fresh: true }]);
  });

  it('background work has connections of its own: with every request connection held, it still runs, and the other way round', async () => {
    const database = await openDatabase({ kind: 'postgres', url: TEST_DATABASE_URL!, poolSize: 1, jobPoolSize: 1 });
    cleanups.push(() => database.close());
    const pid = async (db: Database['db']) => {
      const result: unknown = await db.execute(sql`select pg_backend_pid() as pid`);
      return Number((result as { rows: { pid: number }[] }).rows[0]?.pid);
    };
    // The one request connection held by an open transaction: background work answers on another backend.
    const requestPid = await database.db.transaction(async (tx) => {
      const held = await pid(tx);
      expect(await inBackground(() => pid(database.db))).not.toBe(held);
      return held;
    });
    // A background transaction leaves the requests their connection (and pg-boss's statements too).
    await inBackground(() =>
      database.db.transaction(async (tx) => {
        const jobPid = await pid(tx);
        expect(jobPid).not.toBe(requestPid);
        expect(await isolated(() => pid(database.db))).toBe(requestPid);
        const { rows } = await isolated(() => database.raw.executeSql('select pg_backend_pid() as pid'));
        expect(Number(rows[0]?.pid)).toBe(requestPid);
      }),
    );
  });

  it("prepares a transaction's repeated statements on its connection, and leaves the pool's single statements unnamed", async () => {
    const database = await openDatabase({ kind: 'postgres', url: TEST_DATABASE_URL!, poolSize: 1 });
    cleanups.push(() => database.close());
    // A text no other test sends, as drizzle's query builder sends a statement: unnamed, with parameters.
    const keyed = (db: Database['db'], run: number) => db.execute(sql`select ${run}::int + ${1000}::int as n`);
    const preparedOfThisText = async (db: Database['db']) => (await preparedStatementsLike(db, 'select $1::int + $2::int as n')).length;
    // Outside a transaction (lists, reports): planned for its values every time, however often it runs.
    for (let run = 0; run < 4; run++) await keyed(database.db, run);
    expect(await database.db.transaction((tx) => preparedOfThisText(tx))).toBe(0);
    // In a transaction: unnamed for its first runs, then prepared once on the connection and reused.
    await database.db.transaction(async (tx) => {
      await keyed(tx, 1);
      await keyed(tx, 2);
      expect(await preparedOfThisText(tx)).toBe(0);
      const result: unknown = await keyed(tx, 3);
      expect((result as { rows: { n: number }[] }).rows[0].n).toBe(1003);
      await keyed(tx, 4);
      expect(await preparedOfThisText(tx)).toBe(1);
    });
  });

  it('keeps the name a statement gives itself, and runs unnamed a statement a migration made stale', async () => {
    const database = await openDatabase({ kind: 'postgres', url: TEST_DATABASE_URL!, poolSize: 1 });
    cleanups.push(() => database.close());
    const table = `stale_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    cleanups.push(() => database.raw.executeSql(`drop table if exists ${table}`).then(() => undefined));
    await database.raw.executeSql(`create table ${table} (id int primary key, label varchar(10))`);
    await database.raw.executeSql(`insert into ${table} values (1, 'um')`);
    const read = (tx: Database['db']) => tx.execute(sql`select label from ${sql.identifier(table)} where id = ${1}`);
    const names = (tx: Database['db']) => preparedStatementsLike(tx, `%${table}%`);
    await database.db.transaction(async (tx) => {
      for (let run = 0; run < 3; run++) await read(tx);
      expect(await names(tx)).toEqual([expect.stringMatching(/^d_/)]);
    });
    // A running node's prepared statement, after another node's migration changed the column's type.
    await database.raw.executeSql(`alter table ${table} alter column label type text`);
    await expect(database.db.transaction((tx) => read(tx))).rejects.toMatchObject({ cause: { code: '0A000' } });
    // From then on the text runs unnamed: the next transactions read the row.
    const result: unknown = await database.db.transaction((tx) => read(tx));
    expect((result as { rows: unknown[] }).rows).toEqual([{ label: 'um' }]);
    await database.db.transaction((tx) => read(tx));
    // A statement that names itself keeps its name.
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const client = await pool.connect();
    try {
      await client.query({ name: `own_${table}`, text: `select label from ${table} where id = $1`, values: [1] });
      expect((await client.query(`select name from pg_prepared_statements where name = 'own_${table}'`)).rows).toHaveLength(1);
    } finally {
      client.release();
    }
  });

  it('parses again, at its next run, a fixed statement a migration made stale or the connection lost — in a transaction and on the pool', async () => {
    const database = await openDatabase({ kind: 'postgres', url: TEST_DATABASE_URL!, poolSize: 1 });
    cleanups.push(() => database.close());
    const table = `fixed_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    cleanups.push(() => database.raw.executeSql(`drop table if exists ${table}`).then(() => undefined));
    await database.raw.executeSql(`create table ${table} (id int primary key, label varchar(10))`);
    await database.raw.executeSql(`insert into ${table} values (1, 'um')`);
    const statement = { name: `own_${table}`, text: `select label from ${table} where id = $1` };
    const inTransaction = () => database.db.transaction((tx) => queryFixed(tx, statement, [1]));
    const onPool = () => queryFixed(database.db, statement, [1]);
    expect(await inTransaction()).toEqual([{ label: 'um' }]);
    // A running node's fixed statement (auth_user…), after another node's migration changed the column's type.
    await database.raw.executeSql(`alter table ${table} alter column label type text`);
    await expect(inTransaction()).rejects.toMatchObject({ code: '0A000' });
    expect(await inTransaction()).toEqual([{ label: 'um' }]);
    expect(await onPool()).toEqual([{ label: 'um' }]);
    await database.raw.executeSql(`alter table ${table} alter column label type varchar(20)`);
    await expect(onPool()).rejects.toMatchObject({ code: '0A000' });
    expect(await onPool()).toEqual([{ label: 'um' }]);
    // Lost by the connection (deallocated behind pg's back: the pool's one connection).
    await database.raw.executeSql(`deallocate ${statement.name}`);
    await expect(inTransaction()).rejects.toMatchObject({ code: '26000' });
    expect(await inTransaction()).toEqual([{ label: 'um' }]);
  });

  it("fails a named statement whose value pg cannot convert before anything is sent: the connection's next run of it succeeds", async () => {
    const database = await openDatabase({ kind: 'postgres', url: TEST_DATABASE_URL!, poolSize: 1 });
    cleanups.push(() => database.close());
    const statement = { name: `fixed_${randomUUID().replace(/-/g, '').slice(0, 12)}`, text: 'select $1::jsonb as value' };
    // JSON.stringify refuses a BigInt (in pg's own Bind, after its Parse was queued, without the conversion first).
    await expect(database.db.transaction((tx) => queryFixed(tx, statement, [{ count: 1n }]))).rejects.toThrow(/BigInt/);
    // The pool's one connection: pg would otherwise take the statement as prepared on it (26000 "does not exist").
    const rows = await database.db.transaction((tx) => queryFixed<{ value: unknown }>(tx, statement, [{ count: 1 }]));
    expect(rows).toEqual([{ value: { count: 1 } }]);
  });
});
