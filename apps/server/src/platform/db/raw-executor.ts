import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Db, SqlExecutor } from './client.js';

/** `$1`-style SQL text and values as a drizzle SQL object (parameters stay parameters). */
function toSql(text: string, values: unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, index) => {
    if (index % 2 === 0) chunks.push(sql.raw(part));
    // drizzle drops undefined chunks; pg-boss passes undefined for unset options, which SQL reads as null.
    else {
      const value = values[Number(part) - 1] ?? null;
      // An array is one array parameter ($1::int[]), not a list of parameters.
      chunks.push(Array.isArray(value) ? sql`${sql.param(value)}` : sql`${value}`);
    }
  });
  return sql.join(chunks, sql.raw(''));
}

/** The PostgreSQL pool of a handle, or the connection of its transaction; none on PGlite. */
export function preparingClient(db: Db): pg.Pool | pg.Client | undefined {
  const pool = (db as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) return pool;
  // A drizzle transaction keeps its pool connection (a pg.Client) on its session.
  const connection = (db as { session?: { client?: unknown } }).session?.client;
  return connection instanceof pg.Client ? connection : undefined;
}

// Every connection keeps each statement prepared on it until it closes: the names are bounded so
// that a caller building texts by the thousand (none does today) cannot grow them without end.
const MAX_PREPARED_TEXTS = 500;
const preparedNames = new Map<string, string>();

/**
 * The prepared-statement name of a parameterised SQL text (the same text, the same name), or
 * undefined where it must run unnamed: a text without parameters may be a script of several
 * statements (pg-boss sends some), which PostgreSQL cannot prepare.
 */
export function preparedNameFor(text: string, values: readonly unknown[], prefix = 'q'): string | undefined {
  if (values.length === 0) return undefined;
  let name = preparedNames.get(text);
  if (!name && preparedNames.size < MAX_PREPARED_TEXTS) {
    name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
    preparedNames.set(text, name);
  }
  return name;
}

/**
 * A raw executor bound to a drizzle transaction, so that pg-boss inserts a job in the same
 * transaction as the rows that make it necessary (transactional enqueue). On PostgreSQL a
 * parameterised text runs prepared on the transaction's connection: pg-boss's job insert is parsed
 * and planned once per connection, not at every enqueue.
 */
export function executorFor(tx: Db): SqlExecutor {
  const client = preparingClient(tx);
  return {
    async executeSql(text, values = []) {
      const name = client ? preparedNameFor(text, values) : undefined;
      if (client && name) return { rows: (await client.query<Record<string, unknown>>({ name, text, values })).rows };
      const result = await tx.execute<Record<string, unknown>>(toSql(text, values));
      return { rows: (result as { rows: Record<string, unknown>[] }).rows };
    },
  };
}
