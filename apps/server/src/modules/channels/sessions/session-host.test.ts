/**
 * Session ownership across server processes: each SessionHost below plays one process (its own
 * owner id and queue workers; they share the test server's ctx.jobs) on the same database. One
 * holds a channel's session (a lease row); the others route sends to it through the channel's
 * queue; another takes over when the holder's lease expires, and a holder that cannot renew
 * closes its session.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness.js';
import { buildChannel, buildInboxTenant, eventually, rows, type InboxTenant } from '../../../../test/inbox.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { OutboundMessage, SendResult } from '../adapters/channel-adapter.js';
import { findChannelById, type ChannelRow } from '../channels.repository.js';
import { acquireSessionLease, findLiveSessionLease } from './session-leases.repository.js';
import { registerSessionDriver, SessionHost, setSessionStatus, type LiveSession } from './session-host.js';

/** A library connection that records what it was asked to do. */
class RecordingSession implements LiveSession {
  readonly sent: OutboundMessage[] = [];
  readonly edits: { externalId: string; body: string }[] = [];
  readonly deletions: string[] = [];
  closed: { logout: boolean } | undefined;

  constructor(readonly label: string) {}

  async send(message: OutboundMessage): Promise<SendResult> {
    if (this.closed) throw new Error('closed');
    this.sent.push(message);
    return { externalId: `${this.label}-${this.sent.length}`, status: 'sent' };
  }

  async edit(externalId: string, _to: OutboundMessage['contact'], body: string): Promise<void> {
    this.edits.push({ externalId, body });
  }

  async delete(externalId: string): Promise<void> {
    this.deletions.push(externalId);
  }

  async close(options: { logout: boolean }): Promise<void> {
    this.closed = options;
  }
}

let server: TestServer;
let t: InboxTenant;
const opened: RecordingSession[] = [];
const hosts: SessionHost[] = [];
const TTL = 3000;

function host(owner: string): SessionHost {
  const created = new SessionHost(server.ctx, { owner, leaseTtlMs: TTL, timers: false, waitMs: 10_000 });
  hosts.push(created);
  return created;
}

beforeAll(async () => {
  server = await startTestServer();
  t = await buildInboxTenant(server);
  registerSessionDriver({
    type: 'baileys',
    async open(ctx, channel) {
      const session = new RecordingSession(`s${opened.length}`);
      opened.push(session);
      await setSessionStatus(ctx, channel, 'connected');
      return session;
    },
  });
}, 120_000);

afterAll(async () => {
  for (const h of hosts) await h.stop();
  await server?.close();
});

const message = (): OutboundMessage => ({
  messageId: randomUUID(),
  ticketId: 1,
  contact: { id: 1, number: '5511988887777', externalKey: null },
  body: 'hello',
});
const reload = async (channel: ChannelRow) => (await findChannelById(server.ctx.db, channel.tenantId, channel.id))!;
const leaseOf = async (channel: ChannelRow) =>
  (await rows(server.ctx, sql`select * from channel_session_leases where channel_id = ${channel.id}`))[0];

describe('session leases', () => {
  let channel: ChannelRow;
  const a = () => hosts[0];
  const b = () => hosts[1];
  let c: SessionHost;

  it('two processes on one database: only one acquires the session', async () => {
    channel = await buildChannel(server.ctx, t.tenant.id, { type: 'baileys', status: 'disconnected', name: 'QR' });
    host('node-a');
    host('node-b');
    await Promise.all([a().startSession(channel), b().startSession(channel)]);
    expect([a().holds(channel.id), b().holds(channel.id)].filter(Boolean)).toHaveLength(1);
    expect(opened).toHaveLength(1);
    if (b().holds(channel.id)) hosts.reverse(); // a() is the holder, whichever won
    expect((await leaseOf(channel)).owner).toBe(a().owner);
    expect((await reload(channel)).status).toBe('connected');

    // The repository's rule: free, expired or mine.
    expect(
      await acquireSessionLease(server.ctx.db, { tenantId: t.tenant.id, channelId: channel.id, owner: b().owner, ttlMs: TTL }),
    ).toBeUndefined();
    const mine = await acquireSessionLease(server.ctx.db, { tenantId: t.tenant.id, channelId: channel.id, owner: a().owner, ttlMs: TTL });
    expect(mine?.acquiredAt.getTime()).toBe(new Date((await leaseOf(channel)).acquired_at as string).getTime());
  });

  it('a send enqueued on the process without the session is delivered by the holder, once', async () => {
    await a().renew();
    const outbound = message();
    const result = await b().send(channel, outbound);
    expect(result).toEqual({ externalId: 's0-1', status: 'sent' });
    expect(opened[0].sent.map((m) => m.messageId)).toEqual([outbound.messageId]);
    // The send job retried (e.g. after a crash past the call): the first answer, nothing sent twice.
    expect(await b().send(channel, outbound)).toEqual(result);
    expect(opened[0].sent).toHaveLength(1);

    await a().renew();
    await b().edit(channel, 's0-1', outbound.contact, 'edited');
    await b().delete(channel, 's0-1', outbound.contact);
    expect(opened[0].edits).toEqual([{ externalId: 's0-1', body: 'edited' }]);
    expect(opened[0].deletions).toEqual(['s0-1']);
  });

  it('another process takes over when the holder stops renewing; the old holder, unable to renew, closes its session', async () => {
    // node-a "hangs": no renewal. Once its lease expired (a genuine wait, up to TTL), node-b sweeps.
    await eventually(async () => !(await findLiveSessionLease(server.ctx.db, t.tenant.id, channel.id)), {
      timeoutMs: TTL + 5_000,
      what: "node-a's lease to expire",
    });
    await b().sweep();
    expect(b().holds(channel.id)).toBe(true);
    expect(opened).toHaveLength(2);
    expect((await leaseOf(channel)).owner).toBe(b().owner);
    // node-a wakes up: its renewal fails, so it closes its connection at once (never two holders).
    expect(opened[0].closed).toBeUndefined();
    await a().renew();
    expect(a().holds(channel.id)).toBe(false);
    expect(opened[0].closed).toEqual({ logout: false });
    // Its queue worker stopped, and only its own: the new holder (same ctx.jobs here) still answers.
    const outbound = message();
    expect(await a().send(channel, outbound)).toEqual({ externalId: 's1-1', status: 'sent' });
    expect(opened[0].sent).toHaveLength(1);
    // The new holder keeps its lease alive: each renewal moves the expiry to a full TTL from now.
    const before = new Date((await leaseOf(channel)).expires_at as string).getTime();
    await b().renew();
    const [renewed] = await rows(
      server.ctx,
      sql`select expires_at, extract(epoch from expires_at - now()) * 1000 as left_ms from channel_session_leases where channel_id = ${channel.id}`,
    );
    expect(new Date(renewed.expires_at as string).getTime()).toBeGreaterThan(before);
    expect(Number(renewed.left_ms)).toBeGreaterThan(TTL / 2);
    expect(Number(renewed.left_ms)).toBeLessThanOrEqual(TTL);
    expect(b().holds(channel.id)).toBe(true);
    expect((await findLiveSessionLease(server.ctx.db, t.tenant.id, channel.id))?.owner).toBe(b().owner);
  });

  it('with no holder a send waits in the channel queue and is delivered by the next holder', async () => {
    await b().stop(); // a graceful shutdown frees the lease
    expect(opened[1].closed).toEqual({ logout: false });
    expect(await findLiveSessionLease(server.ctx.db, t.tenant.id, channel.id)).toBeUndefined();
    expect((await reload(channel)).status).toBe('connected'); // not deliberately stopped: an orphan

    const outbound = message();
    const waiting = await a()
      .send(channel, outbound)
      .catch((error: unknown) => error);
    // Retryable (a plain Error, not an AppError): the send job comes back for the answer.
    expect(waiting).toBeInstanceOf(Error);
    expect(waiting).not.toBeInstanceOf(AppError);
    expect((waiting as Error).message).toMatch(/waits for the next holder/);

    c = host('node-c');
    await c.sweep();
    expect(c.holds(channel.id)).toBe(true);
    const session = opened[2];
    // The next holder works the queue: the waiting message goes out without anyone asking again.
    await expect
      .poll(
        async () => {
          await c.renew();
          return session.sent.length;
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    expect(session.sent[0].messageId).toBe(outbound.messageId);
    // The send job's retry collects that answer; nothing is sent twice.
    expect(await a().send(channel, outbound)).toEqual({ externalId: 's2-1', status: 'sent' });
    expect(session.sent).toHaveLength(1);
  });

  it('edits fail at once when no process holds the session', async () => {
    const other = await buildChannel(server.ctx, t.tenant.id, { type: 'baileys', status: 'disconnected', name: 'Idle' });
    await expect(a().edit(other, 'x', message().contact, 'b')).rejects.toMatchObject({ code: 'ERR_WAPP_NOT_INITIALIZED' });
  });

  it('stopping from a process without the session logs out at the holder; the sweep leaves it disconnected', async () => {
    const openedBefore = opened.length;
    await c.renew(); // node-c is alive (its timer renews)
    expect(c.holds(channel.id)).toBe(true);
    await a().stopSession(channel, { logout: true });
    expect(opened[2].closed).toEqual({ logout: true });
    expect(c.holds(channel.id)).toBe(false);
    expect((await reload(channel)).status).toBe('disconnected');
    expect(await leaseOf(channel)).toBeUndefined();
    await a().sweep();
    await c.sweep();
    expect(opened).toHaveLength(openedBefore);
  });
  it('a holder whose renewal fails (database unreachable) closes its session at once', async () => {
    const other = await buildChannel(server.ctx, t.tenant.id, { type: 'baileys', status: 'disconnected', name: 'Flaky' });
    const flakyCtx = { ...server.ctx };
    const flaky = new SessionHost(flakyCtx, { owner: 'node-flaky', leaseTtlMs: TTL, timers: false });
    hosts.push(flaky);
    await flaky.startSession(other);
    expect(flaky.holds(other.id)).toBe(true);
    const session = opened[opened.length - 1];
    flakyCtx.db = new Proxy(server.ctx.db, {
      get: (target, property) =>
        property === 'update'
          ? () => {
              throw new Error('connect ECONNREFUSED 10.0.0.9:5432');
            }
          : Reflect.get(target, property),
    });
    await flaky.renew();
    expect(flaky.holds(other.id)).toBe(false);
    expect(session.closed).toEqual({ logout: false });
    flakyCtx.db = server.ctx.db;
    await flaky.stopSession(other, { logout: false });
    expect((await reload(other)).status).toBe('disconnected');
  });
});
