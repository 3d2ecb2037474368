/**
 * Kanban lanes (issue 11, SPEC Lane: id, name, position; Ticket.kanban; {{kanban}}) and the chatbot's
 * "move to kanban lane" interaction (issue 10): lane CRUD and order under concurrency, a ticket's
 * lane per the one visibility policy, tenant isolation, delete detaching, the template variable.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { customer, flowChannel, publishedFlow, waitBotMessages } from '../../../test/chatbot.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { SOCKET_EVENTS } from '@conversa/shared';
import {
  buildAgent,
  buildInboxTenant,
  closeAllSockets,
  connectAgent,
  eventually,
  inboundTicket,
  rows,
  type Agent,
  type InboxTenant,
} from '../../../test/inbox.js';

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

const createLane = async (name: string, token = t.admin.token, body: Record<string, unknown> = {}) => {
  const response = await api.post('/lanes', { name, ...body }, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: number; name: string; position: number; color: string; ticketCount: number };
};
const laneNames = async (token = t.admin.token) => (await api.get('/lanes', { token })).body as { name: string; position: number }[];
const laneIdOf = async (ticketId: number) =>
  ((await rows(server.ctx, sql`select lane_id as "laneId" from tickets where id = ${ticketId}`))[0] as { laneId: number | null }).laneId;

describe('lanes: CRUD, names and profiles', () => {
  it('supervisors and admins create, rename and recolour; names are trimmed and unique whatever their case; every user lists', async () => {
    const lane = await createLane('  Prospecção  ', supervisor.token);
    expect(lane).toMatchObject({ name: 'Prospecção', color: '#868e96', ticketCount: 0 });
    const duplicate = await api.post('/lanes', { name: 'PROSPECÇÃO' }, { token: t.admin.token });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ error: 'ERR_DUPLICATED_LANE', fields: { name: expect.any(Array) } });
    const tooLong = await api.post('/lanes', { name: 'x'.repeat(61) }, { token: t.admin.token });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toBe('ERR_VALIDATION');
    expect((await api.post('/lanes', { name: 'Azul', color: 'blue' }, { token: t.admin.token })).status).toBe(400);

    const forbidden = await api.post('/lanes', { name: 'Agente' }, { token: t.agent.token });
    expect(forbidden.status).toBe(403);
    expect((await api.put(`/lanes/${lane.id}`, { name: 'X' }, { token: t.agent.token })).status).toBe(403);
    expect((await api.delete(`/lanes/${lane.id}`, { token: t.agent.token })).status).toBe(403);
    expect((await laneNames(t.agent.token)).map((l) => l.name)).toContain('Prospecção');

    const renamed = await api.put(`/lanes/${lane.id}`, { name: 'Qualificação', color: '#ff0000' }, { token: t.admin.token });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: lane.id, name: 'Qualificação', color: '#ff0000', position: lane.position });
    const second = await createLane('Proposta');
    expect((await api.put(`/lanes/${second.id}`, { name: 'qualificação' }, { token: t.admin.token })).status).toBe(409);
    // Another tenant's lane does not exist here.
    expect((await api.put(`/lanes/${lane.id}`, { name: 'Tomada' }, { token: other.admin.token })).status).toBe(404);
    expect((await api.delete(`/lanes/${lane.id}`, { token: other.admin.token })).status).toBe(404);
    expect((await laneNames(other.admin.token)).map((l) => l.name)).not.toContain('Qualificação');
  });
});

describe('lanes: order', () => {
  it('new lanes go last; a move shifts the lanes between; past the end is last; positions stay 0..n-1', async () => {
    const tenant = await buildInboxTenant(server);
    const token = tenant.admin.token;
    const [a, b, c, d] = [
      await createLane('A', token),
      await createLane('B', token),
      await createLane('C', token),
      await createLane('D', token),
    ];
    expect([a, b, c, d].map((l) => l.position)).toEqual([0, 1, 2, 3]);
    const moved = await api.put(`/lanes/${d.id}/position`, { position: 1 }, { token });
    expect(moved.status).toBe(200);
    expect(moved.body.map((l: { name: string }) => l.name)).toEqual(['A', 'D', 'B', 'C']);
    expect(moved.body.map((l: { position: number }) => l.position)).toEqual([0, 1, 2, 3]);
    const down = await api.put(`/lanes/${a.id}/position`, { position: 99 }, { token });
    expect(down.body.map((l: { name: string }) => l.name)).toEqual(['D', 'B', 'C', 'A']);
    expect((await api.put(`/lanes/${a.id}/position`, { position: -1 }, { token })).status).toBe(400);
    // Deleting closes the gap.
    expect((await api.delete(`/lanes/${b.id}`, { token })).status).toBe(200);
    expect((await laneNames(token)).map((l) => [l.name, l.position])).toEqual([
      ['D', 0],
      ['C', 1],
      ['A', 2],
    ]);
  });

  it('concurrent moves and creations end without duplicate or missing positions', async () => {
    const tenant = await buildInboxTenant(server);
    const token = tenant.admin.token;
    const lanes = [];
    for (const name of ['L1', 'L2', 'L3', 'L4', 'L5', 'L6']) lanes.push(await createLane(name, token));
    const answers = await Promise.all([
      api.put(`/lanes/${lanes[0].id}/position`, { position: 5 }, { token }),
      api.put(`/lanes/${lanes[5].id}/position`, { position: 0 }, { token }),
      api.put(`/lanes/${lanes[2].id}/position`, { position: 4 }, { token }),
      api.post('/lanes', { name: 'L7' }, { token }),
      api.post('/lanes', { name: 'L8' }, { token }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 201, 201]);
    const positions = (await laneNames(token)).map((l) => l.position);
    expect(positions).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const stored = await rows(server.ctx, sql`select position from lanes where tenant_id = ${tenant.tenant.id} order by position`);
    expect(stored.map((r) => r.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});

describe("a ticket's lane", () => {
  it('whoever sees the ticket sets and clears it; logged; presented as kanban in the ticket and the list; filtered by laneIds', async () => {
    const lane = await createLane('Negociação');
    const { ticketId } = await inboundTicket(
      server.ctx,
      { tenantId: t.tenant.id, channelId: t.channel.id },
      { name: 'Ana Lima', body: 'oi' },
    );
    const { ticketId: otherTicket } = await inboundTicket(
      server.ctx,
      { tenantId: t.tenant.id, channelId: t.channel.id },
      { name: 'Bruno Dias', body: 'oi' },
    );

    const set = await api.put(`/tickets/${ticketId}/lane`, { laneId: lane.id }, { token: t.agent.token });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.kanban).toEqual({ id: lane.id, name: 'Negociação' });
    expect((await api.get(`/tickets/${ticketId}`, { token: t.agent.token })).body.kanban).toEqual({ id: lane.id, name: 'Negociação' });
    expect((await api.get(`/tickets/${otherTicket}`, { token: t.agent.token })).body.kanban).toBeNull();
    // Setting it again changes nothing (one log line).
    expect((await api.put(`/tickets/${ticketId}/lane`, { laneId: lane.id }, { token: t.agent.token })).status).toBe(200);

    const listed = await api.get(`/tickets?laneIds=${lane.id}`, { token: t.agent.token });
    expect(listed.body.tickets.map((x: { id: number }) => x.id)).toEqual([ticketId]);
    expect(listed.body.tickets[0].kanban).toEqual({ id: lane.id, name: 'Negociação' });
    expect((await laneNames()).find((l) => l.name === 'Negociação')).toMatchObject({ ticketCount: 1 });

    const logs = (await api.get(`/tickets/${ticketId}/logs`, { token: t.admin.token })).body as {
      type: string;
      payload: unknown;
      userId: number;
    }[];
    expect(logs.filter((l) => l.type === 'laneChanged')).toEqual([
      expect.objectContaining({ userId: t.agent.id, payload: { fromLaneId: null, toLaneId: lane.id, laneName: 'Negociação' } }),
    ]);

    const cleared = await api.put(`/tickets/${ticketId}/lane`, { laneId: null }, { token: t.agent.token });
    expect(cleared.body.kanban).toBeNull();
    expect(await laneIdOf(ticketId)).toBeNull();
  });

  it('agents who see the ticket get its new lane live (and when a deleted lane takes it out)', async () => {
    const lane = await createLane('Ao vivo');
    const { ticketId } = await inboundTicket(
      server.ctx,
      { tenantId: t.tenant.id, channelId: t.channel.id },
      { name: 'Iara Luz', body: 'oi' },
    );
    const peer = await connectAgent(server.url, t.peer.token);
    await api.put(`/tickets/${ticketId}/lane`, { laneId: lane.id }, { token: t.agent.token });
    const moved = await peer.waitFor(SOCKET_EVENTS.ticket, (p) => p?.ticket?.id === ticketId && p.ticket.kanban !== null);
    expect(moved.ticket.kanban).toEqual({ id: lane.id, name: 'Ao vivo' });
    await api.delete(`/lanes/${lane.id}`, { token: t.admin.token });
    const detached = await peer.waitFor(SOCKET_EVENTS.ticket, (p) => p?.ticket?.id === ticketId && p.ticket.kanban === null);
    expect(detached.ticket.kanban).toBeNull();
    peer.close();
  });

  it('an agent who cannot see the ticket cannot move it; a lane of another tenant is refused like a missing one', async () => {
    const lane = await createLane('Fechamento');
    const { ticketId } = await inboundTicket(
      server.ctx,
      { tenantId: t.tenant.id, channelId: t.channel.id },
      { name: 'Carla Reis', body: 'oi' },
    );
    // `outsider` belongs to the other queue only.
    const hidden = await api.put(`/tickets/${ticketId}/lane`, { laneId: lane.id }, { token: t.outsider.token });
    expect(hidden.status).toBe(403);
    expect(hidden.body.error).toBe('ERR_NO_PERMISSION');
    expect(await laneIdOf(ticketId)).toBeNull();

    const foreign = await createLane('Estrangeira', other.admin.token);
    const refused = await api.put(`/tickets/${ticketId}/lane`, { laneId: foreign.id }, { token: t.admin.token });
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe('ERR_NO_LANE_FOUND');
    expect(refused.body.message).not.toContain('Estrangeira');
    expect((await api.put(`/tickets/${ticketId}/lane`, { laneId: 2_147_483_000 }, { token: t.admin.token })).status).toBe(404);
    expect(await laneIdOf(ticketId)).toBeNull();
    // Another tenant's ticket does not exist here.
    expect((await api.put(`/tickets/${ticketId}/lane`, { laneId: foreign.id }, { token: other.admin.token })).status).toBe(404);
    expect((await api.put(`/tickets/${ticketId}/lane`, { laneId: 'x' }, { token: t.admin.token })).status).toBe(400);
  });

  it('deleting a lane in use tells how many tickets leave it and leaves them without a lane', async () => {
    const lane = await createLane('Descartar');
    const first = await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: t.channel.id }, { name: 'Davi Melo', body: 'oi' });
    const second = await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: t.channel.id }, { name: 'Eva Nunes', body: 'oi' });
    for (const { ticketId } of [first, second])
      expect((await api.put(`/tickets/${ticketId}/lane`, { laneId: lane.id }, { token: t.admin.token })).status).toBe(200);
    expect((await laneNames()).find((l) => l.name === 'Descartar')).toMatchObject({ ticketCount: 2 });
    const deleted = await api.delete(`/lanes/${lane.id}`, { token: supervisor.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ detachedTickets: 2 });
    expect(await laneIdOf(first.ticketId)).toBeNull();
    expect((await api.get(`/tickets/${second.ticketId}`, { token: t.admin.token })).body.kanban).toBeNull();
    expect((await api.delete(`/lanes/${lane.id}`, { token: supervisor.token })).status).toBe(404);
  });

  it("{{kanban}} is the name of the ticket's lane in a message with its variables rendered (empty without one)", async () => {
    const lane = await createLane('Pós-venda');
    const { ticketId } = await inboundTicket(
      server.ctx,
      { tenantId: t.tenant.id, channelId: t.channel.id },
      { name: 'Fábio Rosa', body: 'oi' },
    );
    const send = (body: string) => api.post(`/messages/${ticketId}`, { body, renderVariables: true }, { token: t.admin.token });
    const before = await send('Etapa: [{{kanban}}]');
    expect(before.status, JSON.stringify(before.body)).toBe(201);
    await api.put(`/tickets/${ticketId}/lane`, { laneId: lane.id }, { token: t.admin.token });
    expect((await send('Etapa: [{{kanban}}]')).status).toBe(201);
    const bodies = await rows(server.ctx, sql`select body from messages where ticket_id = ${ticketId} and from_me order by created_at, id`);
    expect(bodies.map((r) => r.body)).toEqual(['Etapa: []', 'Etapa: [Pós-venda]']);
  });
});

describe('chatbot: move to kanban lane', () => {
  const laneFlow = (laneId: number) => ({
    steps: [
      {
        id: 'start',
        name: 'Início',
        interactions: [
          { id: 'k1', kind: 'kanban', laneId },
          { id: 't1', kind: 'text', text: 'Você está em {{kanban}}.' },
        ],
        conditions: [{ id: 'c1', type: 'any', route: { kind: 'queue', queueId: t.queue.id } }],
      },
    ],
  });

  it('a customer going through the flow ends with the ticket in the lane (logged by nobody), the flow going on', async () => {
    const lane = await createLane('Leads do bot');
    const flow = await publishedFlow(api, t.admin.token, laneFlow(lane.id));
    const channel = await flowChannel(server, t.tenant.id, flow.id, t.queue.id);
    const say = customer(server, t.tenant.id, channel.id, 'Gina Prado');
    const { ticketId } = await say('Olá');
    expect(await waitBotMessages(server, ticketId, 1)).toEqual(['Você está em Leads do bot.']);
    expect(await laneIdOf(ticketId)).toBe(lane.id);
    const logs = (await api.get(`/tickets/${ticketId}/logs`, { token: t.admin.token })).body as { type: string; userId: number | null }[];
    expect(logs.filter((l) => l.type === 'laneChanged')).toEqual([expect.objectContaining({ userId: null })]);
    await say('qualquer coisa');
    await eventually(async () => (await rows(server.ctx, sql`select chat_flow_id as f from tickets where id = ${ticketId}`))[0].f === null);
    expect(await laneIdOf(ticketId)).toBe(lane.id);
  });

  it('a lane deleted after the flow was saved is skipped and the flow goes on; saving a flow with a missing or foreign lane is refused', async () => {
    const lane = await createLane('Temporária');
    const flow = await publishedFlow(api, t.admin.token, laneFlow(lane.id));
    const channel = await flowChannel(server, t.tenant.id, flow.id, t.queue.id);
    expect((await api.delete(`/lanes/${lane.id}`, { token: t.admin.token })).status).toBe(200);
    const { ticketId } = await customer(server, t.tenant.id, channel.id, 'Hugo Sá')('Olá');
    expect(await waitBotMessages(server, ticketId, 1)).toEqual(['Você está em .']);
    expect(await laneIdOf(ticketId)).toBeNull();

    const foreign = await createLane('De fora', other.admin.token);
    for (const laneId of [lane.id, foreign.id]) {
      const refused = await api.post(
        '/chat-flow',
        { name: `Fluxo ${laneId}`, definition: { startStepId: 'start', ...laneFlow(laneId) } },
        { token: t.admin.token },
      );
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('ERR_VALIDATION');
      expect(Object.keys(refused.body.fields)).toEqual(['definition.steps.0.interactions.0.laneId']);
    }
  });
});
