import { randomBytes, randomUUID } from 'node:crypto';
import { inspect } from 'node:util';
import type { Profile, SettingKey } from '@conversa/shared';
import type { MetaCloudSimulator } from '@conversa/simulators';
import { sql, type SQL } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import type { AppContext } from '../src/app-context.js';
import { findChannelById, insertChannel, type ChannelRow, type NewChannel } from '../src/modules/channels/channels.repository.js';
import { insertContact, setContactWallets, type ContactRow, type NewContact } from '../src/modules/contacts/contacts.repository.js';
import { ingestInbound, type IngestResult } from '../src/modules/messages/use-cases/ingest-inbound.js';
import { insertQueue, setQueueUsers, type QueueRow } from '../src/modules/queues/queues.repository.js';
import { writeSetting } from '../src/modules/settings/settings.repository.js';
import type { TenantRow } from '../src/modules/tenants/tenants.repository.js';
import type { UserRow } from '../src/modules/users/users.repository.js';
import { rooms } from '../src/platform/realtime/rooms.js';
import { AGENTS_NAMESPACE } from '../src/modules/users/agent-sockets.js';
import { Api } from './api.js';
import { buildTenant, buildUser } from './factories.js';
import type { TestServer } from './harness.js';

/**
 * Inbox fixtures for integration tests: queues, channels, contacts and wallets straight through the
 * repositories; customers' messages through the one inbound pipeline; agents through the real API
 * and real sockets.
 */

let sequence = 0;
const next = () => `${process.pid}-${++sequence}`;

export type Agent = UserRow & { password: string; token: string };

/** A user of the tenant, logged in through POST /auth/login/ (sequentially: the limiter counts attempts first). */
export async function buildAgent(server: TestServer, tenantId: number, profile: Profile = 'user', name?: string): Promise<Agent> {
  const user = await buildUser(server.ctx, tenantId, { profile, name });
  const session = await new Api(server.url).login(user.email, user.password);
  return { ...user, token: session.token };
}

export async function buildQueue(ctx: AppContext, tenantId: number, userIds: number[] = [], name = `Queue ${next()}`): Promise<QueueRow> {
  const queue = await insertQueue(ctx.db, tenantId, { name, color: '#4dabf7', greetingMessage: null });
  if (userIds.length) await setQueueUsers(ctx.db, tenantId, queue.id, userIds);
  return queue;
}

export async function buildChannel(ctx: AppContext, tenantId: number, overrides: Partial<NewChannel> = {}): Promise<ChannelRow> {
  return insertChannel(ctx.db, tenantId, {
    name: `Webchat ${next()}`,
    type: 'webchat',
    status: 'connected',
    publicKey: randomBytes(18).toString('base64url'),
    autoDistribution: 'none',
    ...overrides,
  });
}

export async function buildContact(ctx: AppContext, tenantId: number, overrides: Partial<NewContact> = {}): Promise<ContactRow> {
  return insertContact(ctx.db, tenantId, {
    name: `Contact ${next()}`,
    number: `5511${String(Date.now() % 1e5).padStart(5, '0')}${String(++sequence % 1e4).padStart(4, '0')}`,
    ...overrides,
  });
}

export const setWallets = (ctx: AppContext, tenantId: number, contactId: number, userIds: number[]) =>
  setContactWallets(ctx.db, tenantId, contactId, userIds);
export const setSetting = (ctx: AppContext, tenantId: number, key: SettingKey, value: string) => writeSetting(ctx.db, tenantId, key, value);

/** A fresh visitor key of the web-chat channel. */
export const visitorKey = () => ({ externalKey: `webchat:${randomUUID()}` });

/** A customer's message through the shared inbound pipeline. */
export async function inbound(
  ctx: AppContext,
  target: { tenantId: number; channelId: number },
  options: { key?: { externalKey: string } | { number: string }; name?: string; body?: string; externalId?: string; timestamp?: Date } = {},
): Promise<IngestResult & { externalId: string }> {
  const externalId = options.externalId ?? `in-${randomUUID()}`;
  const result = await ingestInbound(ctx, {
    tenantId: target.tenantId,
    channelId: target.channelId,
    externalId,
    contact: { key: options.key ?? visitorKey(), name: options.name ?? 'Visitor' },
    body: options.body ?? 'Olá',
    timestamp: options.timestamp,
  });
  return { ...result, externalId };
}

/** A stored inbound message that opened or joined a ticket (fails the test otherwise). */
export async function inboundTicket(
  ...args: Parameters<typeof inbound>
): Promise<{ ticketId: number; messageId: string; contactId: number; externalId: string }> {
  const result = await inbound(...args);
  if (result.outcome !== 'stored') throw new Error(`expected a stored message, got ${result.outcome}`);
  return result;
}

/** One tenant with an admin, a queue with two agents, an outsider agent, and a web-chat channel of that queue. */
export interface InboxTenant {
  tenant: TenantRow;
  admin: Agent;
  agent: Agent;
  peer: Agent;
  outsider: Agent;
  queue: QueueRow;
  otherQueue: QueueRow;
  channel: ChannelRow;
}

export async function buildInboxTenant(server: TestServer, options: { channel?: Partial<NewChannel> } = {}): Promise<InboxTenant> {
  const { ctx } = server;
  const tenant = await buildTenant(ctx);
  const admin = await buildAgent(server, tenant.id, 'admin', `Admin ${next()}`);
  const agent = await buildAgent(server, tenant.id, 'user', `Agent ${next()}`);
  const peer = await buildAgent(server, tenant.id, 'user', `Peer ${next()}`);
  const outsider = await buildAgent(server, tenant.id, 'user', `Outsider ${next()}`);
  const queue = await buildQueue(ctx, tenant.id, [agent.id, peer.id]);
  const otherQueue = await buildQueue(ctx, tenant.id, [outsider.id]);
  const channel = await buildChannel(ctx, tenant.id, { queueId: queue.id, isDefault: true, ...options.channel });
  return { tenant, admin, agent, peer, outsider, queue, otherQueue, channel };
}

/**
 * A WhatsApp Cloud API channel of the tenant on the Meta simulator, created through the API by its
 * admin (in the tenant's queue), with the simulator's webhooks pointed at it; answers its row.
 */
export async function connectWabaChannel(
  server: TestServer,
  t: InboxTenant,
  sim: MetaCloudSimulator,
  name = `WABA ${randomUUID().slice(0, 6)}`,
): Promise<ChannelRow> {
  const created = await new Api(server.url).post(
    '/whatsapp',
    {
      name,
      type: 'waba',
      queueId: t.queue.id,
      settings: {
        phoneNumberId: sim.phoneNumberId,
        businessAccountId: sim.businessAccountId,
        token: sim.token,
        appSecret: sim.appSecret,
        verifyToken: 'verify-me-please',
        baseUrl: sim.url,
      },
    },
    { token: t.admin.token },
  );
  if (created.status !== 201) throw new Error(`the WABA channel was not created: ${created.status} ${inspect(created.body)}`);
  const channel = (await findChannelById(server.ctx.db, t.tenant.id, created.body.id))!;
  sim.setWebhookUrl(`${server.url}/webhooks/waba/${channel.publicKey}`);
  return channel;
}

/** Moves a ticket's last activity back in time (auto-resolve, ordering). */
export async function setTicketTimes(ctx: AppContext, ticketId: number, at: Date): Promise<void> {
  await ctx.db.execute(
    sql`update tickets set last_message_at = ${at.toISOString()}, updated_at = ${at.toISOString()}, created_at = ${at.toISOString()} where id = ${ticketId}`,
  );
}

/** Rows of a raw query (assertions on what the API does not show). */
/** The rows `query` answers, on the context's database (or, as `{ db: tx }`, inside a transaction). */
export async function rows(ctx: Pick<AppContext, 'db'>, query: SQL): Promise<Record<string, unknown>[]> {
  const result: unknown = await ctx.db.execute(query);
  return (result as { rows: Record<string, unknown>[] }).rows;
}

export async function count(ctx: AppContext, query: SQL): Promise<number> {
  const [row] = await rows(ctx, query);
  return Number(Object.values(row ?? {})[0]);
}

// ---- sockets ----

export interface AgentSocket {
  socket: Socket;
  /** Every event received so far, in order. */
  events: { event: string; payload: any }[];
  /** Resolves with the first event (already received or future) that matches; rejects after `timeoutMs`. */
  waitFor(event: string, match?: (payload: any) => boolean, timeoutMs?: number): Promise<any>;
  /** Events of this name received so far that match. */
  received(event: string, match?: (payload: any) => boolean): any[];
  close(): void;
}

const openSockets = new Set<Socket>();

export async function connectAgent(url: string, token: string | undefined): Promise<AgentSocket> {
  const socket = io(url, { auth: token === undefined ? {} : { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  openSockets.add(socket);
  const events: { event: string; payload: any }[] = [];
  const waiters: { event: string; match: (p: any) => boolean; resolve: (p: any) => void }[] = [];
  socket.onAny((event: string, payload: any) => {
    events.push({ event, payload });
    for (const waiter of [...waiters]) {
      if (waiter.event === event && waiter.match(payload)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(payload);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  return {
    socket,
    events,
    received: (event, match = () => true) => events.filter((e) => e.event === event && match(e.payload)).map((e) => e.payload),
    waitFor(event, match = () => true, timeoutMs = 5_000) {
      const seen = events.find((e) => e.event === event && match(e.payload));
      if (seen) return Promise.resolve(seen.payload);
      return new Promise((resolve, reject) => {
        const waiter = { event, match, resolve: (p: any) => (clearTimeout(timer), resolve(p)) };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no '${event}' event within ${timeoutMs} ms; got: ${events.map((e) => e.event).join(', ') || 'nothing'}`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close() {
      socket.close();
      openSockets.delete(socket);
    },
  };
}

/** The connect_error of a socket the server refuses. */
export async function refusedConnection(url: string, auth: Record<string, unknown>): Promise<Error & { data?: any }> {
  const socket = io(url, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
  try {
    return await new Promise((resolve, reject) => {
      socket.once('connect', () => reject(new Error('the socket was accepted')));
      socket.once('connect_error', (error) => resolve(error as Error & { data?: any }));
    });
  } finally {
    socket.close();
  }
}

export function closeAllSockets(): void {
  for (const socket of openSockets) socket.close();
  openSockets.clear();
}

/** How many agent sockets follow a ticket (joinTicket has no acknowledgement: tests poll this). */
export async function followersOf(server: TestServer, tenantId: number, ticketId: number): Promise<number> {
  return (await server.ctx.realtime!.io.of(AGENTS_NAMESPACE).in(rooms.ticket(tenantId, ticketId)).fetchSockets()).length;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What `eventually` resolves with: the probe's value, never a falsy one. */
export type Truthy<T> = Exclude<T, false | 0 | 0n | '' | null | undefined>;

export interface EventuallyOptions {
  /** How long to keep polling (5 s unless told). */
  timeoutMs?: number;
  /** The pause between two probes. */
  intervalMs?: number;
  /** What is awaited, for the timeout's message (the probe's source otherwise); a function is called at the timeout. */
  what?: string | (() => string);
}

/**
 * Polls `probe` until it returns a truthy value, and resolves with it (bounded waits for
 * after-commit work). Throws when the time is up, naming what was awaited and the probe's last
 * value: a wait that never ends fails the test even when its result is not asserted. To check that
 * something did NOT happen, do not sleep: wait for a later marker through the same ordered path
 * (test/markers.ts for agent sockets), after which the earlier effect would have shown.
 */
export async function eventually<T>(
  probe: () => Promise<T>,
  { timeoutMs = 5_000, intervalMs = 50, what }: EventuallyOptions = {},
): Promise<Truthy<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as Truthy<T>;
    if (Date.now() > deadline) {
      const awaited = (typeof what === 'function' ? what() : what) ?? `the probe ${oneLine(probe.toString(), 200)}`;
      throw new Error(
        `eventually: timed out after ${timeoutMs} ms waiting for ${awaited}; last value: ${oneLine(inspect(value, { depth: 3 }), 500)}`,
      );
    }
    await sleep(intervalMs);
  }
}

const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** A message's raw row once the send job has settled it (sent, delivered, failed…); throws when it is still pending at the deadline. */
export async function settledMessageRow(ctx: AppContext, messageId: string, { timeoutMs = 15_000 } = {}): Promise<Record<string, any>> {
  let last: Record<string, unknown> | undefined;
  return eventually(
    async () => {
      [last] = await rows(ctx, sql`select * from messages where id = ${messageId}`);
      return last && last.status !== 'pending' ? (last as Record<string, any>) : undefined;
    },
    {
      timeoutMs,
      intervalMs: 100,
      what: () =>
        `message ${messageId} to be settled (its row: ${last ? `status ${String(last.status)}, error ${String(last.error)}` : 'none'})`,
    },
  );
}
