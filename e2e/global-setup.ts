import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../apps/server/src/platform/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An embedded database folder with every migration applied and nothing else (no tenant, no user). */
    pgdataTemplate: string;
  }
}

/**
 * Creates the embedded database once per run (initdb, then the migrations), as the product does on
 * an empty DATA_DIR; startProduct copies it into each test file's DATA_DIR, so the product starts on
 * an up-to-date database with no tenant yet: its first start (tenant 1, the admin) still runs.
 * The first-run test starts on an empty DATA_DIR, so the product's own initdb + migrations stay covered.
 */
export default async function setup(project: TestProject) {
  const dir = resolve(import.meta.dirname, '../.test-tmp');
  mkdirSync(dir, { recursive: true });
  const folder = mkdtempSync(join(dir, 'e2e-pgdata-'));
  const pgdata = join(folder, 'pgdata');
  const database = await openDatabase({ kind: 'pglite', dataDir: pgdata });
  await database.migrate();
  await database.close();
  project.provide('pgdataTemplate', pgdata);
  return () => rmSync(folder, { recursive: true, force: true });
}
