/**
 * Issue 10 "A restart test": a conversation waiting in a 2-minute delay step continues after the
 * server is stopped and started again. The delay's job is genuinely scheduled 2 minutes ahead
 * (checked in pg-boss's table); after the restart the test brings that job's start time to now
 * (`update pgboss.job set start_after = now()`) instead of waiting the 2 minutes out, and the new
 * server's workers — which know nothing of the old process — run it from the database.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { botMessages, customer, flowChannel, pendingTimers, positionRow, publishedFlow } from '../../../test/chatbot.js';
import { testEnv } from '../../../test/env.js';
import { openTestDatabase, type TestServer } from '../../../test/harness.js';
import { buildInboxTenant, eventually } from '../../../test/inbox.js';
import { buildApp } from '../../app.js';
import { ensureFirstStart } from '../../bootstrap/first-start.js';
import { createContext } from '../../context.js';
import type { Database } from '../../platform/db/client.js';

/** One server process's worth of state (context, job workers, HTTP) over a database that outlives it. */
async function startNode(database: Database, env: ReturnType<typeof testEnv>): Promise<TestServer> {
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

const opened = await openTestDatabase();
afterAll(async () => {
  await opened.database.close();
  await opened.drop();
});

describe('restart', () => {
  it('a conversation waiting in a 2-minute delay continues after the server is stopped and started again', async () => {
    await opened.database.migrate();
    const env = testEnv();
    const first = await startNode(opened.database, env);
    const t = await buildInboxTenant(first);
    const flow = await publishedFlow(new Api(first.url), t.admin.token, {
      steps: [
        {
          id: 'a',
          name: 'Espera',
          interactions: [
            { id: 'hi', kind: 'text', text: 'Um momento, {{firstName}}' },
            { id: 'wait', kind: 'delay', seconds: 120 },
            { id: 'later', kind: 'text', text: 'Dois minutos depois' },
          ],
          next: { kind: 'queue', queueId: t.queue.id },
        },
      ],
    });
    const channel = await flowChannel(first, t.tenant.id, flow.id);
    const { ticketId } = await customer(first, t.tenant.id, channel.id, 'Ana Lima')('Oi');
    const [timer] = await eventually(async () => {
      const timers = await pendingTimers(first, ticketId);
      return timers.length === 1 && timers;
    });
    expect(timer.data.event).toBe('delayElapsed');
    const scheduledMs = new Date(timer.startAfter).getTime() - new Date(timer.createdOn).getTime();
    expect(scheduledMs).toBeGreaterThanOrEqual(119_000);
    expect(scheduledMs).toBeLessThan(125_000);
    expect((await botMessages(first, ticketId)).map((m) => m.body)).toEqual(['Um momento, Ana']);
    await first.close();

    const second = await startNode(opened.database, env);
    try {
      expect(await positionRow(second, ticketId)).toMatchObject({ waitingFor: 'delay' });
      await second.ctx.db.execute(sql`update pgboss.job set start_after = now() where id = ${timer.id}`);
      await eventually(async () => (await botMessages(second, ticketId)).length === 2, { timeoutMs: 15_000 });
      expect((await botMessages(second, ticketId)).map((m) => m.body)).toEqual(['Um momento, Ana', 'Dois minutos depois']);
      await eventually(async () => (await positionRow(second, ticketId)) === undefined);
    } finally {
      await second.close();
    }
  });
});
