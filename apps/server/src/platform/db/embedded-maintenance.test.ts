/**
 * The embedded database's maintenance (PGlite has no autovacuum): its tables analyzed and vacuumed
 * by the server's jobs; nothing done on a PostgreSQL server, whose autovacuum does it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/harness.js';
import type { Database } from './client.js';
import { maintainEmbeddedDatabase } from './embedded-maintenance.js';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.migrate();
  await database.raw.executeSql(`create table maintenance_probe (id serial primary key, k text)`);
  await database.raw.executeSql(`insert into maintenance_probe (k) select 'k' || g from generate_series(1, 2000) g`);
}, 120_000);
afterAll(async () => {
  await database?.close();
  await drop?.();
});

const probeState = async () =>
  (
    await database.raw.executeSql(
      `select c.reltuples::int as tuples, s.last_analyze is not null as analyzed, s.last_vacuum is not null as vacuumed,
              exists (select 1 from pg_stats where tablename = 'maintenance_probe' and attname = 'k') as "columnStats"
         from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = 'maintenance_probe'`,
    )
  ).rows[0];

it('embedded: analyzes the tables that changed (the planner learns their contents), vacuums those with dead rows', async () => {
  if (database.kind !== 'pglite') {
    // A PostgreSQL server: its autovacuum does this; the jobs leave it alone.
    expect(await maintainEmbeddedDatabase(database, 'analyze')).toEqual([]);
    expect(await maintainEmbeddedDatabase(database, 'vacuum')).toEqual([]);
    return;
  }
  expect(await probeState()).toEqual({ tuples: -1, analyzed: false, vacuumed: false, columnStats: false });
  expect(await maintainEmbeddedDatabase(database, 'analyze')).toContain('public.maintenance_probe');
  expect(await probeState()).toEqual({ tuples: 2000, analyzed: true, vacuumed: false, columnStats: true });
  // Nothing changed since: not analyzed again; no dead rows: no vacuum.
  expect(await maintainEmbeddedDatabase(database, 'analyze')).not.toContain('public.maintenance_probe');
  expect(await maintainEmbeddedDatabase(database, 'vacuum')).not.toContain('public.maintenance_probe');
  expect(await probeState()).toMatchObject({ vacuumed: false });

  // A quarter of its rows deleted: over the vacuum's threshold (50 + 20 %).
  await database.raw.executeSql(`delete from maintenance_probe where id <= 500`);
  expect(await maintainEmbeddedDatabase(database, 'vacuum')).toContain('public.maintenance_probe');
  expect(await probeState()).toEqual({ tuples: 1500, analyzed: true, vacuumed: true, columnStats: true });
});
