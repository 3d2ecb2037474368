/**
 * Reasons (issue 11, SPEC Demand: name): CRUD with names unique per tenant, chosen at resolve and
 * required there by demandRequiredOnClose (automated closes are not held), shown in the ticket (the
 * presenter and the list's SQL alike) and in its logs, deleted with confirmation of what it detaches.
 */
import { sql } from 'drizzle-orm';
import { SOCKET_EVENTS } from '@conversa/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  buildAgent,
  buildInboxTenant,
  closeAllSockets,
  connectAgent,
  inboundTicket,
  rows,
  setSetting,
  type Agent,
  type InboxTenant,
} from '../../../test/inbox.js';
import { autoResolveIdleTickets } from '../tickets/use-cases/auto-resolve-idle-tickets.js';

let server: TestServer;
let api: Api;
let t: InboxTenant;
let other: InboxTenant;
let supervisor: Agent;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  t = await buildInboxTenant(server);
  other = await buildInboxTenant(server);
  supervisor = await buildAgent(server, t.tenant.id, 'super');
});
afterAll(() => {
  closeAllSockets();
  return server?.close();
});

const createDemand = async (name: string, token = t.admin.token) => {
  const response = await api.post('/demands', { name }, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: number; name: string; ticketCount: number };
};
const ticketOf = async (ticketId: number, token = t.admin.token) => (await api.get(`/tickets/${ticketId}`, { token })).body;
const newTicket = async (name: string, tenant = t) =>
  (await inboundTicket(server.ctx, { tenantId: tenant.tenant.id, channelId: tenant.channel.id }, { name, body: 'oi' })).ticketId;
const accept = async (ticketId: number, agent = t.agent) =>
  expect((await api.put(`/tickets/${ticketId}`, { status: 'open' }, { token: agent.token })).status).toBe(200);

describe('reasons: CRUD, names and profiles', () => {
  it('admins create and rename; names trimmed and unique whatever their case; every user lists; others get 403', async () => {
    const demand = await createDemand('  Dúvida resolvida  ');
    expect(demand).toMatchObject({ name: 'Dúvida resolvida', ticketCount: 0 });
    const duplicate = await api.post('/demands', { name: 'DÚVIDA RESOLVIDA' }, { token: t.admin.token });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ error: 'ERR_DUPLICATED_DEMAND', fields: { name: expect.any(Array) } });
    expect((await api.post('/demands', { name: '' }, { token: t.admin.token })).body.error).toBe('ERR_VALIDATION');
    expect((await api.post('/demands', { name: 'x'.repeat(81) }, { token: t.admin.token })).status).toBe(400);
    for (const token of [t.agent.token, supervisor.token]) {
      expect((await api.post('/demands', { name: 'Outro' }, { token })).status).toBe(403);
      expect((await api.put(`/demands/${demand.id}`, { name: 'Outro' }, { token })).status).toBe(403);
      expect((await api.delete(`/demands/${demand.id}`, { token })).status).toBe(403);
    }
    const listed = await api.get('/demands', { token: t.agent.token });
    expect(listed.status).toBe(200);
    expect(listed.body.map((d: { name: string }) => d.name)).toContain('Dúvida resolvida');
    const renamed = await api.put(`/demands/${demand.id}`, { name: 'Dúvida esclarecida' }, { token: t.admin.token });
    expect(renamed.body).toMatchObject({ id: demand.id, name: 'Dúvida esclarecida' });
    const second = await createDemand('Venda realizada');
    expect((await api.put(`/demands/${second.id}`, { name: 'dúvida esclarecida' }, { token: t.admin.token })).status).toBe(409);
    // Another tenant's reason does not exist there.
    expect((await api.put(`/demands/${demand.id}`, { name: 'Tomada' }, { token: other.admin.token })).status).toBe(404);
    expect((await api.delete(`/demands/${demand.id}`, { token: other.admin.token })).body.error).toBe('ERR_NO_DEMAND_FOUND');
    expect((await api.get(`/demands/${demand.id}/usage`, { token: other.admin.token })).status).toBe(404);
    expect((await api.get('/demands', { token: other.admin.token })).body.map((d: { name: string }) => d.name)).not.toContain(
      'Dúvida esclarecida',
    );
  });
});

describe('reasons at resolve', () => {
  it('the reason chosen at resolve is in the ticket (presenter and list alike) and in its log', async () => {
    const demand = await createDemand('Problema técnico');
    const ticketId = await newTicket('Ana Reis');
    await accept(ticketId);
    const resolved = await api.put(`/tickets/${ticketId}`, { status: 'closed', demandId: demand.id }, { token: t.agent.token });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body).toMatchObject({ status: 'closed', demand: { id: demand.id, name: 'Problema técnico' } });
    const listed = (await api.get('/tickets?status=closed&showAll=true', { token: t.admin.token })).body.tickets.find(
      (x: { id: number }) => x.id === ticketId,
    );
    expect(listed).toEqual(resolved.body);
    const logs = (await api.get(`/tickets/${ticketId}/logs`, { token: t.admin.token })).body as {
      type: string;
      payload: Record<string, unknown>;
      userId: number;
    }[];
    expect(logs.filter((l) => l.type === 'resolved')).toEqual([
      expect.objectContaining({ userId: t.agent.id, payload: { userId: t.agent.id, demandId: demand.id, demandName: 'Problema técnico' } }),
    ]);
    // Without a reason (the setting off) the ticket resolves and carries none.
    const plain = await newTicket('Bruno Sá');
    await accept(plain);
    expect((await api.put(`/tickets/${plain}`, { status: 'closed' }, { token: t.agent.token })).body.demand).toBeNull();
  });

  it("another tenant's reason is refused like a missing one, and nothing changes", async () => {
    const foreign = await createDemand('Estrangeiro', other.admin.token);
    const ticketId = await newTicket('Carla Dias');
    await accept(ticketId);
    const refused = await api.put(`/tickets/${ticketId}`, { status: 'closed', demandId: foreign.id }, { token: t.agent.token });
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe('ERR_NO_DEMAND_FOUND');
    expect((await ticketOf(ticketId)).status).toBe('open');
    expect((await api.put(`/tickets/${ticketId}`, { status: 'closed', demandId: 'x' }, { token: t.agent.token })).status).toBe(400);
  });

  it('demandRequiredOnClose: a resolve without a reason is refused with 400 ERR_DEMAND_REQUIRED; with one it goes; automated closes are not held', async () => {
    const tenant = await buildInboxTenant(server);
    const demand = await createDemand('Cancelamento', tenant.admin.token);
    expect((await api.put('/settings/demandRequiredOnClose', { value: 'enabled' }, { token: tenant.admin.token })).status).toBe(200);
    const ticketId = await newTicket('Davi Lima', tenant);
    await accept(ticketId, tenant.agent);
    for (const [path, body] of [
      [`/tickets/${ticketId}`, { status: 'closed' }],
      [`/ticketsForce/${ticketId}`, undefined],
    ] as const) {
      const refused = await api.put(path, body, { token: tenant.agent.token });
      expect(refused.status, path).toBe(400);
      expect(refused.body).toMatchObject({ error: 'ERR_DEMAND_REQUIRED', fields: { demandId: expect.any(Array) } });
      expect(refused.body.message).toMatch(/reason/i);
    }
    expect((await ticketOf(ticketId, tenant.admin.token)).status).toBe('open');
    const forced = await api.put(`/ticketsForce/${ticketId}`, { demandId: demand.id }, { token: tenant.agent.token });
    expect(forced.status, JSON.stringify(forced.body)).toBe(200);
    expect(forced.body).toMatchObject({ status: 'closed', demand: { id: demand.id, name: 'Cancelamento' } });

    // Auto-resolve of idle tickets (an automated close) is not held by the rule.
    await setSetting(server.ctx, tenant.tenant.id, 'autoResolveIdle', '10m');
    const idle = await newTicket('Eva Rocha', tenant);
    await server.ctx.db.execute(
      sql`update tickets set last_message_at = now() - interval '1 hour', created_at = now() - interval '1 hour' where id = ${idle}`,
    );
    await autoResolveIdleTickets(server.ctx, new Date());
    expect((await rows(server.ctx, sql`select status from tickets where id = ${idle}`))[0].status).toBe('closed');
  });
});

describe('deleting a reason', () => {
  it('tells how many tickets carry it, then detaches it from them (pushed live); their logs keep the name', async () => {
    const demand = await createDemand('Descartável');
    const first = await newTicket('Fábio Melo');
    const second = await newTicket('Gina Prado');
    for (const id of [first, second]) {
      await accept(id);
      expect((await api.put(`/tickets/${id}`, { status: 'closed', demandId: demand.id }, { token: t.agent.token })).status).toBe(200);
    }
    expect((await api.get(`/demands/${demand.id}/usage`, { token: t.admin.token })).body).toEqual({ tickets: 2 });
    expect((await api.get('/demands', { token: t.admin.token })).body.find((d: { id: number }) => d.id === demand.id)).toMatchObject({
      ticketCount: 2,
    });
    const watcher = await connectAgent(server.url, t.admin.token);
    const deleted = await api.delete(`/demands/${demand.id}`, { token: t.admin.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ detachedTickets: 2 });
    const pushed = await watcher.waitFor(SOCKET_EVENTS.ticket, (p) => p?.ticket?.id === first && p.ticket.demand === null);
    expect(pushed.ticket.status).toBe('closed');
    expect((await ticketOf(second)).demand).toBeNull();
    const logs = (await api.get(`/tickets/${first}/logs`, { token: t.admin.token })).body as {
      type: string;
      payload: Record<string, unknown>;
    }[];
    expect(logs.find((l) => l.type === 'resolved')?.payload.demandName).toBe('Descartável');
    expect((await api.delete(`/demands/${demand.id}`, { token: t.admin.token })).status).toBe(404);
    watcher.close();
  });
});
