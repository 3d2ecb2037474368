import type { Database } from './client.js';

export type MaintenanceWork = 'analyze' | 'vacuum';

/**
 * What PostgreSQL's autovacuum does on a server, for the embedded database (PGlite runs one backend:
 * no autovacuum). Without it, an embedded install's tables are never analyzed — the planner, knowing
 * nothing of their contents, scans a tenant's every contact or ticket through the wrong index — and
 * the rows left dead by updates and deletes are never reclaimed. Each table is its own statement, so
 * the requests' queries (the same single connection) run between them. Answers the tables handled;
 * none on a PostgreSQL server, which has its own.
 */
export async function maintainEmbeddedDatabase(database: Database, work: MaintenanceWork): Promise<number> {
  if (database.kind !== 'pglite') return 0;
  const { rows } = await database.raw.executeSql(
    `select format('%I.%I', schemaname, relname) as name from pg_stat_user_tables where schemaname in ('public', 'pgboss') order by 1`,
  );
  for (const { name } of rows as { name: string }[]) {
    await database.raw.executeSql(work === 'vacuum' ? `vacuum (analyze) ${name}` : `analyze ${name}`);
  }
  return rows.length;
}
