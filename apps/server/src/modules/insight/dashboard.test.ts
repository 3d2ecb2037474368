/**
 * GET /dashboard (issue 14): every figure on a small hand-built tenant whose expected values are
 * written here — tickets made through the product's own paths (a customer's message, an agent's new
 * ticket, a message from the channel's phone; replies and closes through the API), then their
 * instants pinned to known values — plus who sees what, the filters and the validation errors.
 *
 * The range: 1–3 March 2026 in São Paulo (UTC−3), i.e. [2026-03-01T03:00Z, 2026-03-04T03:00Z).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  buildAgent,
  buildChannel,
  buildContact,
  buildInboxTenant,
  inboundTicket,
  rows,
  type Agent,
  type InboxTenant,
} from '../../../test/inbox.js';
import type { ChannelRow } from '../channels/channels.repository.js';
import { setQueueUsers } from '../queues/queues.repository.js';
import { ingestInbound } from '../messages/use-cases/ingest-inbound.js';
import { sendAutomatedMessage } from '../messages/queue-automated-message.js';
import { openOutreachTicket } from '../tickets/use-cases/open-outreach-ticket.js';

let server: TestServer;
let api: Api;
let t: InboxTenant;
let other: InboxTenant;
let supervisor: Agent;
let channel2: ChannelRow;
let channel3: ChannelRow;
const ids: Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G', number> = { A: 0, B: 0, C: 0, D: 0, E: 0, F: 0, G: 0 };

const FROM = '2026-03-01T03:00:00.000Z';
const TO = '2026-03-04T03:00:00.000Z';

const exec = (query: ReturnType<typeof sql>) => server.ctx.db.execute(query);
const ticketRow = async (id: number) =>
  (await rows(server.ctx, sql`select origin, first_response_at, status, user_id from tickets where id = ${id}`))[0];

/** Pins a ticket's instants (and rating) to the data set's values. */
async function pin(id: number, values: { created: string; firstResponse?: string | null; closed?: string | null; rating?: number | null }) {
  await exec(sql`update tickets set created_at = ${values.created}::timestamptz,
    first_response_at = ${values.firstResponse ?? null}::timestamptz, closed_at = ${values.closed ?? null}::timestamptz,
    rating = ${values.rating ?? null}::int where id = ${id}`);
}
const pinContact = (id: number, created: string) => exec(sql`update contacts set created_at = ${created}::timestamptz where id = ${id}`);
const contactOf = async (ticketId: number) =>
  Number((await rows(server.ctx, sql`select contact_id from tickets where id = ${ticketId}`))[0].contact_id);

const dashboard = (token: string, query: Record<string, string> = {}) =>
  api.get(`/dashboard?${new URLSearchParams({ from: FROM, to: TO, ...query }).toString()}`, { token });

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  t = await buildInboxTenant(server);
  other = await buildInboxTenant(server);
  await exec(sql`update tenants set time_zone = 'America/Sao_Paulo' where id = ${t.tenant.id}`);
  supervisor = await buildAgent(server, t.tenant.id, 'super', 'Supervisora');
  await setQueueUsers(server.ctx.db, t.tenant.id, t.otherQueue.id, [t.outsider.id, supervisor.id]);
  channel2 = await buildChannel(server.ctx, t.tenant.id, { name: 'Canal B', queueId: t.otherQueue.id });
  channel3 = await buildChannel(server.ctx, t.tenant.id, { name: 'Canal C', queueId: null });
  const target = { tenantId: t.tenant.id, channelId: t.channel.id };

  // A: a customer writes; a bot answers first (not a response), then the agent (the response), who resolves it.
  ids.A = (await inboundTicket(server.ctx, target, { body: 'Oi, preciso de ajuda' })).ticketId;
  await sendAutomatedMessage(server.ctx, { tenantId: t.tenant.id, ticketId: ids.A }, { body: 'Olá! Já vamos atender.' });
  await sendAutomatedMessage(server.ctx, { tenantId: t.tenant.id, ticketId: ids.A, userId: t.agent.id }, { body: 'Mensagem agendada' });
  expect((await ticketRow(ids.A)).first_response_at).toBeNull();
  expect((await api.post(`/messages/${ids.A}`, { body: 'Posso ajudar?' }, { token: t.agent.token })).status).toBe(201);
  const answered = (await ticketRow(ids.A)).first_response_at;
  expect(answered).not.toBeNull();
  expect((await api.post(`/messages/${ids.A}`, { body: 'Mais alguma coisa?' }, { token: t.agent.token })).status).toBe(201);
  expect(String((await ticketRow(ids.A)).first_response_at)).toBe(String(answered));
  expect((await api.put(`/tickets/${ids.A}`, { status: 'closed' }, { token: t.agent.token })).status).toBe(200);

  // B: a customer writes, the peer answers and keeps it open.
  ids.B = (await inboundTicket(server.ctx, target)).ticketId;
  expect((await api.post(`/messages/${ids.B}`, { body: 'Oi!' }, { token: t.peer.token })).status).toBe(201);

  // C: the agent opens a ticket to an existing customer (active), never writes, resolves it.
  const customerC = await buildContact(server.ctx, t.tenant.id, { name: 'Cliente C' });
  const created = await api.post('/tickets', { contactId: customerC.id, status: 'open' }, { token: t.agent.token });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  ids.C = created.body.id;
  expect((await api.put(`/tickets/${ids.C}`, { status: 'closed' }, { token: t.agent.token })).status).toBe(200);

  // D: a customer writes on channel 2 (the other queue); nobody took it.
  ids.D = (await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: channel2.id })).ticketId;
  // G: the channel's phone writes first (active), on channel 3 (no queue).
  const phone = await ingestInbound(server.ctx, {
    tenantId: t.tenant.id,
    channelId: channel3.id,
    externalId: `out-${randomUUID()}`,
    fromMe: true,
    contact: { key: { externalKey: `webchat:${randomUUID()}` }, name: 'Cliente G' },
    body: 'Olá, aqui é da loja',
  });
  if (phone.outcome !== 'stored') throw new Error(phone.outcome);
  ids.G = phone.ticketId;
  // E and F: just outside the range (before `from`, at `to`).
  ids.E = (await inboundTicket(server.ctx, target)).ticketId;
  ids.F = (await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: channel2.id })).ticketId;
  // Another tenant's ticket inside the range.
  const foreign = await inboundTicket(server.ctx, { tenantId: other.tenant.id, channelId: other.channel.id });

  await pin(ids.A, { created: '2026-03-01T13:00:00Z', firstResponse: '2026-03-01T13:01:00Z', closed: '2026-03-01T14:00:00Z', rating: 4 });
  await pin(ids.B, { created: '2026-03-02T02:30:00Z', firstResponse: '2026-03-02T02:33:00Z' }); // 1 March 23:30 in São Paulo
  await pin(ids.C, { created: '2026-03-03T12:00:00Z', closed: '2026-03-03T12:10:00Z', rating: 5 });
  await pin(ids.D, { created: '2026-03-03T23:00:00Z' });
  await pin(ids.G, { created: '2026-03-01T15:00:00Z' });
  await pin(ids.E, { created: '2026-03-01T02:59:59Z', firstResponse: '2026-03-01T03:00:30Z' });
  await pin(ids.F, { created: TO });
  await pin(foreign.ticketId, { created: '2026-03-02T12:00:00Z', rating: 1 });

  // Contacts: A, B, D, G new in the range; C and E's older; one without ticket and a group, new too.
  for (const id of [ids.A, ids.B, ids.D, ids.G]) await pinContact(await contactOf(id), '2026-03-01T12:00:00Z');
  for (const id of [ids.C, ids.E, ids.F]) await pinContact(await contactOf(id), '2026-02-01T12:00:00Z');
  await buildContact(server.ctx, t.tenant.id, { name: 'Sem ticket' }).then((c) => pinContact(c.id, '2026-03-02T12:00:00Z'));
  await buildContact(server.ctx, t.tenant.id, { name: 'Grupo', isGroup: true }).then((c) => pinContact(c.id, '2026-03-02T12:00:00Z'));
  await pinContact(foreign.contactId, '2026-03-02T12:00:00Z');
});

afterAll(async () => {
  await server?.close();
});

describe('where a ticket comes from and when it was first answered', () => {
  it('records the origin where the ticket is created: a customer, an agent, the channel’s phone', async () => {
    expect((await ticketRow(ids.A)).origin).toBe('customer');
    expect((await ticketRow(ids.C)).origin).toBe('agent');
    expect((await ticketRow(ids.G)).origin).toBe('phone');
  });
});

describe('GET /dashboard for an admin: every figure', () => {
  it('totals, breakdowns and the evolution per São Paulo day (the tenant’s clock), empty day included', async () => {
    const res = await dashboard(t.admin.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body;
    expect(d.range).toEqual({ from: FROM, to: TO, granularity: 'day', timeZone: 'America/Sao_Paulo' });
    expect(d.totals).toEqual({
      tickets: 5, // A B C D G
      open: 1, // B
      pending: 2, // D G
      closed: 2, // A C
      receptive: 3, // A B D
      active: 2, // C (agent) G (phone)
      newContacts: 5, // A B D G and the contact without ticket (not the group, not C's older one)
      avgFirstResponseSeconds: 120, // A 60 s, B 180 s (C, D, G never answered)
      avgHandlingSeconds: 2100, // A 3600 s, C 600 s (closed ones only)
      avgRating: 4.5, // 4 and 5
      ratings: 2,
    });
    expect(d.byChannel).toEqual([
      { channelId: t.channel.id, name: t.channel.name, type: 'webchat', tickets: 3 },
      { channelId: channel2.id, name: 'Canal B', type: 'webchat', tickets: 1 },
      { channelId: channel3.id, name: 'Canal C', type: 'webchat', tickets: 1 },
    ]);
    expect(d.byQueue).toEqual([
      { queueId: t.queue.id, name: t.queue.name, tickets: 3 },
      { queueId: t.otherQueue.id, name: t.otherQueue.name, tickets: 1 },
      { queueId: null, name: null, tickets: 1 },
    ]);
    expect(d.byStatus).toEqual([
      { status: 'closed', tickets: 2 },
      { status: 'pending', tickets: 2 },
      { status: 'open', tickets: 1 },
    ]);
    expect(d.byUser).toEqual([
      { userId: t.agent.id, name: t.agent.name, tickets: 2, open: 0, closed: 2, avgFirstResponseSeconds: 60, avgHandlingSeconds: 2100 },
      { userId: null, name: null, tickets: 2, open: 0, closed: 0, avgFirstResponseSeconds: null, avgHandlingSeconds: null },
      { userId: t.peer.id, name: t.peer.name, tickets: 1, open: 1, closed: 0, avgFirstResponseSeconds: 180, avgHandlingSeconds: null },
    ]);
    expect(d.evolution).toEqual([
      { at: '2026-03-01T03:00:00.000Z', tickets: 3, receptive: 2, active: 1 }, // A, B (23:30 local), G
      { at: '2026-03-02T03:00:00.000Z', tickets: 0, receptive: 0, active: 0 },
      { at: '2026-03-03T03:00:00.000Z', tickets: 2, receptive: 1, active: 1 }, // C, D
    ]);
  });

  it('buckets follow the time zone asked for (UTC: B moves to 2 March, and 4 March’s first hours are a bucket)', async () => {
    const res = await dashboard(t.admin.token, { timeZone: 'UTC' });
    expect(res.status).toBe(200);
    expect(res.body.range.timeZone).toBe('UTC');
    expect(res.body.evolution).toEqual([
      { at: '2026-03-01T00:00:00.000Z', tickets: 2, receptive: 1, active: 1 },
      { at: '2026-03-02T00:00:00.000Z', tickets: 1, receptive: 1, active: 0 },
      { at: '2026-03-03T00:00:00.000Z', tickets: 2, receptive: 1, active: 1 },
      { at: '2026-03-04T00:00:00.000Z', tickets: 0, receptive: 0, active: 0 },
    ]);
  });

  it('per hour: 24 buckets of 3 March in São Paulo, C at 09:00 and D at 20:00', async () => {
    const res = await dashboard(t.admin.token, { from: '2026-03-03T03:00:00Z', to: TO, granularity: 'hour' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const evolution = res.body.evolution as { at: string; tickets: number; active: number }[];
    expect(evolution).toHaveLength(24);
    expect(evolution[0].at).toBe('2026-03-03T03:00:00.000Z');
    expect(evolution[23].at).toBe('2026-03-04T02:00:00.000Z');
    expect(evolution.flatMap((b, hour) => (b.tickets ? [[hour, b.tickets, b.active]] : []))).toEqual([
      [9, 1, 1],
      [20, 1, 0],
    ]);
  });
});

describe('tickets that only carried an outreach message (a campaign, mass send, group tool)', () => {
  it('count among the tickets and the active ones, not as resolved nor in the handling time; answered, they are a conversation', async () => {
    const own = await buildInboxTenant(server);
    // A resolved conversation, 10 minutes long.
    const resolved = (await inboundTicket(server.ctx, { tenantId: own.tenant.id, channelId: own.channel.id })).ticketId;
    expect((await api.put(`/tickets/${resolved}`, { status: 'closed' }, { token: own.agent.token })).status).toBe(200);
    await pin(resolved, { created: '2026-03-02T12:00:00Z', closed: '2026-03-02T12:10:00Z' });
    // Two campaign messages: the way the campaign runner opens their tickets (created closed).
    const sent: number[] = [];
    for (const name of ['Campanha 1', 'Campanha 2']) {
      const contact = await buildContact(server.ctx, own.tenant.id, { name });
      const ticket = await server.ctx.db.transaction((tx) =>
        openOutreachTicket(tx, [], { tenantId: own.tenant.id, contactId: contact.id, channelId: own.channel.id, queueId: null }),
      );
      expect(ticket).toMatchObject({ status: 'closed', origin: 'outreach', userId: null });
      await pin(ticket.id, { created: '2026-03-02T13:00:00Z', closed: '2026-03-02T13:00:00Z' });
      sent.push(ticket.id);
    }

    const first = (await dashboard(own.admin.token)).body;
    expect(first.totals).toMatchObject({ tickets: 3, closed: 1, receptive: 1, active: 2, avgHandlingSeconds: 600 });
    expect(first.byStatus).toEqual([
      { status: 'outreach', tickets: 2 },
      { status: 'closed', tickets: 1 },
    ]);
    // Nobody took any of the three: the resolved one is the row's only closed ticket.
    expect(first.byUser).toEqual([expect.objectContaining({ userId: null, tickets: 3, closed: 1, avgHandlingSeconds: 600 })]);

    // An agent took one over and resolved it: a conversation like any other.
    await exec(sql`update tickets set user_id = ${own.agent.id}, closed_at = '2026-03-02T13:30:00Z' where id = ${sent[0]}`);
    const second = (await dashboard(own.admin.token)).body;
    expect(second.totals).toMatchObject({ tickets: 3, closed: 2, avgHandlingSeconds: 1200 });
    expect(second.byStatus).toEqual([
      { status: 'closed', tickets: 2 },
      { status: 'outreach', tickets: 1 },
    ]);
  });
});

describe('who sees what', () => {
  it('a supervisor: the tickets of their queues (D), not the others nor those without queue', async () => {
    const res = await dashboard(supervisor.token);
    expect(res.status).toBe(200);
    expect(res.body.totals).toMatchObject({ tickets: 1, pending: 1, receptive: 1, active: 0, newContacts: 1, avgRating: null, ratings: 0 });
    expect(res.body.byQueue).toEqual([{ queueId: t.otherQueue.id, name: t.otherQueue.name, tickets: 1 }]);
  });

  it('an agent: only their own tickets (A and C), with their new contact', async () => {
    const res = await dashboard(t.agent.token);
    expect(res.status).toBe(200);
    expect(res.body.totals).toEqual({
      tickets: 2,
      open: 0,
      pending: 0,
      closed: 2,
      receptive: 1,
      active: 1,
      newContacts: 1,
      avgFirstResponseSeconds: 60,
      avgHandlingSeconds: 2100,
      avgRating: 4.5,
      ratings: 2,
    });
    expect(res.body.byUser.map((u: { userId: number }) => u.userId)).toEqual([t.agent.id]);
  });

  it('an agent with no ticket: zeros, no averages, and still every bucket', async () => {
    const res = await dashboard(t.outsider.token);
    expect(res.status).toBe(200);
    expect(res.body.totals).toEqual({
      tickets: 0,
      open: 0,
      pending: 0,
      closed: 0,
      receptive: 0,
      active: 0,
      newContacts: 0,
      avgFirstResponseSeconds: null,
      avgHandlingSeconds: null,
      avgRating: null,
      ratings: 0,
    });
    expect(res.body.byChannel).toEqual([]);
    expect(res.body.evolution.map((b: { tickets: number }) => b.tickets)).toEqual([0, 0, 0]);
  });

  it('another tenant’s admin sees only their own ticket', async () => {
    const res = await dashboard(other.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.totals).toMatchObject({ tickets: 1, avgRating: 1, newContacts: 1 });
  });
});

describe('filters narrow within what the reader sees', () => {
  it('by queue, channel and user (lists or repeated parameters)', async () => {
    expect((await dashboard(t.admin.token, { queueIds: String(t.queue.id) })).body.totals.tickets).toBe(3);
    const byChannel = await dashboard(t.admin.token, { channelIds: `${channel2.id},${channel3.id}` });
    expect(byChannel.body.totals).toMatchObject({ tickets: 2, receptive: 1, active: 1, newContacts: 2 });
    const byUser = await api.get(`/dashboard?from=${FROM}&to=${TO}&userIds=${t.agent.id}&userIds=${t.peer.id}`, { token: t.admin.token });
    expect(byUser.status).toBe(200);
    expect(byUser.body.totals).toMatchObject({ tickets: 3, avgFirstResponseSeconds: 120 });
  });

  it('another tenant’s ids, or a queue outside a supervisor’s, match nothing', async () => {
    expect((await dashboard(t.admin.token, { queueIds: String(other.queue.id) })).body.totals.tickets).toBe(0);
    expect((await dashboard(t.admin.token, { channelIds: String(other.channel.id) })).body.totals.tickets).toBe(0);
    expect((await dashboard(supervisor.token, { queueIds: String(t.queue.id) })).body.totals.tickets).toBe(0);
  });
});

describe('bad input', () => {
  const cases: [string, Record<string, string>][] = [
    ['a date that is not an instant', { from: 'ontem' }],
    ['a date without offset', { from: '2026-03-01T00:00:00' }],
    ['the end before the start', { from: TO, to: FROM }],
    ['a range longer than 366 days', { from: '2025-01-01T00:00:00Z', to: '2026-03-01T00:00:00Z' }],
    ['an hourly evolution over more than 2 days', { granularity: 'hour' }],
    ['an unknown granularity', { granularity: 'week' }],
    ['an unknown time zone', { timeZone: 'Mars/Olympus_Mons' }],
    ['a UTC offset instead of a zone name', { timeZone: '+03:00' }],
    ['ids that are not positive integers', { queueIds: '1,abc' }],
  ];
  it.each(cases)('%s → 400 ERR_VALIDATION', async (_name, query) => {
    const res = await dashboard(t.admin.token, query);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toBe('ERR_VALIDATION');
  });

  it('dates are required, and the route needs a login', async () => {
    const missing = await api.get('/dashboard', { token: t.admin.token });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('ERR_VALIDATION');
    expect((await api.get(`/dashboard?from=${FROM}&to=${TO}`)).status).toBe(401);
  });
});
