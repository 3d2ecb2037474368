import { createHash } from 'node:crypto';
import type { Placeholder, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client.js';
import { executorFor } from './raw-executor.js';

/** A value of a statement built once: the value itself, or the placeholder filled at each run. */
export type Bindable<T> = T | Placeholder;

/** A fixed statement with `$n` parameters, prepared under `name` where the handle allows it. */
export interface FixedStatement {
  name: string;
  text: string;
}

/** The PostgreSQL pool of a handle, or the connection of its transaction; none on PGlite. */
function preparingClient(db: Db): pg.Pool | pg.Client | undefined {
  const pool = (db as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) return pool;
  // A drizzle transaction keeps its pool connection (a pg.Client) on its session.
  const connection = (db as { session?: { client?: unknown } }).session?.client;
  return connection instanceof pg.Client ? connection : undefined;
}

/**
 * Runs a fixed statement: on PostgreSQL as a named prepared statement (parsed and planned once per
 * connection), on the pool or on the transaction's own connection; on PGlite as a plain
 * parameterised statement (it has no connections to prepare on).
 */
export async function queryFixed<Row = Record<string, unknown>>(db: Db, statement: FixedStatement, values: unknown[]): Promise<Row[]> {
  const client = preparingClient(db);
  const rows = client
    ? (await client.query<Record<string, unknown>>({ name: statement.name, text: statement.text, values })).rows
    : (await executorFor(db).executeSql(statement.text, values)).rows;
  // The statement's select list names the row's fields; the caller states their types.
  return rows as Row[];
}

const dialect = new PgDialect();
const preparedNames = new Map<string, string>();

/**
 * A drizzle `sql` statement run as queryFixed: its text (the same for every call of one shape)
 * names the prepared statement, so PostgreSQL parses and plans it once per connection.
 */
export async function queryPrepared<Row = Record<string, unknown>>(db: Db, prefix: string, statement: SQL): Promise<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  let name = preparedNames.get(text);
  if (!name) {
    name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
    preparedNames.set(text, name);
  }
  return queryFixed<Row>(db, { name, text }, params);
}
