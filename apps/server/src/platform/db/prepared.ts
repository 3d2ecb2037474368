import type { Placeholder, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { executorFor, preparedNameFor, preparingClient } from './raw-executor.js';

/** A value of a statement built once: the value itself, or the placeholder filled at each run. */
export type Bindable<T> = T | Placeholder;

/** A fixed statement with `$n` parameters, prepared under `name` where the handle allows it. */
export interface FixedStatement {
  name: string;
  text: string;
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

/**
 * A drizzle `sql` statement run as queryFixed: its text (the same for every call of one shape)
 * names the prepared statement, so PostgreSQL parses and plans it once per connection. One
 * statement only (a script of several cannot be prepared).
 */
export async function queryPrepared<Row = Record<string, unknown>>(db: Db, prefix: string, statement: SQL): Promise<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  // Callers pass one statement (never a script), so it is prepared also without parameters.
  const name = preparedNameFor(text, params, prefix, { single: true });
  return name ? queryFixed<Row>(db, { name, text }, params) : ((await executorFor(db).executeSql(text, params)).rows as Row[]);
}
