import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../src/platform/db/client.js';
import { Jobs } from '../src/platform/jobs/jobs.js';
import { createContext } from '../src/context.js';
import { testEnv } from './env.js';
import { databaseUrlFor, TEST_DATABASE_URL, uniqueDatabaseName, withAdminClient } from './databases.js';

declare module 'vitest' {
  export interface ProvidedContext {
    templateKind: 'pglite' | 'postgres';
    /** PGlite: path of the dumped data folder. PostgreSQL: name of the template database. */
    template: string;
  }
}

/** Creates one migrated database (with the job queue schema installed) per run; test files clone it. */
export default async function setup(project: TestProject) {
  if (TEST_DATABASE_URL) {
    const name = uniqueDatabaseName('conversa_tmpl');
    await withAdminClient((c) => c.query(`create database ${name}`));
    const database = await openDatabase({ kind: 'postgres', url: databaseUrlFor(name), poolSize: 2 });
    await prepare(database);
    project.provide('templateKind', 'postgres');
    project.provide('template', name);
    return async () => {
      await withAdminClient(async (c) => {
        await c.query(`update pg_database set datistemplate = false where datname = $1`, [name]).catch(() => undefined);
        await c.query(`drop database if exists ${name} with (force)`);
      });
    };
  }
  const database = await openDatabase({ kind: 'pglite' });
  await prepare(database, async () => {
    const dump = await database.dump!();
    const dir = resolve(import.meta.dirname, '../../../.test-tmp');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `template-${process.pid}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('template', file);
  });
  project.provide('templateKind', 'pglite');
}

async function prepare(database: Database, beforeClose?: () => Promise<void>) {
  await database.migrate();
  const logger = pino({ level: 'silent' });
  const ctx = createContext(testEnv(), database, logger);
  // Installing pg-boss's schema once here saves every test file from doing it.
  const jobs = new Jobs(database.raw, logger);
  await jobs.start(ctx, { workers: false });
  await jobs.stop();
  await beforeClose?.();
  await database.close();
}
