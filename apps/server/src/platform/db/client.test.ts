import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.js';

// The embedded database as `npm start` opens it: a data folder on disk (PGlite only).

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'conversa-pglite-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'pgdata');
}

async function open(dataDir: string): Promise<Database> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  cleanups.push(() => database.close());
  return database;
}

async function setting(database: Database, name: string): Promise<string> {
  const { rows } = await database.raw.executeSql(`select current_setting('${name}') as value`);
  return String(rows[0]?.value);
}

describe('embedded database on disk', () => {
  it('creates a new data folder, keeps its rows across a reopen, and runs with the small buffer pool', async () => {
    const dataDir = tempDataDir();
    const first = await open(dataDir);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    await first.migrate();
    expect(await first.migrationsApplied()).toBe(true);
    await first.db.execute(sql`insert into tenants (name, status, max_users, max_connections) values ('Kept', 'active', 1, 1)`);
    // PGlite's default is 128MB, touched at start and never given back.
    expect(await setting(first, 'shared_buffers')).toBe('16MB');
    await first.close();
    cleanups.pop();

    const again = await open(dataDir);
    expect(await again.migrationsApplied()).toBe(true);
    const { rows } = await again.raw.executeSql(`select name from tenants where name = 'Kept'`);
    expect(rows).toEqual([{ name: 'Kept' }]);
    expect(await setting(again, 'shared_buffers')).toBe('16MB');
  });
});
