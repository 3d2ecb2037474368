import { sql, type SQL } from 'drizzle-orm';
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

/**
 * A raw executor bound to a drizzle transaction, so that pg-boss inserts a job in the same
 * transaction as the rows that make it necessary (transactional enqueue).
 */
export function executorFor(tx: Db): SqlExecutor {
  return {
    async executeSql(text, values) {
      const result = await tx.execute<Record<string, unknown>>(toSql(text, values));
      return { rows: (result as { rows: Record<string, unknown>[] }).rows };
    },
  };
}
