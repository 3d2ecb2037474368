/**
 * Protocols (issue 11; SPEC Protocol: protocol, user, ticket, date; Ticket.protocol; {{protocol}}):
 * every created ticket gets yyyyMMdd (the tenant's day) + a 6-digit per-day sequence in the
 * statement that creates it, or at its transaction's commit (a customer's first message: migration
 * 0050's deferred trigger): concurrent creations get distinct consecutive numbers, a rolled-back
 * creation gives its number back, the day follows the tenant's time zone, tenants number apart.
 * GET /protocols lists and searches them (supervisors and admins).
 */
import { SOCKET_EVENTS } from '@conversa/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { buildTenant } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  buildAgent,
  buildChannel,
  buildContact,
  buildInboxTenant,
  closeAllSockets,
  connectAgent,
  inboundTicket,
  rows,
  type Agent,
  type InboxTenant,
} from '../../../test/inbox.js';
import { insertClosedTicket, upsertActiveTicket } from '../tickets/tickets.repository.js';

let server: TestServer;
let api: Api;
let t: InboxTenant;
let supervisor: Agent;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  t = await buildInboxTenant(server);
  supervisor = await buildAgent(server, t.tenant.id, 'super');
});
afterAll(() => {
  closeAllSockets();
  return server?.close();
});

/** yyyyMMdd of now in a time zone. */
function dayIn(timeZone: string, at = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}${part('month')}${part('day')}`;
}

async function protocolOf(ticketId: number): Promise<string> {
  const [row] = await rows(server.ctx, sql`select protocol from ticket_protocols where ticket_id = ${ticketId}`);
  return String(row?.protocol);
}

/** A tenant of its own (a fresh counter), in a time zone, with an admin and a web-chat channel. */
async function freshTenant(timeZone = 'America/Sao_Paulo') {
  const tenant = await buildTenant(server.ctx, { timeZone });
  const admin = await buildAgent(server, tenant.id, 'admin');
  const channel = await buildChannel(server.ctx, tenant.id, { isDefault: true });
  return { tenant, admin, channel };
}

const sequenceOf = (protocol: string) => Number(protocol.slice(8));

describe('numbering', () => {
  it('20 concurrent ticket creations in one tenant (first messages and POST /tickets) get 20 distinct consecutive numbers of the day', async () => {
    const own = await freshTenant();
    const before = dayIn('America/Sao_Paulo');
    const contacts = await Promise.all(Array.from({ length: 10 }, () => buildContact(server.ctx, own.tenant.id)));
    const ticketIds = await Promise.all([
      ...Array.from(
        { length: 10 },
        async (_, i) =>
          (await inboundTicket(server.ctx, { tenantId: own.tenant.id, channelId: own.channel.id }, { name: `V${i}` })).ticketId,
      ),
      ...contacts.map(async (contact) => {
        const response = await api.post('/tickets', { contactId: contact.id, status: 'open' }, { token: own.admin.token });
        expect(response.status, JSON.stringify(response.body)).toBe(201);
        expect(response.body.protocol).toMatch(/^\d{14}$/);
        return response.body.id as number;
      }),
    ]);
    const after = dayIn('America/Sao_Paulo');
    const protocols = await Promise.all(ticketIds.map(protocolOf));
    expect(new Set(protocols).size).toBe(20);
    for (const protocol of protocols) {
      expect(protocol).toMatch(/^\d{14}$/);
      expect([before, after]).toContain(protocol.slice(0, 8));
    }
    expect(protocols.map(sequenceOf).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const [counter] = await rows(server.ctx, sql`select last_value from ticket_protocol_counters where tenant_id = ${own.tenant.id}`);
    expect(counter?.last_value).toBe(20);
  });

  it("a contact's concurrent first messages make one ticket and take one number; a rolled-back creation gives its number back", async () => {
    const own = await freshTenant();
    const key = { externalKey: `webchat:${crypto.randomUUID()}` };
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        inboundTicket(server.ctx, { tenantId: own.tenant.id, channelId: own.channel.id }, { key, body: `m${i}` }),
      ),
    );
    expect(new Set(results.map((r) => r.ticketId)).size).toBe(1);
    expect(sequenceOf(await protocolOf(results[0].ticketId))).toBe(1);

    const contact = await buildContact(server.ctx, own.tenant.id);
    const rolledBack = new Error('rolled back on purpose');
    await expect(
      server.ctx.db.transaction(async (tx) => {
        const { created } = await upsertActiveTicket(tx, {
          tenantId: own.tenant.id,
          contactId: contact.id,
          channelId: own.channel.id,
          queueId: null,
          origin: 'customer',
        });
        expect(created).toBe(true);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    // Numbered at the commit (the inbound path's creation): rolled back, it takes no number either.
    await expect(
      server.ctx.db.transaction(async (tx) => {
        const values = {
          tenantId: own.tenant.id,
          contactId: contact.id,
          channelId: own.channel.id,
          queueId: null,
          origin: 'customer' as const,
        };
        expect((await upsertActiveTicket(tx, values, { numberAtCommit: true })).created).toBe(true);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    const next = await inboundTicket(server.ctx, { tenantId: own.tenant.id, channelId: own.channel.id });
    expect(sequenceOf(await protocolOf(next.ticketId))).toBe(2);
  });

  it("a customer's first message numbers its ticket at the commit: until then the tenant's counter is neither changed nor locked", async () => {
    const own = await freshTenant();
    const first = await inboundTicket(server.ctx, { tenantId: own.tenant.id, channelId: own.channel.id });
    expect(sequenceOf(await protocolOf(first.ticketId))).toBe(1);
    const contact = await buildContact(server.ctx, own.tenant.id);
    const counter = sql`select last_value from ticket_protocol_counters where tenant_id = ${own.tenant.id}`;
    const created = await server.ctx.db.transaction(async (tx) => {
      const values = {
        tenantId: own.tenant.id,
        contactId: contact.id,
        channelId: own.channel.id,
        queueId: null,
        origin: 'customer' as const,
      };
      const { ticket } = await upsertActiveTicket(tx, values, { numberAtCommit: true });
      // Inside its transaction: no protocol yet, the counter where the first ticket left it (not updated, so not locked).
      expect(await rows({ db: tx }, sql`select count(*)::int as n from ticket_protocols where ticket_id = ${ticket.id}`)).toEqual([
        { n: 0 },
      ]);
      expect(await rows({ db: tx }, counter)).toEqual([{ last_value: 1 }]);
      return ticket;
    });
    expect(sequenceOf(await protocolOf(created.id))).toBe(2);
    expect(await rows(server.ctx, counter)).toEqual([{ last_value: 2 }]);
  });

  it("a history import's closed ticket is numbered too, in the same sequence", async () => {
    const own = await freshTenant();
    const open = await inboundTicket(server.ctx, { tenantId: own.tenant.id, channelId: own.channel.id });
    const contact = await buildContact(server.ctx, own.tenant.id);
    const closed = await server.ctx.db.transaction((tx) =>
      insertClosedTicket(tx, {
        tenantId: own.tenant.id,
        contactId: contact.id,
        channelId: own.channel.id,
        queueId: null,
        isGroup: false,
        origin: 'customer',
      }),
    );
    expect(closed.status).toBe('closed');
    expect(sequenceOf(await protocolOf(open.ticketId))).toBe(1);
    expect(sequenceOf(await protocolOf(closed.id))).toBe(2);
  });

  it("the day is the tenant's: two time zones 26 hours apart number on different days, and a new day starts at 000001", async () => {
    const east = await freshTenant('Etc/GMT-14');
    const west = await freshTenant('Etc/GMT+12');
    const eastDays = [dayIn('Etc/GMT-14')];
    const westDays = [dayIn('Etc/GMT+12')];
    const e1 = await inboundTicket(server.ctx, { tenantId: east.tenant.id, channelId: east.channel.id });
    const e2 = await inboundTicket(server.ctx, { tenantId: east.tenant.id, channelId: east.channel.id });
    const w1 = await inboundTicket(server.ctx, { tenantId: west.tenant.id, channelId: west.channel.id });
    eastDays.push(dayIn('Etc/GMT-14'));
    westDays.push(dayIn('Etc/GMT+12'));
    const [pe1, pe2, pw1] = await Promise.all([protocolOf(e1.ticketId), protocolOf(e2.ticketId), protocolOf(w1.ticketId)]);
    expect(eastDays).toContain(pe1.slice(0, 8));
    expect(westDays).toContain(pw1.slice(0, 8));
    expect(pe1.slice(0, 8)).not.toBe(pw1.slice(0, 8));
    expect([sequenceOf(pe1), sequenceOf(pe2), sequenceOf(pw1)]).toEqual([1, 2, 1]);

    // The east tenant moves to the west's time zone: its day rolls back to the west's date, whose
    // count starts afresh for it; moving back continues the first day's count.
    await server.ctx.db.execute(sql`update tenants set time_zone = 'Etc/GMT+12' where id = ${east.tenant.id}`);
    const rolled = await protocolOf((await inboundTicket(server.ctx, { tenantId: east.tenant.id, channelId: east.channel.id })).ticketId);
    expect(rolled.slice(0, 8)).not.toBe(pe1.slice(0, 8));
    expect(sequenceOf(rolled)).toBe(1);
    await server.ctx.db.execute(sql`update tenants set time_zone = 'Etc/GMT-14' where id = ${east.tenant.id}`);
    const back = await protocolOf((await inboundTicket(server.ctx, { tenantId: east.tenant.id, channelId: east.channel.id })).ticketId);
    if (back.slice(0, 8) === pe1.slice(0, 8)) expect(sequenceOf(back)).toBe(3);
    else expect(sequenceOf(back)).toBe(1); // the east day itself ended meanwhile
  });

  it('tenants number apart: each starts at 000001, and the same protocol may exist once per tenant', async () => {
    const a = await freshTenant();
    const b = await freshTenant();
    const ta = await inboundTicket(server.ctx, { tenantId: a.tenant.id, channelId: a.channel.id });
    const tb = await inboundTicket(server.ctx, { tenantId: b.tenant.id, channelId: b.channel.id });
    const [pa, pb] = await Promise.all([protocolOf(ta.ticketId), protocolOf(tb.ticketId)]);
    expect(sequenceOf(pa)).toBe(1);
    expect(sequenceOf(pb)).toBe(1);
    const listA = await api.get(`/protocols?searchParam=${pa}`, { token: a.admin.token });
    expect(listA.body.protocols.map((p: { ticketId: number }) => p.ticketId)).toEqual([ta.ticketId]);
    const listB = await api.get('/protocols', { token: b.admin.token });
    expect(listB.body.protocols.map((p: { ticketId: number }) => p.ticketId)).toEqual([tb.ticketId]);
  });
});

describe('the ticket carries its protocol', () => {
  it('in GET /tickets/{id}, the list and the socket push; kept on reopen; {{protocol}} renders it', async () => {
    const socket = await connectAgent(server.url, t.admin.token);
    const { ticketId } = await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: t.channel.id }, { name: 'Rita Protocolo' });
    const protocol = await protocolOf(ticketId);
    const pushed = await socket.waitFor(SOCKET_EVENTS.ticket, (p) => p.ticket?.id === ticketId);
    expect(pushed.ticket.protocol).toBe(protocol);
    expect((await api.get(`/tickets/${ticketId}`, { token: t.admin.token })).body.protocol).toBe(protocol);
    const list = await api.get('/tickets?status=pending&searchParam=Rita%20Protocolo', { token: t.admin.token });
    expect(list.body.tickets.find((x: { id: number }) => x.id === ticketId)?.protocol).toBe(protocol);

    const send = await api.post(
      `/messages/${ticketId}`,
      { body: 'Seu protocolo: {{protocol}}', renderVariables: true },
      { token: t.admin.token },
    );
    expect(send.status, JSON.stringify(send.body)).toBe(201);
    const [message] = await rows(server.ctx, sql`select body from messages where ticket_id = ${ticketId} and from_me`);
    expect(message?.body).toBe(`Seu protocolo: ${protocol}`);

    expect((await api.put(`/tickets/${ticketId}`, { status: 'closed' }, { token: t.admin.token })).status).toBe(200);
    expect((await api.put(`/tickets/${ticketId}`, { status: 'open' }, { token: t.admin.token })).status).toBe(200);
    expect((await api.get(`/tickets/${ticketId}`, { token: t.admin.token })).body.protocol).toBe(protocol);
  });
});

describe('GET /protocols', () => {
  it('searches by protocol (or its beginning) and by contact, filters by day, pages by 40, and names who opened the ticket', async () => {
    const own = await freshTenant();
    const contact = await buildContact(server.ctx, own.tenant.id, { name: 'Joana Busca' });
    const opened = await api.post('/tickets', { contactId: contact.id, status: 'open' }, { token: own.admin.token });
    expect(opened.status).toBe(201);
    const ids: number[] = [opened.body.id];
    for (let i = 0; i < 41; i++)
      ids.push((await inboundTicket(server.ctx, { tenantId: own.tenant.id, channelId: own.channel.id })).ticketId);
    const protocol = opened.body.protocol as string;
    const day = `${protocol.slice(0, 4)}-${protocol.slice(4, 6)}-${protocol.slice(6, 8)}`;

    const first = await api.get('/protocols', { token: own.admin.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 42, hasMore: true });
    expect(first.body.protocols).toHaveLength(40);
    const second = await api.get('/protocols?pageNumber=2', { token: own.admin.token });
    expect(second.body).toMatchObject({ count: 42, hasMore: false });
    const all = [...first.body.protocols, ...second.body.protocols];
    expect(new Set(all.map((p: { ticketId: number }) => p.ticketId))).toEqual(new Set(ids));
    // Newest first: the protocols descend.
    const numbers = all.map((p: { protocol: string }) => p.protocol);
    expect(numbers).toEqual([...numbers].sort().reverse());

    const exact = await api.get(`/protocols?searchParam=${protocol}`, { token: own.admin.token });
    expect(exact.body.protocols).toEqual([
      expect.objectContaining({
        protocol,
        ticketId: opened.body.id,
        contact: expect.objectContaining({ id: contact.id, name: 'Joana Busca' }),
        userId: own.admin.id,
        username: own.admin.name,
      }),
    ]);
    const byPrefix = await api.get(`/protocols?searchParam=${protocol.slice(0, 8)}`, { token: own.admin.token });
    expect(byPrefix.body.count).toBe(42);
    const byContact = await api.get('/protocols?searchParam=joana', { token: own.admin.token });
    expect(byContact.body.protocols.map((p: { ticketId: number }) => p.ticketId)).toEqual([opened.body.id]);

    expect((await api.get(`/protocols?dateFrom=${day}&dateTo=${day}`, { token: own.admin.token })).body.count).toBe(42);
    expect((await api.get('/protocols?dateTo=2001-01-01', { token: own.admin.token })).body.count).toBe(0);
    expect((await api.get('/protocols?dateFrom=2999-01-01', { token: own.admin.token })).body.count).toBe(0);
  });

  it('supervisors and admins list protocols; agents may not; bad days are refused', async () => {
    expect((await api.get('/protocols', { token: supervisor.token })).status).toBe(200);
    const refused = await api.get('/protocols', { token: t.agent.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');
    expect((await api.get('/protocols?dateFrom=2026-13-1', { token: t.admin.token })).status).toBe(400);
    expect((await api.get('/protocols?dateFrom=2026-06-02&dateTo=2026-06-01', { token: t.admin.token })).status).toBe(400);
  });
});
