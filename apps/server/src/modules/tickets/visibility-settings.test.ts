/**
 * The visibility settings of issue 11 in the one policy (tickets.policy.ts): mostrarFechadoParaTodos,
 * mostrarGruposParaTodos and supervisorAdmin, each on the list, on single-ticket access and on the
 * socket pushes; a change re-rooms the tenant's connected sockets at once; ticketListLimit.
 */
import { randomUUID } from 'node:crypto';
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
  type AgentSocket,
  type InboxTenant,
} from '../../../test/inbox.js';
import { ingestInbound } from '../messages/use-cases/ingest-inbound.js';

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

const newTicket = async (t: InboxTenant, name: string) =>
  (await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: t.channel.id }, { name, body: 'oi' })).ticketId;
const listIds = async (token: string, query = 'status=open,pending,closed') =>
  ((await api.get(`/tickets?${query}`, { token })).body.tickets as { id: number }[]).map((x) => x.id);
const setting = async (t: InboxTenant, key: string, value: string) =>
  expect((await api.put(`/settings/${key}`, { value }, { token: t.admin.token })).status).toBe(200);
const disconnected = (agent: AgentSocket) => new Promise<string>((resolve) => agent.socket.once('disconnect', (reason) => resolve(reason)));
/** A push of `ticketId` with `match` reached `watcher` (the positive marker), and `others` got none of it by then. */
async function pushedOnlyTo(
  watcher: AgentSocket,
  others: AgentSocket[],
  ticketId: number,
  match: (ticket: any) => boolean,
  marker: () => Promise<number>,
) {
  await watcher.waitFor(SOCKET_EVENTS.ticket, (p) => p?.ticket?.id === ticketId && match(p.ticket));
  // A later ticket every peer sees: once it arrived, an earlier push would have arrived too.
  const later = await marker();
  for (const other of others) {
    await other.waitFor(SOCKET_EVENTS.appMessage, (p) => p?.ticket?.id === later);
    expect(other.received(SOCKET_EVENTS.ticket, (p) => p?.ticket?.id === ticketId && match(p.ticket))).toEqual([]);
  }
}

describe('mostrarFechadoParaTodos', () => {
  it('on (default): a closed ticket is seen by its queue; off: only by whoever attended it (and admins), in the list, by id and live', async () => {
    const t = await buildInboxTenant(server);
    const first = await newTicket(t, 'Ana');
    expect((await api.put(`/tickets/${first}`, { status: 'open' }, { token: t.agent.token })).status).toBe(200);
    expect((await api.put(`/tickets/${first}`, { status: 'closed' }, { token: t.agent.token })).status).toBe(200);
    expect(await listIds(t.peer.token)).toContain(first);
    expect((await api.get(`/tickets/${first}`, { token: t.peer.token })).status).toBe(200);

    // Switching it off re-rooms the sockets of non-admins at once; admins' stay.
    const before = await connectAgent(server.url, t.peer.token);
    const admin = await connectAgent(server.url, t.admin.token);
    const gone = disconnected(before);
    await setting(t, 'mostrarFechadoParaTodos', 'disabled');
    expect(await gone).toBe('io server disconnect');
    expect(admin.socket.connected).toBe(true);

    expect(await listIds(t.peer.token)).not.toContain(first);
    expect(await listIds(t.agent.token)).toContain(first);
    expect(await listIds(t.admin.token)).toContain(first);
    const hidden = await api.get(`/tickets/${first}`, { token: t.peer.token });
    expect(hidden.status).toBe(403);
    expect(hidden.body.error).toBe('ERR_NO_PERMISSION');
    expect((await api.get(`/tickets/${first}`, { token: t.agent.token })).status).toBe(200);

    const peer = await connectAgent(server.url, t.peer.token);
    const agent = await connectAgent(server.url, t.agent.token);
    const second = await newTicket(t, 'Bruno');
    await peer.waitFor(SOCKET_EVENTS.ticket, (p) => p?.ticket?.id === second);
    expect((await api.put(`/tickets/${second}`, { status: 'open' }, { token: t.agent.token })).status).toBe(200);
    expect((await api.put(`/tickets/${second}`, { status: 'closed' }, { token: t.agent.token })).status).toBe(200);
    // The peer hears it close (it leaves their list); a later change of the closed ticket reaches only who may see it.
    await peer.waitFor(SOCKET_EVENTS.ticket, (p) => p?.ticket?.id === second && p.ticket.status === 'closed');
    expect((await api.put(`/tickets/${second}`, { difyStatus: true }, { token: t.admin.token })).status).toBe(200);
    await pushedOnlyTo(
      agent,
      [peer],
      second,
      (ticket) => ticket.integrationStatuses.difyStatus === true,
      () => newTicket(t, 'Carla'),
    );
    await admin.waitFor(SOCKET_EVENTS.ticket, (p) => p?.ticket?.id === second && p.ticket.integrationStatuses.difyStatus === true);
  });
});

describe('mostrarGruposParaTodos', () => {
  it('off: a group ticket is seen only by the user it is assigned to (and admins), in the list, by id and live', async () => {
    const t = await buildInboxTenant(server);
    const group = async (subject: string) => {
      const result = await ingestInbound(server.ctx, {
        tenantId: t.tenant.id,
        channelId: t.channel.id,
        externalId: `g-${randomUUID()}`,
        contact: { key: { externalKey: `webchat:group-${randomUUID()}` }, name: subject, isGroup: true },
        body: 'Olá grupo',
      });
      if (result.outcome !== 'stored') throw new Error('group message not stored');
      return result.ticketId;
    };
    const before = await group('Grupo antes');
    expect(await listIds(t.peer.token)).toContain(before);
    await setting(t, 'mostrarGruposParaTodos', 'disabled');
    expect(await listIds(t.peer.token)).not.toContain(before);
    expect(await listIds(t.agent.token)).not.toContain(before);
    expect((await api.get(`/tickets/${before}`, { token: t.peer.token })).status).toBe(403);
    expect(await listIds(t.admin.token)).toContain(before);
    // Assigned (by an admin) to the agent: theirs to see.
    expect((await api.put(`/tickets/${before}`, { status: 'open', userId: t.agent.id }, { token: t.admin.token })).status).toBe(200);
    expect(await listIds(t.agent.token)).toContain(before);
    expect((await api.get(`/tickets/${before}`, { token: t.agent.token })).status).toBe(200);
    expect(await listIds(t.peer.token)).not.toContain(before);

    const peer = await connectAgent(server.url, t.peer.token);
    const admin = await connectAgent(server.url, t.admin.token);
    const live = await group('Grupo ao vivo');
    await admin.waitFor(SOCKET_EVENTS.ticket, (p) => p?.ticket?.id === live);
    const marker = await newTicket(t, 'Davi');
    await peer.waitFor(SOCKET_EVENTS.appMessage, (p) => p?.ticket?.id === marker);
    expect(peer.received(SOCKET_EVENTS.ticket, (p) => p?.ticket?.id === live)).toEqual([]);
    expect(peer.received(SOCKET_EVENTS.appMessage, (p) => p?.ticket?.id === live)).toEqual([]);
  });
});

describe("a ticket leaving an agent's view, at once (lists, kanban boards, chat)", () => {
  it('NotViewAssignedTickets: a peer accepts a waiting ticket; the agent who saw it hears it as hidden, the peer and admins as an update', async () => {
    const t = await buildInboxTenant(server);
    await setting(t, 'NotViewAssignedTickets', 'enabled');
    const agent = await connectAgent(server.url, t.agent.token);
    const peer = await connectAgent(server.url, t.peer.token);
    const admin = await connectAgent(server.url, t.admin.token);
    const ticket = await newTicket(t, 'Iara');
    await agent.waitFor(SOCKET_EVENTS.ticket, (p) => p?.ticket?.id === ticket);
    expect((await api.put(`/tickets/${ticket}`, { status: 'open' }, { token: t.peer.token })).status).toBe(200);
    const taken = (p: any) => p?.ticket?.id === ticket && p.ticket.userId === t.peer.id;
    expect(await agent.waitFor(SOCKET_EVENTS.ticket, taken)).toMatchObject({ action: 'update', hidden: true });
    expect((await peer.waitFor(SOCKET_EVENTS.ticket, taken)).hidden).toBeUndefined();
    expect((await admin.waitFor(SOCKET_EVENTS.ticket, taken)).hidden).toBeUndefined();
    // Each socket got the change once: the peer, in the queue's room too, is not told it is hidden
    // (a later ticket of the queue reached them: an earlier push would have too).
    const marker = await newTicket(t, 'Kátia');
    await peer.waitFor(SOCKET_EVENTS.ticket, (p) => p?.ticket?.id === marker);
    await agent.waitFor(SOCKET_EVENTS.ticket, (p) => p?.ticket?.id === marker);
    expect(peer.received(SOCKET_EVENTS.ticket, taken)).toHaveLength(1);
    expect(agent.received(SOCKET_EVENTS.ticket, taken)).toHaveLength(1);
    expect(await listIds(t.agent.token)).not.toContain(ticket);
  });

  it("DirectTicketsToWallets: a change of a contact's wallets re-rooms the non-admins' sockets (the web app then fetches its lists and boards again)", async () => {
    const t = await buildInboxTenant(server);
    await setting(t, 'DirectTicketsToWallets', 'enabled');
    const { ticketId, contactId } = await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: t.channel.id }, { name: 'Júlia' });
    expect(await listIds(t.agent.token)).toContain(ticketId);

    // In bulk (PUT /contacts/wallets)…
    const agent = await connectAgent(server.url, t.agent.token);
    const admin = await connectAgent(server.url, t.admin.token);
    let gone = disconnected(agent);
    const bulk = await api.put(
      '/contacts/wallets',
      { contactIds: [contactId], userIds: [t.peer.id], mode: 'replace' },
      { token: t.admin.token },
    );
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect(await listIds(t.agent.token)).not.toContain(ticketId);
    expect(await listIds(t.peer.token)).toContain(ticketId);

    // …and on the contact (PUT /contacts/:id with wallets).
    const again = await connectAgent(server.url, t.agent.token);
    gone = disconnected(again);
    expect((await api.put(`/contacts/${contactId}`, { wallets: [t.agent.id] }, { token: t.admin.token })).status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect(await listIds(t.agent.token)).toContain(ticketId);
    expect(admin.socket.connected).toBe(true);
  });
});

describe('supervisorAdmin', () => {
  it("on: a supervisor follows the users' logic (their queues), in the list, by id and live; off again: sees all", async () => {
    const t = await buildInboxTenant(server);
    const supervisor = await buildAgent(server, t.tenant.id, 'super');
    const ticket = await newTicket(t, 'Eva');
    expect(await listIds(supervisor.token)).toContain(ticket);
    expect((await api.get(`/tickets/${ticket}`, { token: supervisor.token })).status).toBe(200);

    const socket = await connectAgent(server.url, supervisor.token);
    const gone = disconnected(socket);
    await setting(t, 'supervisorAdmin', 'enabled');
    expect(await gone).toBe('io server disconnect');
    expect(await listIds(supervisor.token)).not.toContain(ticket);
    expect((await api.get(`/tickets/${ticket}`, { token: supervisor.token })).status).toBe(403);

    // Their sockets no longer sit in the admins' room: a ticket of a queue they are not in does not reach them.
    const reduced = await connectAgent(server.url, supervisor.token);
    const agent = await connectAgent(server.url, t.agent.token);
    const unseen = await newTicket(t, 'Fábio');
    await agent.waitFor(SOCKET_EVENTS.ticket, (p) => p?.ticket?.id === unseen);
    // Marker: a ticket of the supervisor's own (assigned by the admin) reaches them through their user room.
    const own = await newTicket(t, 'Gina');
    expect((await api.put(`/tickets/${own}`, { status: 'open', userId: supervisor.id }, { token: t.admin.token })).status).toBe(200);
    await reduced.waitFor(SOCKET_EVENTS.ticket, (p) => p?.ticket?.id === own && p.ticket.userId === supervisor.id);
    expect(reduced.received(SOCKET_EVENTS.ticket, (p) => p?.ticket?.id === unseen)).toEqual([]);

    await setting(t, 'supervisorAdmin', 'disabled');
    expect(await listIds(supervisor.token)).toContain(ticket);
    const again = await connectAgent(server.url, supervisor.token);
    const seen = await newTicket(t, 'Hugo');
    await again.waitFor(SOCKET_EVENTS.ticket, (p) => p?.ticket?.id === seen);
  });
});

describe("supervisorAdmin: writing in another agent's open ticket", () => {
  it("a supervisor may write in it; reduced to the users' logic, must ask for a transfer like them", async () => {
    const t = await buildInboxTenant(server);
    const supervisor = await buildAgent(server, t.tenant.id, 'super');
    await server.ctx.db.execute(
      sql`insert into user_queues (tenant_id, user_id, queue_id) values (${t.tenant.id}, ${supervisor.id}, ${t.queue.id})`,
    );
    const ticket = await newTicket(t, 'Iara');
    expect((await api.put(`/tickets/${ticket}`, { status: 'open' }, { token: t.agent.token })).status).toBe(200);
    expect((await api.post(`/messages/${ticket}`, { body: 'Posso ajudar?' }, { token: supervisor.token })).status).toBe(201);
    await setting(t, 'supervisorAdmin', 'enabled');
    expect((await api.get(`/tickets/${ticket}`, { token: supervisor.token })).status).toBe(200);
    const refused = await api.post(`/messages/${ticket}`, { body: 'E agora?' }, { token: supervisor.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');
    // Admins still may.
    expect((await api.post(`/messages/${ticket}`, { body: 'Admin aqui' }, { token: t.admin.token })).status).toBe(201);
  });
});

describe('ticketListLimit', () => {
  it("is the page size and maximum of non-admins' ticket list; admins keep theirs", async () => {
    const t = await buildInboxTenant(server);
    for (let i = 0; i < 12; i++) await newTicket(t, `Cliente ${i}`);
    await setting(t, 'ticketListLimit', '10');
    const page = await api.get('/tickets', { token: t.agent.token });
    expect(page.body.tickets).toHaveLength(10);
    expect(page.body).toMatchObject({ count: 12, hasMore: true });
    expect((await api.get('/tickets?count=50', { token: t.agent.token })).body.tickets).toHaveLength(10);
    expect((await api.get('/tickets?count=5', { token: t.agent.token })).body.tickets).toHaveLength(5);
    expect((await api.get('/tickets?pageNumber=2', { token: t.agent.token })).body.tickets).toHaveLength(2);
    expect((await api.get('/tickets', { token: t.admin.token })).body.tickets).toHaveLength(12);
    expect((await api.put('/settings/ticketListLimit', { value: '7' }, { token: t.admin.token })).status).toBe(400);
  });
});
