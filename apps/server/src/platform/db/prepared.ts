import pg from 'pg';
import type { Db } from './client.js';
import { executorFor } from './raw-executor.js';

/**
 * A Drizzle query built once per database handle and prepared under a name (PostgreSQL parses and
 * plans it once per pooled connection), for the statements that run on every request: building a
 * query costs more CPU than many of them take to run. Parameters are `sql.placeholder(...)`.
 */
export function preparedPerDb<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

/** A fixed statement with `$n` parameters, prepared under `name` where the handle allows it. */
export interface FixedStatement {
  name: string;
  text: string;
}

/**
 * Runs a fixed statement: on the PostgreSQL pool as a named prepared statement (parsed and planned
 * once per connection); inside a transaction or on PGlite as a plain parameterised statement (a
 * transaction must keep its own connection, and PGlite has no pool to prepare on).
 */
export async function queryFixed(db: Db, statement: FixedStatement, values: unknown[]): Promise<Record<string, unknown>[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return (await client.query<Record<string, unknown>>({ name: statement.name, text: statement.text, values })).rows;
  return (await executorFor(db).executeSql(statement.text, values)).rows;
}
