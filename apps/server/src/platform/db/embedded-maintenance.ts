import type { Database } from './client.js';

export type MaintenanceWork = 'analyze' | 'vacuum';

/**
 * The tables due, by autovacuum's default thresholds: statistics when more than 50 + 10 % of a
 * table's rows changed since its last analysis (a table never analyzed: all its rows), a vacuum when
 * more than 50 + 20 % of them are dead. Leaf tables only: a partitioned table (pg-boss's job table)
 * is maintained through its partitions, which its queries are pruned to.
 */
const DUE_SQL: Record<MaintenanceWork, string> = {
  analyze: 's.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)',
  vacuum: 's.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)',
};

/**
 * What PostgreSQL's autovacuum does on a server, for the embedded database (PGlite runs one backend:
 * no autovacuum). Without it, an embedded install's tables are never analyzed — the planner, knowing
 * nothing of their contents, scans a tenant's every contact or ticket through the wrong index — and
 * the rows left dead by updates and deletes are never reclaimed. Only the tables due (DUE_SQL), each
 * its own statement, so that the requests' queries (the same single connection) run between them.
 * Answers the tables handled; none on a PostgreSQL server, which has its own.
 */
export async function maintainEmbeddedDatabase(database: Database, work: MaintenanceWork): Promise<string[]> {
  if (database.kind !== 'pglite') return [];
  // The backend's pending table counters, flushed when this statement ends, so that the next one reads them.
  await database.raw.executeSql('select pg_stat_force_next_flush()');
  const { rows } = await database.raw.executeSql(
    `select format('%I.%I', s.schemaname, s.relname) as name
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname in ('public', 'pgboss') and c.relkind = 'r' and ${DUE_SQL[work]}
      order by 1`,
  );
  const names = (rows as { name: string }[]).map((row) => row.name);
  for (const name of names) await database.raw.executeSql(work === 'vacuum' ? `vacuum (analyze) ${name}` : `analyze ${name}`);
  return names;
}
