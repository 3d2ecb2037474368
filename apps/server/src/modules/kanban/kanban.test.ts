/**
 * Kanban boards and the ticket's value (issue 11): a card's place in its lane under concurrent
 * moves, the board's cards and lane sums per the one visibility policy of the ticket list (profile,
 * NotViewAssignedTickets, NotViewTicketsChatBot, queue membership), paging, the value's validation,
 * history and push, and the live push of the lanes themselves.
 */
import { SOCKET_EVENTS } from '@conversa/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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

let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
});
afterAll(() => {
  closeAllSockets();
  return server?.close();
});

type Card = { id: number; kanban: { id: number; name: string } | null; lanePosition: number; value: number | null };
type Column = { laneId: number | null; count: number; value: number };

const createLane = async (t: InboxTenant, name: string) => {
  const response = await api.post('/lanes', { name }, { token: t.admin.token });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: number; name: string };
};
const newTicket = async (t: InboxTenant, name: string, channelId = t.channel.id) =>
  (await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId }, { name, body: 'Olá' })).ticketId;
const moveTo = (t: InboxTenant, ticketId: number, body: Record<string, unknown>, token = t.admin.token) =>
  api.put(`/tickets/${ticketId}/lane`, body, { token });
const cards = async (token: string, laneId?: number, page = 1) => {
  const response = await api.get(`/kanban/tickets?${laneId === undefined ? '' : `laneId=${laneId}&`}pageNumber=${page}`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { tickets: Card[]; count: number; hasMore: boolean };
};
const cardIds = async (token: string, laneId?: number) => (await cards(token, laneId)).tickets.map((c) => c.id);
const summary = async (token: string) => {
  const response = await api.get('/kanban/summary', { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body as { columns: Column[] }).columns;
};
const columnOf = (columns: Column[], laneId: number | null): Column =>
  columns.find((c) => c.laneId === laneId) ?? { laneId, count: 0, value: 0 };

describe('order inside a lane', () => {
  let t: InboxTenant;
  beforeAll(async () => {
    t = await buildInboxTenant(server);
  });

  it('a ticket entering a lane goes last; before/after a card puts it there; a move inside the lane reorders without a history line', async () => {
    const lane = await createLane(t, 'Ordem');
    const [a, b, c, d] = [await newTicket(t, 'A'), await newTicket(t, 'B'), await newTicket(t, 'C'), await newTicket(t, 'D')];
    for (const id of [a, b, c]) expect((await moveTo(t, id, { laneId: lane.id })).status).toBe(200);
    expect(await cardIds(t.admin.token, lane.id)).toEqual([a, b, c]);
    // The current body (only laneId) still works, and a card placed before another.
    const placed = await moveTo(t, d, { laneId: lane.id, beforeTicketId: b });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.kanban).toEqual({ id: lane.id, name: 'Ordem' });
    expect(await cardIds(t.admin.token, lane.id)).toEqual([a, d, b, c]);
    // Inside the lane: after the last, before the first.
    expect((await moveTo(t, a, { laneId: lane.id, afterTicketId: c })).status).toBe(200);
    expect(await cardIds(t.admin.token, lane.id)).toEqual([d, b, c, a]);
    expect((await moveTo(t, c, { laneId: lane.id, beforeTicketId: d })).status).toBe(200);
    expect(await cardIds(t.admin.token, lane.id)).toEqual([c, d, b, a]);
    const logs = (await api.get(`/tickets/${a}/logs`, { token: t.admin.token })).body as { type: string }[];
    expect(logs.filter((l) => l.type === 'laneChanged')).toHaveLength(1);
  });

  it('refuses a neighbour outside the lane, itself, both neighbours, or a place without a lane (400, nothing moves)', async () => {
    const lane = await createLane(t, 'Vizinhos');
    const elsewhere = await createLane(t, 'Outra');
    const [a, b, outside] = [await newTicket(t, 'Nina'), await newTicket(t, 'Otto'), await newTicket(t, 'Paz')];
    await moveTo(t, a, { laneId: lane.id });
    await moveTo(t, outside, { laneId: elsewhere.id });
    for (const body of [
      { laneId: lane.id, beforeTicketId: outside },
      { laneId: lane.id, afterTicketId: b },
      { laneId: lane.id, beforeTicketId: a, afterTicketId: a },
      { laneId: null, beforeTicketId: a },
      { laneId: lane.id, beforeTicketId: 'x' },
    ]) {
      const refused = await moveTo(t, b, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error).toBe('ERR_VALIDATION');
    }
    const self = await moveTo(t, a, { laneId: lane.id, beforeTicketId: a });
    expect(self.status).toBe(400);
    expect(self.body.fields).toHaveProperty('beforeTicketId');
    expect(await cardIds(t.admin.token, lane.id)).toEqual([a]);
  });

  it('two concurrent moves into the same lane both land, at distinct places, in one consistent order', async () => {
    const lane = await createLane(t, 'Concorrência');
    const [first, x, y, z, w] = [
      await newTicket(t, 'Q1'),
      await newTicket(t, 'Q2'),
      await newTicket(t, 'Q3'),
      await newTicket(t, 'Q4'),
      await newTicket(t, 'Q5'),
    ];
    await moveTo(t, first, { laneId: lane.id });
    // Both to the end, at once (by two users).
    const [one, two] = await Promise.all([moveTo(t, x, { laneId: lane.id }), moveTo(t, y, { laneId: lane.id }, t.agent.token)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    let listed = (await cards(t.admin.token, lane.id)).tickets;
    expect(listed.map((c) => c.id).slice(0, 1)).toEqual([first]);
    expect(new Set(listed.map((c) => c.id))).toEqual(new Set([first, x, y]));
    expect(new Set(listed.map((c) => c.lanePosition)).size).toBe(3);
    // Both just before the same card, at once: each lands between its neighbours, none on the other's place.
    const [three, four] = await Promise.all([
      moveTo(t, z, { laneId: lane.id, beforeTicketId: first }),
      moveTo(t, w, { laneId: lane.id, beforeTicketId: first }),
    ]);
    expect([three.status, four.status]).toEqual([200, 200]);
    listed = (await cards(t.admin.token, lane.id)).tickets;
    expect(listed).toHaveLength(5);
    expect(new Set(listed.map((c) => c.lanePosition)).size).toBe(5);
    const order = listed.map((c) => c.id);
    expect(order.indexOf(z)).toBeLessThan(order.indexOf(first));
    expect(order.indexOf(w)).toBeLessThan(order.indexOf(first));
    const positions = listed.map((c) => c.lanePosition);
    expect([...positions].sort((p, q) => p - q)).toEqual(positions);
  });

  it('many moves into one gap renumber the lane and keep the order', async () => {
    const lane = await createLane(t, 'Apertada');
    const [a, b] = [await newTicket(t, 'R1'), await newTicket(t, 'R2')];
    await moveTo(t, a, { laneId: lane.id });
    await moveTo(t, b, { laneId: lane.id });
    const inserted: number[] = [];
    // Squeeze the gap after `a` until it is renumbered (positions as if after 60 halvings).
    await server.ctx.db.execute(sql`update tickets set lane_position = 1024 + 1e-12 where id = ${b}`);
    for (let i = 0; i < 3; i++) {
      const id = await newTicket(t, `R-${i}`);
      expect((await moveTo(t, id, { laneId: lane.id, afterTicketId: a })).status).toBe(200);
      inserted.unshift(id);
    }
    expect(await cardIds(t.admin.token, lane.id)).toEqual([a, ...inserted, b]);
    const stored = await rows(
      server.ctx,
      sql`select lane_position as p from tickets where lane_id = ${lane.id} order by lane_position, id`,
    );
    expect(new Set(stored.map((r) => r.p)).size).toBe(5);
  });
});

describe('the board: cards and sums of the tickets one may see', () => {
  let t: InboxTenant;
  let supervisor: Agent;
  let lane: { id: number };
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await buildInboxTenant(server);
    supervisor = await buildAgent(server, t.tenant.id, 'super');
    lane = await createLane(t, 'Funil');
    ids.waiting = await newTicket(t, 'Esperando');
    ids.mine = await newTicket(t, 'Meu');
    ids.peers = await newTicket(t, 'Do colega');
    ids.chatbot = await newTicket(t, 'Robô');
    ids.otherQueue = await newTicket(t, 'Outra fila');
    ids.noLane = await newTicket(t, 'Sem etapa');
    ids.closed = await newTicket(t, 'Encerrado');
    // Accepted by their agents; one held by a chatbot flow; one in a queue the agents are not in.
    expect((await api.put(`/tickets/${ids.mine}`, { status: 'open', userId: t.agent.id }, { token: t.agent.token })).status).toBe(200);
    expect((await api.put(`/tickets/${ids.peers}`, { status: 'open', userId: t.peer.id }, { token: t.peer.token })).status).toBe(200);
    await server.ctx.db.execute(sql`update tickets set chat_flow_id = 999999 where id = ${ids.chatbot}`);
    await server.ctx.db.execute(sql`update tickets set queue_id = ${t.otherQueue.id} where id = ${ids.otherQueue}`);
    const values: Record<string, number> = { waiting: 10, mine: 100.5, peers: 1000, chatbot: 20, otherQueue: 3000.25, closed: 7 };
    for (const [key, value] of Object.entries(values)) {
      expect((await api.put(`/tickets/${ids[key]}/value`, { value }, { token: t.admin.token })).status).toBe(200);
      expect((await moveTo(t, ids[key], { laneId: lane.id })).status).toBe(200);
    }
    expect((await api.put(`/tickets/${ids.closed}`, { status: 'closed' }, { token: t.admin.token })).status).toBe(200);
  });
  beforeEach(async () => {
    for (const key of ['NotViewAssignedTickets', 'NotViewTicketsChatBot', 'ViewTicketsWithoutQueue', 'DirectTicketsToWallets'] as const)
      await setSetting(server.ctx, t.tenant.id, key, 'disabled');
  });
  const sorted = (...xs: number[]) => [...xs].sort((a, b) => a - b);
  const laneCards = async (token: string) => sorted(...(await cardIds(token, lane.id)));

  it('admins and supervisors see every open and pending card, and the sum of the whole lane', async () => {
    const all = sorted(ids.waiting, ids.mine, ids.peers, ids.chatbot, ids.otherQueue);
    expect(await laneCards(t.admin.token)).toEqual(all);
    expect(await laneCards(supervisor.token)).toEqual(all);
    expect(columnOf(await summary(t.admin.token), lane.id)).toEqual({ laneId: lane.id, count: 5, value: 4130.75 });
    expect(await cardIds(t.admin.token)).toEqual([ids.noLane]);
    expect(columnOf(await summary(t.admin.token), null)).toMatchObject({ count: 1, value: 0 });
  });

  it('an agent sees the cards of its queues and its own; the sum is of those cards only', async () => {
    expect(await laneCards(t.agent.token)).toEqual(sorted(ids.waiting, ids.mine, ids.peers, ids.chatbot));
    expect(columnOf(await summary(t.agent.token), lane.id)).toEqual({ laneId: lane.id, count: 4, value: 1130.5 });
    // The outsider is in the other queue only.
    expect(await laneCards(t.outsider.token)).toEqual([ids.otherQueue]);
    expect(columnOf(await summary(t.outsider.token), lane.id)).toEqual({ laneId: lane.id, count: 1, value: 3000.25 });
  });

  it('NotViewAssignedTickets hides the cards assigned to others; NotViewTicketsChatBot the chatbot ones', async () => {
    await setSetting(server.ctx, t.tenant.id, 'NotViewAssignedTickets', 'enabled');
    expect(await laneCards(t.agent.token)).toEqual(sorted(ids.waiting, ids.mine, ids.chatbot));
    expect(columnOf(await summary(t.agent.token), lane.id)).toMatchObject({ count: 3, value: 130.5 });
    expect(await laneCards(t.admin.token)).toContain(ids.peers);
    await setSetting(server.ctx, t.tenant.id, 'NotViewAssignedTickets', 'disabled');
    await setSetting(server.ctx, t.tenant.id, 'NotViewTicketsChatBot', 'enabled');
    expect(await laneCards(t.agent.token)).toEqual(sorted(ids.waiting, ids.mine, ids.peers));
    expect(columnOf(await summary(t.agent.token), lane.id)).toMatchObject({ count: 3, value: 1110.5 });
  });

  it("another tenant's lane is unknown; its board holds none of these tickets", async () => {
    const other = await buildInboxTenant(server);
    const refused = await api.get(`/kanban/tickets?laneId=${lane.id}`, { token: other.admin.token });
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe('ERR_NO_LANE_FOUND');
    expect(await summary(other.admin.token)).toEqual([]);
    expect((await api.get('/kanban/tickets?laneId=abc', { token: t.admin.token })).status).toBe(400);
  });
});

describe('paging a lane', () => {
  it('50 cards a page in the lane order, with the count of the whole lane', async () => {
    const t = await buildInboxTenant(server);
    const lane = await createLane(t, 'Grande');
    const made: number[] = [];
    for (let i = 0; i < 53; i++) made.push(await newTicket(t, `Cliente ${i}`));
    await server.ctx.db.execute(
      sql`update tickets set lane_id = ${lane.id}, lane_position = id where tenant_id = ${t.tenant.id} and id = any(${`{${made.join(',')}}`}::int[])`,
    );
    const first = await cards(t.admin.token, lane.id, 1);
    expect(first).toMatchObject({ count: 53, hasMore: true });
    expect(first.tickets.map((c) => c.id)).toEqual(made.slice(0, 50));
    const second = await cards(t.admin.token, lane.id, 2);
    expect(second).toMatchObject({ count: 53, hasMore: false });
    expect(second.tickets.map((c) => c.id)).toEqual(made.slice(50));
  });
});

describe("the ticket's value", () => {
  let t: InboxTenant;
  beforeAll(async () => {
    t = await buildInboxTenant(server);
  });

  it('is not negative, has at most 2 decimals and is bounded; a bad value is a 400 and changes nothing', async () => {
    const ticketId = await newTicket(t, 'Valor');
    for (const value of [-1, 10.005, 1_000_000_000, '10', true, 'R$ 10,00']) {
      const refused = await api.put(`/tickets/${ticketId}/value`, { value }, { token: t.agent.token });
      expect(refused.status, String(value)).toBe(400);
      expect(refused.body.error).toBe('ERR_VALIDATION');
      expect(refused.body.fields).toHaveProperty('value');
    }
    expect((await api.put(`/tickets/${ticketId}/value`, {}, { token: t.agent.token })).status).toBe(400);
    expect((await api.get(`/tickets/${ticketId}`, { token: t.agent.token })).body.value).toBeNull();
    const max = await api.put(`/tickets/${ticketId}/value`, { value: 999_999_999.99 }, { token: t.agent.token });
    expect(max.status).toBe(200);
    expect(max.body.value).toBe(999_999_999.99);
  });

  it('whoever sees the ticket sets and clears it; logged in the history; pushed live to the agents who see it', async () => {
    const ticketId = await newTicket(t, 'Negócio');
    const peer = await connectAgent(server.url, t.peer.token);
    const set = await api.put(`/tickets/${ticketId}/value`, { value: 1234.56 }, { token: t.agent.token });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.value).toBe(1234.56);
    const pushed = await peer.waitFor(SOCKET_EVENTS.ticket, (p) => p?.ticket?.id === ticketId && p.ticket.value === 1234.56);
    expect(pushed.action).toBe('update');
    // The same value again changes nothing (one log line); null clears it.
    await api.put(`/tickets/${ticketId}/value`, { value: 1234.56 }, { token: t.agent.token });
    const cleared = await api.put(`/tickets/${ticketId}/value`, { value: null }, { token: t.admin.token });
    expect(cleared.body.value).toBeNull();
    const logs = (await api.get(`/tickets/${ticketId}/logs`, { token: t.admin.token })).body as {
      type: string;
      payload: unknown;
      userId: number;
    }[];
    expect(logs.filter((l) => l.type === 'valueChanged')).toEqual([
      expect.objectContaining({ userId: t.agent.id, payload: { from: null, to: 1234.56 } }),
      expect.objectContaining({ userId: t.admin.id, payload: { from: 1234.56, to: null } }),
    ]);
    peer.close();

    // Outside the user's view: forbidden; another tenant's ticket: unknown.
    const hidden = await api.put(`/tickets/${ticketId}/value`, { value: 5 }, { token: t.outsider.token });
    expect(hidden.status).toBe(403);
    const other = await buildInboxTenant(server);
    expect((await api.put(`/tickets/${ticketId}/value`, { value: 5 }, { token: other.admin.token })).status).toBe(404);
    expect((await api.get(`/tickets/${ticketId}`, { token: t.admin.token })).body.value).toBeNull();
  });
});

describe('lanes live', () => {
  it('a lane created, renamed, moved or deleted reaches every agent of the tenant as the whole list, and no other tenant', async () => {
    const t = await buildInboxTenant(server);
    const other = await buildInboxTenant(server);
    const agent = await connectAgent(server.url, t.agent.token);
    const stranger = await connectAgent(server.url, other.agent.token);
    type LanesEvent = { lanes: { id: number; name: string; position: number }[] };
    const first = await createLane(t, 'Entrada');
    await agent.waitFor(SOCKET_EVENTS.lanes, (p: LanesEvent) => p?.lanes?.some((l) => l.name === 'Entrada'));
    const second = await createLane(t, 'Saída');
    expect((await api.put(`/lanes/${first.id}`, { name: 'Recebidos' }, { token: t.admin.token })).status).toBe(200);
    const renamed = (await agent.waitFor(SOCKET_EVENTS.lanes, (p: LanesEvent) =>
      p?.lanes?.some((l) => l.name === 'Recebidos'),
    )) as LanesEvent;
    expect(renamed.lanes.map((l) => l.name)).toEqual(['Recebidos', 'Saída']);
    expect((await api.put(`/lanes/${second.id}/position`, { position: 0 }, { token: t.admin.token })).status).toBe(200);
    await agent.waitFor(SOCKET_EVENTS.lanes, (p: LanesEvent) => p?.lanes?.[0]?.id === second.id);
    expect((await api.delete(`/lanes/${first.id}`, { token: t.admin.token })).status).toBe(200);
    const deleted = (await agent.waitFor(
      SOCKET_EVENTS.lanes,
      (p: LanesEvent) => p?.lanes?.length === 1 && p.lanes[0].id === second.id,
    )) as LanesEvent;
    expect(deleted.lanes.map((l) => l.name)).toEqual(['Saída']);
    // The other tenant's agent heard none of it: its own lane's push is the first it gets.
    await createLane(other, 'Deles');
    const theirs = (await stranger.waitFor(SOCKET_EVENTS.lanes, () => true)) as LanesEvent;
    expect(theirs.lanes.map((l) => l.name)).toEqual(['Deles']);
    agent.close();
    stranger.close();
  });
});
