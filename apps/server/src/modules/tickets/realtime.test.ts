/**
 * Real time (DESIGN §4, SPEC §4): sockets authenticated at the handshake, server-assigned rooms, and
 * each agent receives only the tickets it may see. Unread semantics: reading a ticket clears its
 * counter, and a message for the ticket an agent follows (joinTicket) keeps it at 0.
 */
import { SOCKET_EVENTS } from '@conversa/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  buildAgent,
  buildChannel,
  buildInboxTenant,
  buildQueue,
  closeAllSockets,
  connectAgent,
  eventually,
  followersOf,
  inboundTicket,
  refusedConnection,
  setSetting,
  setWallets,
  sleep,
  visitorKey,
  type InboxTenant,
} from '../../../test/inbox.js';
import { buildTenant } from '../../../test/factories.js';
import { eventsBeforeMarker, expectNothingBefore } from '../../../test/markers.js';
import { SETTINGS_TTL_MS } from './listeners/push-inbox-events.js';

let server: TestServer;
let api: Api;
let t: InboxTenant;
let other: InboxTenant;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  t = await buildInboxTenant(server);
  other = await buildInboxTenant(server);
});
afterEach(() => closeAllSockets());
afterAll(() => server?.close());

const aboutTicket = (ticketId: number) => (payload: any) => payload?.ticket?.id === ticketId;

describe('socket authentication', () => {
  it('refuses a socket without a token, with a malformed or forged token, with connect_error ERR_INVALID_TOKEN', async () => {
    for (const auth of [{}, { token: '' }, { token: 'not-a-jwt' }, { token: `${t.agent.token.slice(0, -4)}AAAA` }]) {
      const error = await refusedConnection(server.url, auth);
      expect(error.message, JSON.stringify(auth)).toBe('ERR_INVALID_TOKEN');
      expect(error.data).toMatchObject({ error: 'ERR_INVALID_TOKEN' });
    }
  });

  it('refuses a token whose session was logged out', async () => {
    const agent = await buildAgent(server, t.tenant.id);
    expect((await api.post('/auth/logout/', {}, { token: agent.token })).status).toBeLessThan(300);
    const error = await refusedConnection(server.url, { token: agent.token });
    expect(error.message).toBe('ERR_INVALID_TOKEN');
  });
});

describe('who receives what', () => {
  it("an inbound message reaches the queue's agents and the admins, never another queue's agent nor another tenant", async () => {
    const agent = await connectAgent(server.url, t.agent.token);
    const admin = await connectAgent(server.url, t.admin.token);
    const outsider = await connectAgent(server.url, t.outsider.token);
    const foreignAdmin = await connectAgent(server.url, other.admin.token);
    const foreignAgent = await connectAgent(server.url, other.agent.token);
    // Whatever was on its way to these sockets arrives before a marker: start from there.
    await eventsBeforeMarker(server.url, t.admin.token, [agent, admin, outsider]);
    await eventsBeforeMarker(server.url, other.admin.token, [foreignAdmin, foreignAgent]);
    for (const s of [agent, admin, outsider, foreignAdmin, foreignAgent]) s.events.length = 0;

    const { ticketId, messageId } = await inboundTicket(
      server.ctx,
      { tenantId: t.tenant.id, channelId: t.channel.id },
      { name: 'Cliente Tempo Real', body: 'Oi, tudo bem?' },
    );

    for (const socket of [agent, admin]) {
      const created = await socket.waitFor(SOCKET_EVENTS.ticket, aboutTicket(ticketId));
      expect(created).toMatchObject({
        action: 'create',
        ticket: {
          id: ticketId,
          status: 'pending',
          name: 'Cliente Tempo Real',
          queueId: t.queue.id,
          unreadMessages: 1,
          lastMessage: 'Oi, tudo bem?',
        },
      });
      const message = await socket.waitFor(SOCKET_EVENTS.appMessage, aboutTicket(ticketId));
      expect(message).toMatchObject({
        action: 'create',
        message: { id: messageId, ticketId, body: 'Oi, tudo bem?', fromMe: false, status: 'received' },
        ticket: { id: ticketId },
      });
      // Presented objects, never raw rows.
      expect(message.message.tenantId).toBeUndefined();
      expect(created.ticket.tenantId).toBeUndefined();
    }
    // Each push above was one emit to all its rooms: the others' markers come after anything it sent them.
    await expectNothingBefore(server.url, t.admin.token, { outsider });
    await expectNothingBefore(server.url, other.admin.token, { foreignAdmin, foreignAgent });
  });

  it("admins receive every queue's tickets and tickets without queue; agents get those only with ViewTicketsWithoutQueue", async () => {
    const tenant = await buildTenant(server.ctx);
    const admin = await buildAgent(server, tenant.id, 'admin');
    const agent = await buildAgent(server, tenant.id);
    const queue = await buildQueue(server.ctx, tenant.id, [agent.id]);
    const elsewhere = await buildChannel(server.ctx, tenant.id, { queueId: (await buildQueue(server.ctx, tenant.id)).id });
    const noQueue = await buildChannel(server.ctx, tenant.id, { queueId: null });
    await buildChannel(server.ctx, tenant.id, { queueId: queue.id });
    const adminSocket = await connectAgent(server.url, admin.token);
    const agentSocket = await connectAgent(server.url, agent.token);

    const a = await inboundTicket(server.ctx, { tenantId: tenant.id, channelId: elsewhere.id });
    const b = await inboundTicket(server.ctx, { tenantId: tenant.id, channelId: noQueue.id });
    await adminSocket.waitFor(SOCKET_EVENTS.ticket, aboutTicket(a.ticketId));
    await adminSocket.waitFor(SOCKET_EVENTS.appMessage, aboutTicket(b.ticketId));
    await expectNothingBefore(server.url, admin.token, { agentSocket });

    await setSetting(server.ctx, tenant.id, 'ViewTicketsWithoutQueue', 'enabled');
    await sleep(SETTINGS_TTL_MS + 100); // a genuine wait: the pusher caches a tenant's settings that long
    const c = await inboundTicket(server.ctx, { tenantId: tenant.id, channelId: noQueue.id });
    await agentSocket.waitFor(SOCKET_EVENTS.ticket, aboutTicket(c.ticketId));
    expect(agentSocket.received(SOCKET_EVENTS.ticket, aboutTicket(a.ticketId))).toEqual([]);
  });

  it('a transfer tells the old queue (so it drops the ticket) and the new one', async () => {
    const agent = await connectAgent(server.url, t.agent.token);
    const outsider = await connectAgent(server.url, t.outsider.token);
    const { ticketId } = await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: t.channel.id });
    await agent.waitFor(SOCKET_EVENTS.ticket, aboutTicket(ticketId));
    expect(outsider.received(SOCKET_EVENTS.ticket, aboutTicket(ticketId))).toEqual([]);

    const moved = await api.put(`/tickets/${ticketId}`, { queueId: t.otherQueue.id, isTransference: true }, { token: t.agent.token });
    expect(moved.status).toBe(200);
    const gained = await outsider.waitFor(SOCKET_EVENTS.ticket, aboutTicket(ticketId));
    expect(gained).toMatchObject({ action: 'update', ticket: { queueId: t.otherQueue.id, status: 'pending' } });
    const lost = await agent.waitFor(SOCKET_EVENTS.ticket, (p) => p.ticket?.id === ticketId && p.ticket.queueId === t.otherQueue.id);
    expect(lost.action).toBe('update');
  });

  it('a transfer to a user names the receiver and who transferred (their app alerts them); other changes do not', async () => {
    const peer = await connectAgent(server.url, t.peer.token);
    const { ticketId } = await inboundTicket(
      server.ctx,
      { tenantId: t.tenant.id, channelId: t.channel.id },
      { key: { number: '5511977770077' } },
    );
    await peer.waitFor(SOCKET_EVENTS.ticket, aboutTicket(ticketId));
    // Taking it oneself is no transfer.
    expect((await api.put(`/tickets/${ticketId}`, { status: 'open' }, { token: t.agent.token })).status).toBe(200);
    const taken = await peer.waitFor(SOCKET_EVENTS.ticket, (p) => p.ticket?.id === ticketId && p.ticket.status === 'open');
    expect(taken.transfer).toBeUndefined();

    const moved = await api.put(`/tickets/${ticketId}`, { userId: t.peer.id, isTransference: true }, { token: t.agent.token });
    expect(moved.status).toBe(200);
    const told = await peer.waitFor(SOCKET_EVENTS.ticket, (p) => p.ticket?.id === ticketId && p.ticket.userId === t.peer.id);
    expect(told).toMatchObject({ action: 'update', transfer: { byUserId: t.agent.id, toUserId: t.peer.id } });

    // Back to the queue: no receiver, nothing to announce.
    expect(
      (await api.put(`/tickets/${ticketId}`, { queueId: t.otherQueue.id, isTransference: true }, { token: t.admin.token })).status,
    ).toBe(200);
    const released = await peer.waitFor(SOCKET_EVENTS.ticket, (p) => p.ticket?.id === ticketId && p.ticket.queueId === t.otherQueue.id);
    expect(released.transfer).toBeUndefined();
  });

  it('NotViewAssignedTickets: once an agent takes a ticket, its peers stop receiving it', async () => {
    const x = await buildInboxTenant(server);
    await setSetting(server.ctx, x.tenant.id, 'NotViewAssignedTickets', 'enabled');
    const agent = await connectAgent(server.url, x.agent.token);
    const peer = await connectAgent(server.url, x.peer.token);
    const { ticketId } = await inboundTicket(
      server.ctx,
      { tenantId: x.tenant.id, channelId: x.channel.id },
      { key: { number: '5511977770001' } },
    );
    await peer.waitFor(SOCKET_EVENTS.ticket, aboutTicket(ticketId));
    expect((await api.put(`/tickets/${ticketId}`, { status: 'open' }, { token: x.agent.token })).status).toBe(200);
    await agent.waitFor(SOCKET_EVENTS.ticket, (p) => p.ticket?.id === ticketId && p.ticket.status === 'open');
    // The peer hears this one change (so that it drops the ticket), then nothing more.
    await peer.waitFor(SOCKET_EVENTS.ticket, (p) => p.ticket?.id === ticketId && p.ticket.status === 'open');
    peer.events.length = 0;

    await inboundTicket(
      server.ctx,
      { tenantId: x.tenant.id, channelId: x.channel.id },
      { key: { number: '5511977770001' }, body: 'segunda' },
    );
    await agent.waitFor(SOCKET_EVENTS.appMessage, (p) => p.message?.body === 'segunda');
    await expectNothingBefore(server.url, x.admin.token, { peer });
  });

  it("DirectTicketsToWallets: the wallet owner receives its contact's ticket even outside the queue, and other agents do not", async () => {
    const x = await buildInboxTenant(server);
    await setSetting(server.ctx, x.tenant.id, 'DirectTicketsToWallets', 'enabled');
    const key = visitorKey();
    const first = await inboundTicket(server.ctx, { tenantId: x.tenant.id, channelId: x.channel.id }, { key });
    await setWallets(server.ctx, x.tenant.id, first.contactId, [x.outsider.id, x.peer.id]);
    const owner = await connectAgent(server.url, x.outsider.token); // owner, in another queue
    const agent = await connectAgent(server.url, x.agent.token); // in the ticket's queue, not an owner

    await inboundTicket(server.ctx, { tenantId: x.tenant.id, channelId: x.channel.id }, { key, body: 'para a carteira' });
    const pushed = await owner.waitFor(SOCKET_EVENTS.appMessage, (p) => p.message?.body === 'para a carteira');
    expect(pushed.ticket.id).toBe(first.ticketId);
    // What the socket announced, the API shows.
    expect((await api.get(`/tickets/${first.ticketId}`, { token: x.outsider.token })).status).toBe(200);
    const list = await api.get('/tickets', { token: x.outsider.token });
    expect(list.body.tickets.map((ticket: { id: number }) => ticket.id)).toContain(first.ticketId);
    await expectNothingBefore(server.url, x.admin.token, { agent });
    expect((await api.get(`/tickets/${first.ticketId}`, { token: x.agent.token })).status).toBe(403);
  });
});

describe('unread messages', () => {
  it('inbound messages count as unread; GET /messages/{ticketId} (page 1) resets the counter', async () => {
    const key = visitorKey();
    const target = { tenantId: t.tenant.id, channelId: t.channel.id };
    const { ticketId } = await inboundTicket(server.ctx, target, { key });
    await inboundTicket(server.ctx, target, { key });
    await inboundTicket(server.ctx, target, { key });
    expect((await api.get(`/tickets/${ticketId}`, { token: t.agent.token })).body.unreadMessages).toBe(3);

    const agent = await connectAgent(server.url, t.agent.token);
    const page2 = await api.get(`/messages/${ticketId}?pageNumber=2`, { token: t.agent.token });
    expect(page2.status).toBe(200);
    expect((await api.get(`/tickets/${ticketId}`, { token: t.agent.token })).body.unreadMessages).toBe(3);

    const read = await api.get(`/messages/${ticketId}`, { token: t.agent.token });
    expect(read.status).toBe(200);
    expect(read.body.messages).toHaveLength(3);
    expect((await api.get(`/tickets/${ticketId}`, { token: t.agent.token })).body.unreadMessages).toBe(0);
    const pushed = await agent.waitFor(SOCKET_EVENTS.ticket, (p) => p.ticket?.id === ticketId && p.ticket.unreadMessages === 0);
    expect(pushed.action).toBe('update');

    // A message to a ticket nobody follows counts again.
    await inboundTicket(server.ctx, target, { key });
    expect((await api.get(`/tickets/${ticketId}`, { token: t.agent.token })).body.unreadMessages).toBe(1);
  });

  it('a message for the ticket an agent follows (joinTicket) keeps the counter at 0; leaveTicket stops that', async () => {
    const key = visitorKey();
    const target = { tenantId: t.tenant.id, channelId: t.channel.id };
    const { ticketId } = await inboundTicket(server.ctx, target, { key });
    await api.get(`/messages/${ticketId}`, { token: t.agent.token });
    const agent = await connectAgent(server.url, t.agent.token);
    agent.socket.emit(SOCKET_EVENTS.joinTicket, ticketId);
    expect(await eventually(async () => (await followersOf(server, t.tenant.id, ticketId)) === 1)).toBe(true);

    await inboundTicket(server.ctx, target, { key, body: 'estou vendo?' });
    const unread = await eventually(
      async () => {
        const { body } = await api.get(`/tickets/${ticketId}`, { token: t.agent.token });
        return body.unreadMessages === 0 && body.lastMessage === 'estou vendo?' ? body : undefined;
      },
      { timeoutMs: 2_000 },
    );
    expect(unread).toMatchObject({ unreadMessages: 0, lastMessage: 'estou vendo?' });
    // And the agents heard that it is read.
    await agent.waitFor(
      SOCKET_EVENTS.ticket,
      (p) => p.ticket?.id === ticketId && p.ticket.lastMessage === 'estou vendo?' && p.ticket.unreadMessages === 0,
    );

    agent.socket.emit(SOCKET_EVENTS.leaveTicket, ticketId);
    expect(await eventually(async () => (await followersOf(server, t.tenant.id, ticketId)) === 0)).toBe(true);
    await inboundTicket(server.ctx, target, { key, body: 'e agora?' });
    expect((await api.get(`/tickets/${ticketId}`, { token: t.agent.token })).body.unreadMessages).toBe(1);
  });

  it('a socket that may not see a ticket cannot join it: the counter keeps counting', async () => {
    const key = visitorKey();
    const target = { tenantId: t.tenant.id, channelId: t.channel.id };
    const { ticketId } = await inboundTicket(server.ctx, target, { key });
    await api.get(`/messages/${ticketId}`, { token: t.agent.token });

    const outsider = await connectAgent(server.url, t.outsider.token);
    const foreign = await connectAgent(server.url, other.admin.token);
    outsider.socket.emit(SOCKET_EVENTS.joinTicket, ticketId);
    foreign.socket.emit(SOCKET_EVENTS.joinTicket, ticketId);
    expect(await outsider.waitFor('ticket:error')).toMatchObject({ ticketId, error: 'ERR_NO_PERMISSION' });
    expect(await foreign.waitFor('ticket:error')).toMatchObject({ ticketId });
    expect(await followersOf(server, t.tenant.id, ticketId)).toBe(0);
    expect(await followersOf(server, other.tenant.id, ticketId)).toBe(0);

    // The marker: a ticket the agent does follow, whose next message goes through the same listener.
    const markerKey = visitorKey();
    const marked = await inboundTicket(server.ctx, target, { key: markerKey });
    const agent = await connectAgent(server.url, t.agent.token);
    expect(await agent.socket.timeout(5_000).emitWithAck(SOCKET_EVENTS.joinTicket, marked.ticketId)).toEqual({ ok: true });

    await inboundTicket(server.ctx, target, { key, body: 'ninguém está vendo' });
    await agent.waitFor(SOCKET_EVENTS.appMessage, (p) => p.message?.body === 'ninguém está vendo');
    // Published after that message's, the marker's message is kept read by the listener, and pushed so:
    // had the listener cleared the unwatched ticket's counter, it would have done so by then.
    await inboundTicket(server.ctx, target, { key: markerKey, body: 'marcador' });
    await agent.waitFor(
      SOCKET_EVENTS.ticket,
      (p) => p.ticket?.id === marked.ticketId && p.ticket.lastMessage === 'marcador' && p.ticket.unreadMessages === 0,
    );
    expect((await api.get(`/tickets/${ticketId}`, { token: t.agent.token })).body.unreadMessages).toBe(1);
    // Nor did the refused sockets get the ticket's events.
    const [outsiderGot] = await eventsBeforeMarker(server.url, t.admin.token, [outsider]);
    const [foreignGot] = await eventsBeforeMarker(server.url, other.admin.token, [foreign]);
    expect(outsiderGot.filter((e) => e.event === SOCKET_EVENTS.appMessage)).toEqual([]);
    expect(foreignGot.filter((e) => e.event === SOCKET_EVENTS.appMessage)).toEqual([]);
  });
});
