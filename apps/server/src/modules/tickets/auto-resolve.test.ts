/**
 * SPEC §4: tickets auto-resolve after the tenant's idle time (10 minutes, 1 hour, 1 day, 5 days,
 * 10 days), as a durable scheduled job.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { buildTenant } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildAgent, buildChannel, inboundTicket, rows, setSetting, setTicketTimes, visitorKey } from '../../../test/inbox.js';
import { autoResolveIdleTickets } from './use-cases/auto-resolve-idle-tickets.js';

let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
});
afterAll(() => server?.close());

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms);

async function tenantWith(idle: string) {
  const tenant = await buildTenant(server.ctx);
  const admin = await buildAgent(server, tenant.id, 'admin');
  const channel = await buildChannel(server.ctx, tenant.id);
  if (idle !== 'default') await setSetting(server.ctx, tenant.id, 'autoResolveIdle', idle);
  const ticket = async (idleFor: number, key = visitorKey()) => {
    const { ticketId } = await inboundTicket(server.ctx, { tenantId: tenant.id, channelId: channel.id }, { key });
    await setTicketTimes(server.ctx, ticketId, ago(idleFor));
    return ticketId;
  };
  const status = async (id: number) => (await api.get(`/tickets/${id}`, { token: admin.token })).body.status;
  const logs = async (id: number) => (await api.get(`/tickets/${id}/logs`, { token: admin.token })).body;
  return { tenant, admin, channel, ticket, status, logs };
}

describe('autoResolveIdleTickets', () => {
  it.each([
    ['10m', 10 * MINUTE],
    ['1h', 60 * MINUTE],
    ['1d', 24 * 60 * MINUTE],
    ['5d', 5 * 24 * 60 * MINUTE],
    ['10d', 10 * 24 * 60 * MINUTE],
  ])('%s: resolves open and pending tickets idle for longer, with an autoResolved log; younger ones stay', async (idle, limit) => {
    const x = await tenantWith(idle);
    const idlePending = await x.ticket(limit + 2 * MINUTE);
    const idleOpen = await x.ticket(limit + 2 * MINUTE);
    expect((await api.put(`/tickets/${idleOpen}`, { status: 'open' }, { token: x.admin.token })).status).toBe(200);
    await setTicketTimes(server.ctx, idleOpen, ago(limit + 2 * MINUTE));
    const young = await x.ticket(limit - 2 * MINUTE);

    await autoResolveIdleTickets(server.ctx);

    expect(await x.status(idlePending)).toBe('closed');
    expect(await x.status(idleOpen)).toBe('closed');
    expect(await x.status(young)).toBe('pending');
    const log = (await x.logs(idlePending)).at(-1);
    expect(log).toMatchObject({ type: 'autoResolved', userId: null, username: null, payload: { idle } });
    expect(Date.parse(log.createdAt)).toBeGreaterThan(Date.now() - MINUTE);
    expect((await x.logs(young)).map((l: { type: string }) => l.type)).not.toContain('autoResolved');
  });

  it('does not resolve a ticket whose customer wrote again, and leaves closed tickets and disabled tenants alone', async () => {
    const x = await tenantWith('1h');
    // Never idle at any moment: the job runs every minute in this server too, and must find nothing
    // to do with these tickets whenever it runs.
    const key = visitorKey();
    const revived = await x.ticket(0, key);
    await inboundTicket(server.ctx, { tenantId: x.tenant.id, channelId: x.channel.id }, { key, body: 'ainda estou aqui' });
    // Opened three hours ago; the customer's last message just now.
    await server.ctx.db.execute(sql`update tickets set created_at = ${ago(3 * 60 * MINUTE).toISOString()} where id = ${revived}`);
    const closed = await x.ticket(0);
    expect((await api.put(`/tickets/${closed}`, { status: 'closed' }, { token: x.admin.token })).status).toBe(200);
    await setTicketTimes(server.ctx, closed, ago(3 * 60 * MINUTE));

    const disabled = await tenantWith('disabled');
    const untouched = await disabled.ticket(30 * 24 * 60 * MINUTE);
    const neverSet = await tenantWith('default');
    const untouchedToo = await neverSet.ticket(30 * 24 * 60 * MINUTE);

    await autoResolveIdleTickets(server.ctx);

    expect(await x.status(revived)).toBe('pending');
    expect((await x.logs(closed)).map((l: { type: string }) => l.type)).toEqual(['created', 'resolved']);
    expect(await disabled.status(untouched)).toBe('pending');
    expect(await neverSet.status(untouchedToo)).toBe('pending');
  });

  it("is scheduled as the durable job 'tickets.auto-resolve', every minute", async () => {
    expect(await rows(server.ctx, sql`select name, cron from pgboss.schedule where name = 'tickets.auto-resolve'`)).toEqual([
      { name: 'tickets.auto-resolve', cron: '* * * * *' },
    ]);
  });
});
