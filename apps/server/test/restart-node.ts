import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../src/app.js';
import { ensureFirstStart } from '../src/bootstrap/first-start.js';
import { createContext } from '../src/context.js';
import type { Database } from '../src/platform/db/client.js';
import type { testEnv } from './env.js';
import type { TestServer } from './harness.js';

/**
 * One server process's worth of state (context, job workers, HTTP) over a database that outlives it:
 * restart tests close one and start another on the same database.
 */
export async function startNode(database: Database, env: ReturnType<typeof testEnv>): Promise<TestServer> {
  const ctx = createContext(env, database, pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }), { pollingIntervalSeconds: 0.5 });
  await ctx.jobs.start(ctx, { workers: true });
  ctx.events.start();
  await ensureFirstStart(ctx, () => undefined);
  const app: FastifyInstance = await buildApp(ctx, {});
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
