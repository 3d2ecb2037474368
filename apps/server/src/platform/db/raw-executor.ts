import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
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

/** A prepared statement's name from its text: the same text, the same name. */
const hashedName = (prefix: string, text: string) => `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;

/**
 * The prepared-statement name of a parameterised SQL text (the same text, the same name), or
 * undefined where it must run unnamed: a text without parameters may be a script of several
 * statements (pg-boss sends some), which PostgreSQL cannot prepare — unless the caller knows it is
 * one statement (`single`).
 */
export function preparedNameFor(text: string, values: readonly unknown[], prefix = 'q', { single = false } = {}): string | undefined {
  if (values.length === 0 && !single) return undefined;
  let name = preparedNames.get(text);
  if (!name && preparedNames.size < MAX_PREPARED_TEXTS) {
    name = hashedName(prefix, text);
    preparedNames.set(text, name);
  }
  return name;
}

// How many times a statement text runs unnamed before it is prepared: texts run once or twice (setup,
// administration, a rare filter) are not prepared.
const RUNS_BEFORE_PREPARED = 3;

/**
 * A pool's statements sent without a name (drizzle's query builder sends them so) that have run often
 * enough to be prepared: each text gets its name from its third run on. At most `max` texts per pool,
 * the first to become frequent: every connection keeps each statement prepared on it until it closes.
 */
export class RepeatedStatements {
  // Three runs within ten minutes: a rare text run now and then over days does not take a name.
  private readonly runs = new LRUCache<string, number>({ max: 2_000, ttl: 10 * 60_000 });
  /** Each prepared text's name; null: PostgreSQL refused it as a prepared statement, unnamed from then on. */
  private readonly names = new Map<string, string | null>();

  constructor(private readonly max = 300) {}

  /** The text's prepared name, or undefined: not yet frequent, without parameters (maybe a script), refused, or no name left. */
  nameOf(text: string, values: readonly unknown[]): string | undefined {
    if (values.length === 0) return undefined;
    const named = this.names.get(text);
    if (named !== undefined) return named ?? undefined;
    const runs = (this.runs.get(text) ?? 0) + 1;
    if (runs < RUNS_BEFORE_PREPARED) {
      this.runs.set(text, runs);
      return undefined;
    }
    this.runs.delete(text);
    if (this.names.size >= this.max) return undefined;
    const name = hashedName('d', text);
    this.names.set(text, name);
    return name;
  }

  /** The text failed as a prepared statement (its plan made stale by a migration, its name lost): it runs unnamed from now on. */
  refuse(text: string): void {
    this.names.set(text, null);
  }
}

const QUEUE_FILTER = /\bWHERE name = \$1\b/g;
const PLAIN_NAME = /^[\w.:/-]{1,128}$/;

/**
 * pg-boss's statements read its job table, partitioned by queue, `WHERE name = $1`, and its fetch
 * takes `LIMIT $2` jobs. Planned with parameters, no plan knows the queue's partition (nor how few
 * rows the fetch wants), so PostgreSQL plans each execution anew (a custom plan: most of the fetch's
 * time in the statement log of the send queue's drain). The same text with the queue's name written
 * in as well (`WHERE name = $1 AND name = 'message.send'`, the same rows) and the limit written in
 * is one prepared statement per queue and batch size, whose plan is pruned to the partition once.
 */
export function withQueueLiterals(text: string, values: readonly unknown[]): string {
  const [queue, limit] = values;
  if (typeof queue !== 'string' || !PLAIN_NAME.test(queue) || !text.includes('WHERE name = $1')) return text;
  const named = text.replace(QUEUE_FILTER, `WHERE name = $1 AND name = '${queue}'`);
  // Only where $2 is used elsewhere too (the fetch's batch test): a parameter left unused has no type.
  const limitTwice = (named.match(/\$2\b/g) ?? []).length > 1;
  return limitTwice && Number.isInteger(limit) && (limit as number) > 0 && (limit as number) <= 1000
    ? named.replace(/\bLIMIT \$2\b/g, `LIMIT ${limit as number}`)
    : named;
}

/** A pg-boss statement as it is sent to the PostgreSQL server: its queue written in, and its prepared name (none: run unnamed). */
export function pgBossStatement(given: string, values: readonly unknown[]): { text: string; name: string | undefined } {
  const text = withQueueLiterals(given, values);
  return { text, name: preparedNameFor(text, values) };
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
    async executeSql(given, values = []) {
      const { text, name } = client ? pgBossStatement(given, values) : { text: given, name: undefined };
      if (client && name) return { rows: (await client.query<Record<string, unknown>>({ name, text, values })).rows };
      const result = await tx.execute<Record<string, unknown>>(toSql(text, values));
      return { rows: (result as { rows: Record<string, unknown>[] }).rows };
    },
  };
}
