/**
 * Migrations that rewrite existing rows, run against the rows they were written for: every earlier
 * migration applied to an empty embedded database, the rows inserted, then the migration under test.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsFolder } from './client.js';

const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
const tags = journal.entries.map((entry) => entry.tag);

let db: PGlite | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

async function run(database: PGlite, tag: string) {
  const text = readFileSync(join(migrationsFolder(), `${tag}.sql`), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) if (statement.trim()) await database.exec(statement);
}

/** A database with every migration before `tag` applied, and `tag` itself to run after the rows are in. */
async function before(tag: string): Promise<{ database: PGlite; migrate: () => Promise<void> }> {
  const database = (db = new PGlite({ extensions: { pg_trgm } }));
  const index = tags.indexOf(tag);
  expect(index).toBeGreaterThan(0);
  for (const earlier of tags.slice(0, index)) await run(database, earlier);
  return { database, migrate: () => run(database, tag) };
}

describe('0052_plans_name_key', () => {
  it('trims names and renames duplicates (in any case) with their id, also when a renamed one meets an existing name', async () => {
    const { database, migrate } = await before('0052_plans_name_key');
    for (const [id, name] of [
      [1, 'Pro'],
      [2, 'pro'],
      [3, ' Básico '],
      [4, 'Básico'],
      [5, 'PRO (2)'],
    ] as const)
      await database.query(`insert into plans (id, name, value, connections, users) values ($1, $2, 10, 1, 1)`, [id, name]);
    await migrate();
    const names = (await database.query<{ id: number; name: string }>('select id, name from plans order by id')).rows;
    expect(names).toEqual([
      { id: 1, name: 'Pro' },
      { id: 2, name: 'pro (2)' },
      { id: 3, name: 'Básico' },
      { id: 4, name: 'Básico (4)' },
      { id: 5, name: 'PRO (2) #5' },
    ]);
    await expect(database.query(`insert into plans (id, name, value, connections, users) values (6, 'PRO', 1, 1, 1)`)).rejects.toThrow(
      /plans_name_key/,
    );
  });
});

describe('0053_tasks_without_repetitions', () => {
  it('a first occurrence with a recurrence but no repetition left becomes a task without recurrence; a series keeps its own', async () => {
    const { database, migrate } = await before('0053_tasks_without_repetitions');
    await database.query(`insert into tenants (id, name, status, max_users, max_connections) values (9, 'Loja', 'active', 5, 5)`);
    const insert = (name: string, recurrence: number, repetitions: number, occurrence: number) =>
      database.query(
        `insert into tasks (tenant_id, name, description, limit_date, recurrence, repetitions, occurrence) values (9, $1, '', now(), $2, $3, $4)`,
        [name, recurrence, repetitions, occurrence],
      );
    await insert('sem repetição', 7, 0, 1);
    await insert('repete', 7, 3, 1);
    await insert('última da série', 7, 0, 4);
    await insert('única', 0, 0, 1);
    await migrate();
    const rows = (await database.query<{ name: string; recurrence: number }>('select name, recurrence from tasks order by id')).rows;
    expect(rows).toEqual([
      { name: 'sem repetição', recurrence: 0 },
      { name: 'repete', recurrence: 7 },
      { name: 'última da série', recurrence: 7 },
      { name: 'única', recurrence: 0 },
    ]);
  });
});
