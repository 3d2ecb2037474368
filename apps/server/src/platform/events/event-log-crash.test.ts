/**
 * Issue 10, the durable event log: a server process killed (SIGKILL) after its transaction committed
 * and before it relayed the events. Another process (this one's test server, on the same PostgreSQL
 * database) must deliver them after the grace, exactly once per consumer: the durable consumers and
 * the real-time push to the agents. The writer is test/event-writer.main.ts, bundled and run with
 * node, killed for real at the moment the relay would start.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { SOCKET_EVENTS } from '@conversa/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForChildProcess } from '../../../test/child-bundle.js';
import { TEST_DATABASE_URL } from '../../../test/databases.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildInboxTenant, closeAllSockets, connectAgent, eventually, rows, type InboxTenant } from '../../../test/inbox.js';
import type { EventConsumer } from './consumers.js';

const handled = new Map<string, string[]>();
const consumer = (name: string): EventConsumer => ({
  name,
  types: ['message.created'],
  async handle(_ctx, _event, eventId) {
    handled.set(name, [...(handled.get(name) ?? []), eventId]);
  },
});

describe.runIf(TEST_DATABASE_URL)('a process killed between its commit and the relay', () => {
  let bundle: Awaited<ReturnType<typeof bundleForChildProcess>> | undefined;
  let server: TestServer;
  let t: InboxTenant;

  beforeAll(async () => {
    bundle = await bundleForChildProcess('test/event-writer.main.ts', 'event-writer');
    server = await startTestServer(
      {},
      {
        context: {
          events: { graceSeconds: 2, sweepSeconds: 0.5 },
          extraModules: [{ name: 'test', consumers: [consumer('test.a'), consumer('test.b')] }],
        },
      },
    );
    t = await buildInboxTenant(server);
  }, 120_000);

  afterAll(async () => {
    closeAllSockets();
    await server?.close();
    bundle?.remove();
  });

  it('leaves the event in the log; another process relays it after the grace, once to each consumer and to the agents', async () => {
    const agent = await connectAgent(server.url, t.agent.token);
    const externalId = `crash-${randomUUID()}`;
    const writer = spawn(process.execPath, [bundle!.file], {
      env: {
        ...process.env,
        DATABASE_URL: server.databaseUrl,
        TENANT_ID: String(t.tenant.id),
        CHANNEL_ID: String(t.channel.id),
        EXTERNAL_ID: externalId,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    writer.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const signal = await new Promise<NodeJS.Signals | null>((done) => writer.on('exit', (_code, exitSignal) => done(exitSignal)));
    expect(signal).toBe('SIGKILL');
    expect(output).toContain('committed');
    expect(output).not.toContain('not killed');

    // Committed with its event, which nobody has heard of yet.
    const [message] = await rows(server.ctx, sql`select id, ticket_id from messages where external_id = ${externalId}`);
    expect(message).toBeDefined();
    const [event] = await rows(
      server.ctx,
      sql`select id::text as id from domain_events where type = 'message.created' and payload->>'messageId' = ${String(message.id)}`,
    );
    expect(event).toBeDefined();
    const eventId = String(event.id);

    // This process's sweep takes it once the grace has passed and relays it.
    const pushed = await agent.waitFor(SOCKET_EVENTS.appMessage, (payload: any) => payload?.message?.id === message.id, 15_000);
    expect(pushed).toMatchObject({ action: 'create', message: { body: 'Olá, alguém aí?', fromMe: false } });
    await eventually(
      async () =>
        (await rows(server.ctx, sql`select 1 from domain_events where id = ${eventId}::bigint and relayed_at is not null`)).length > 0,
      {
        timeoutMs: 15_000,
        what: 'the event marked relayed',
      },
    );
    await server.ctx.events.drain();

    // Sweeps that complete find nothing more: each consumer and the agent had it exactly once.
    expect(await server.ctx.events.sweep()).toBe(0);
    await server.ctx.events.drain();
    expect(handled.get('test.a')?.filter((id) => id === eventId)).toEqual([eventId]);
    expect(handled.get('test.b')?.filter((id) => id === eventId)).toEqual([eventId]);
    expect(agent.received(SOCKET_EVENTS.appMessage, (payload: any) => payload?.message?.id === message.id)).toHaveLength(1);
  });
});
