/**
 * Issue 9, crash recovery of QR-code sessions: the node holding a channel's session (and the
 * requests of its session queue) gets SIGKILL in the middle of a send. Another node must take the
 * session over AND the requests the dead holder had taken within 30 s, and each reply must reach
 * the phone once: the one whose send was under way (the phone has it) is flagged `unconfirmed`, not
 * sent again; the ones waiting behind it go out once.
 *
 * Two processes on one PostgreSQL database (PGlite is one process's): the holder is
 * test/session-holder.main.ts (bundled from src/ with esbuild, run with node, killed for real),
 * the survivor is this process's test server with main.ts's session host. The phone is a local
 * HTTP server (test/phone-driver.ts) that records what it received and never answers the first send.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lazyBaileysDriver } from '../src/modules/channels/adapters/baileys/baileys.adapter.js';
import {
  registerSessionDriver,
  sessionQueueName,
  startSessionHost,
  stopSessionHost,
} from '../src/modules/channels/sessions/session-host.js';
import { Api } from './api.js';
import { bundleForChildProcess } from './child-bundle.js';
import { TEST_DATABASE_URL } from './databases.js';
import { startTestServer, type TestServer } from './harness.js';
import { buildChannel, buildInboxTenant, eventually, inboundTicket, rows, type InboxTenant } from './inbox.js';
import { phoneDriver } from './phone-driver.js';

const serverRoot = resolve(import.meta.dirname, '..');

/** What the phone received: message id → times. */
const received = new Map<string, number>();
const held: ServerResponse[] = [];
const phone = createServer((request: IncomingMessage, response: ServerResponse) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  request.on('end', () => {
    const sent = JSON.parse(body) as { messageId: string; body: string };
    received.set(sent.messageId, (received.get(sent.messageId) ?? 0) + 1);
    // The send under way when the holder dies: never answered.
    if (sent.body.startsWith('[hold]')) held.push(response);
    else response.end(JSON.stringify({ ok: true }));
  });
});

describe.runIf(TEST_DATABASE_URL)('a QR-code session whose holder gets SIGKILL', () => {
  let bundle: Awaited<ReturnType<typeof bundleForChildProcess>> | undefined;
  let holderMain: string;
  let server: TestServer;
  let t: InboxTenant;
  let phoneUrl: string;
  let holder: ChildProcess | undefined;

  beforeAll(async () => {
    bundle = await bundleForChildProcess('test/session-holder.main.ts', 'session-holder');
    holderMain = bundle.file;
    await new Promise<void>((done) => phone.listen(0, '127.0.0.1', done));
    phoneUrl = `http://127.0.0.1:${(phone.address() as AddressInfo).port}`;
    registerSessionDriver(phoneDriver(phoneUrl));
    server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
    t = await buildInboxTenant(server);
  }, 120_000);

  afterAll(async () => {
    holder?.kill('SIGKILL');
    for (const response of held) response.destroy();
    await stopSessionHost(server.ctx);
    await server?.close();
    registerSessionDriver(lazyBaileysDriver);
    await new Promise((done) => phone.close(done));
    bundle?.remove();
  });

  it('another node takes the session and its waiting and interrupted sends over within 30 s; each reply reaches the phone once', async () => {
    const channel = await buildChannel(server.ctx, t.tenant.id, { type: 'baileys', status: 'connected', queueId: t.queue.id });
    const { ticketId } = await inboundTicket(
      server.ctx,
      { tenantId: t.tenant.id, channelId: channel.id },
      { key: { number: '5511987650001' } },
    );

    // The holder: a server process that takes the orphaned session at its start.
    holder = spawn(process.execPath, [holderMain], {
      cwd: serverRoot,
      env: { ...process.env, DATABASE_URL: server.databaseUrl!, PHONE_URL: phoneUrl, CHANNEL_ID: String(channel.id) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((done, fail) => {
      let out = '';
      holder!.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes(`holding ${channel.id}`)) done();
      });
      holder!.once('exit', (code) => fail(new Error(`the holder exited (${code}) before holding the session`)));
    });
    // The surviving node's session host, as main.ts starts it (production timings): the holder's lease is live.
    const survivor = await startSessionHost(server.ctx);
    expect(survivor.holds(channel.id)).toBe(false);

    const api = new Api(server.url);
    const ids: string[] = [];
    for (const body of [
      '[hold] Seu pedido saiu para entrega.',
      'Chega hoje à tarde.',
      'O código de rastreio vai por e-mail.',
      'Mais alguma dúvida?',
    ]) {
      const response = await api.post(`/messages/${ticketId}`, { body }, { token: t.agent.token });
      expect(response.status).toBe(201);
      ids.push((response.body as { id: string }).id);
    }
    const [interrupted, ...waiting] = ids;
    // Markers: the holder is sending the first reply (the phone has it and does not answer) and the
    // other three wait behind it in the session's queue.
    await eventually(async () => received.get(interrupted) === 1, { timeoutMs: 20_000, what: 'the phone to receive the first reply' });
    await eventually(
      async () => {
        const jobs = await rows(server.ctx, sql`select state from pgboss.job where name = ${sessionQueueName(channel.id)}`);
        return jobs.length === 4 && jobs.filter((job) => job.state === 'active').length === 1;
      },
      { timeoutMs: 20_000, what: "the four sends in the session's queue, one of them taken by the holder" },
    );

    const killedAt = Date.now();
    holder.kill('SIGKILL');
    await new Promise((done) => holder!.once('exit', done));

    await eventually(async () => survivor.holds(channel.id), {
      timeoutMs: 40_000,
      intervalMs: 100,
      what: 'the survivor to take the session over',
    });
    const takeoverMs = Date.now() - killedAt;
    const settled = await eventually(
      async () => {
        const current = (await rows(server.ctx, sql`select id, status from messages where ticket_id = ${ticketId}`)).filter((row) =>
          ids.includes(String(row.id)),
        );
        return current.length === ids.length && current.every((row) => row.status !== 'pending') ? current : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 100, what: 'every reply to be settled' },
    );
    const settledMs = Date.now() - killedAt;

    const status = Object.fromEntries(settled.map((row) => [row.id, row.status]));
    expect(status[interrupted]).toBe('unconfirmed');
    for (const id of waiting) expect(status[id]).toBe('sent');
    for (const id of ids) expect(received.get(id), `times the phone received ${id}`).toBe(1);
    expect(takeoverMs).toBeLessThan(30_000);
    expect(settledMs).toBeLessThan(30_000);
    console.info(`session taken over ${takeoverMs} ms after the SIGKILL; every reply settled after ${settledMs} ms`);

    // The sends the session's queue held are all finished: nothing left to go out later.
    const left = await rows(
      server.ctx,
      sql`select state from pgboss.job where name = ${sessionQueueName(channel.id)} and state in ('created', 'retry', 'active')`,
    );
    expect(left).toEqual([]);
  }, 120_000);
});
