import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { inject } from 'vitest';
import type { AppContext } from '../src/app-context.js';
import { buildApp } from '../src/app.js';
import { ensureFirstStart } from '../src/bootstrap/first-start.js';
import { sealStoredChannelSecrets } from '../src/bootstrap/seal-channel-secrets.js';
import { sealStoredPaymentTokens } from '../src/modules/tenants/use-cases/seal-stored-payment-tokens.js';
import { createContext, type ContextOptions } from '../src/context.js';
import { analyzeEmbeddedDatabaseJob, vacuumEmbeddedDatabaseJob } from '../src/platform/db/embedded-maintenance.job.js';
import { openDatabase, type Database } from '../src/platform/db/client.js';
import { databaseUrlFor, uniqueDatabaseName, withAdminClient } from './databases.js';
import { testEnv } from './env.js';
import type { Env } from '../src/config/env.js';

export interface TestServer {
  url: string;
  /** PostgreSQL runs only: the test database, so a second node can share it. */
  databaseUrl?: string;
  ctx: AppContext;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** A fresh database cloned from the run's template (PGlite or PostgreSQL, per TEST_DATABASE_URL). */
export async function openTestDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const template = inject('template');
  if (inject('templateKind') === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([readFileSync(template)]) });
    return { database, drop: async () => undefined };
  }
  const name = uniqueDatabaseName('conversa_test');
  await withAdminClient((c) => c.query(`create database ${name} template ${template}`));
  const database = await openDatabase({ kind: 'postgres', url: databaseUrlFor(name), poolSize: 5 });
  return {
    database,
    url: databaseUrlFor(name),
    drop: () => withAdminClient((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/**
 * The whole server on a real port over a fresh database: migrations, first start (tenant 1 and
 * its superadmin ROOT_EMAIL / ROOT_PASSWORD), job workers, HTTP.
 */
export async function startTestServer(
  envOverrides: Record<string, string> = {},
  options: {
    joinDatabaseOf?: TestServer;
    /** The server's logger (default: silent, or TEST_LOG_LEVEL). */
    logger?: Logger;
    /** A built web app folder to serve at `/`. */
    webDist?: string;
    /** Extra routes or hooks, added before the server listens. */
    configure?: (app: FastifyInstance) => void | Promise<void>;
    /** Context options beside the test defaults (event log timings, extra modules). */
    context?: ContextOptions;
  } = {},
): Promise<TestServer> {
  // A second node joins the first one's PostgreSQL database (several server processes, one database).
  const joined = options.joinDatabaseOf?.databaseUrl;
  const {
    database,
    drop,
    url: databaseUrl,
  } = joined
    ? { database: await openDatabase({ kind: 'postgres', url: joined, poolSize: 5 }), drop: async () => undefined, url: joined }
    : await openTestDatabase();
  await database.migrate();
  const node = await startNodeOn(database, testEnv(envOverrides), options);
  return {
    ...node,
    databaseUrl,
    async close() {
      await node.close();
      await database.close();
      await drop();
    },
  };
}

/**
 * One server process's worth of state (context, job workers, HTTP) over a database that outlives it:
 * restart tests close one and start another on the same database.
 */
export async function startNodeOn(
  database: Database,
  env: Env = testEnv(),
  options: { logger?: Logger; webDist?: string; configure?: (app: FastifyInstance) => void | Promise<void>; context?: ContextOptions } = {},
): Promise<TestServer> {
  const logger = options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  // The embedded database's maintenance never runs in the middle of a test (embedded-maintenance.test.ts tests it).
  const ctx = createContext(env, database, logger, {
    pollingIntervalSeconds: 0.5,
    ...options.context,
    unscheduled: [
      ...(database.kind === 'pglite' ? [analyzeEmbeddedDatabaseJob.name, vacuumEmbeddedDatabaseJob.name] : []),
      ...(options.context?.unscheduled ?? []),
    ],
  });
  await sealStoredChannelSecrets(ctx);
  await sealStoredPaymentTokens(ctx);
  await ctx.jobs.start(ctx, { workers: true });
  ctx.events.start();
  await ensureFirstStart(ctx, () => undefined);
  const app = await buildApp(ctx, { webDist: options.webDist });
  await options.configure?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  ctx.appUrl = url;
  return {
    url,
    ctx,
    app,
    async close() {
      await app.close();
      await ctx.events.stop();
      await ctx.jobs.stop();
    },
  };
}
