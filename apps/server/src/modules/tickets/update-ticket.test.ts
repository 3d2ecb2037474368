/**
 * Ticket actions (SPEC §4): PUT /tickets/{id} (start attending, return to queue, resolve, reopen,
 * transfer with its rejections, unread, integration statuses), the forced and null-user variants,
 * channel moves, POST /tickets (new-ticket modal), farewell close, and the logs every action writes.
 */
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
  count,
  eventually,
  inboundTicket,
  visitorKey,
  type InboxTenant,
} from '../../../test/inbox.js';

let server: TestServer;
let api: Api;
let t: InboxTenant;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  t = await buildInboxTenant(server);
});
afterAll(() => server?.close());

const newTicket = async (options: Parameters<typeof inboundTicket>[2] = {}, channelId = t.channel.id) =>
  inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId }, options);
const put = (id: number, body: unknown, token: string) => api.put(`/tickets/${id}`, body, { token });
const logsOf = async (id: number, token = t.admin.token) => {
  const response = await api.get(`/tickets/${id}/logs`, { token });
  expect(response.status).toBe(200);
  return response.body as {
    id: number;
    type: string;
    payload: Record<string, unknown>;
    userId: number | null;
    username: string | null;
    createdAt: string;
  }[];
};

describe('PUT /tickets/{id}: status changes', () => {
  it('start attending, return to queue, resolve and reopen; each writes a log with who and when', async () => {
    const { ticketId } = await newTicket({ name: 'Cliente Ciclo' });
    const before = Date.now();

    const started = await put(ticketId, { status: 'open', userId: t.agent.id }, t.agent.token);
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ id: ticketId, status: 'open', userId: t.agent.id, username: t.agent.name, queueId: t.queue.id });

    const returned = await put(ticketId, { status: 'pending', userId: null }, t.agent.token);
    expect(returned.status).toBe(200);
    expect(returned.body).toMatchObject({ status: 'pending', userId: null, username: null, queueId: t.queue.id });

    const startedAgain = await put(ticketId, { status: 'open' }, t.peer.token); // userId defaults to the caller
    expect(startedAgain.body).toMatchObject({ status: 'open', userId: t.peer.id });

    const resolved = await put(ticketId, { status: 'closed' }, t.peer.token);
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ status: 'closed', userId: t.peer.id });

    const reopened = await put(ticketId, { status: 'open' }, t.agent.token);
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ status: 'open', userId: t.agent.id });

    const logs = await logsOf(ticketId, t.agent.token);
    expect(logs.map((l) => [l.type, l.userId, l.username])).toEqual([
      ['created', null, null],
      ['accepted', t.agent.id, t.agent.name],
      ['returnedToQueue', t.agent.id, t.agent.name],
      ['accepted', t.peer.id, t.peer.name],
      ['resolved', t.peer.id, t.peer.name],
      ['reopened', t.agent.id, t.agent.name],
    ]);
    for (const log of logs) expect(Date.parse(log.createdAt)).toBeGreaterThanOrEqual(before - 5_000);
    expect(logs.map((l) => Date.parse(l.createdAt))).toEqual(logs.map((l) => Date.parse(l.createdAt)).sort((a, b) => a - b));
  });

  it('refuses to reopen with 409 ERR_OTHER_OPEN_TICKET when the contact meanwhile has another active ticket on the channel', async () => {
    const key = visitorKey();
    const first = await newTicket({ key, body: 'primeiro' });
    expect((await put(first.ticketId, { status: 'closed' }, t.agent.token)).status).toBe(200);
    const second = await newTicket({ key, body: 'segundo' });
    expect(second.ticketId).not.toBe(first.ticketId);

    const reopen = await put(first.ticketId, { status: 'open' }, t.agent.token);
    expect(reopen.status).toBe(409);
    expect(reopen.body).toMatchObject({
      error: 'ERR_OTHER_OPEN_TICKET',
      message: 'Já existe um ticket aberto/pendente para esse contato.',
      // The ongoing ticket, which the screen offers to open.
      details: { ticketId: second.ticketId, status: 'pending' },
    });
    expect((await api.get(`/tickets/${first.ticketId}`, { token: t.agent.token })).body.status).toBe('closed');
    expect((await logsOf(first.ticketId)).map((l) => l.type)).toEqual(['created', 'resolved']);
  });

  it('a plain user cannot assign a ticket to another user (403) nor take one another user is handling', async () => {
    const { ticketId } = await newTicket();
    const assign = await put(ticketId, { status: 'open', userId: t.peer.id }, t.agent.token);
    expect(assign.status).toBe(403);
    expect(assign.body.error).toBe('ERR_NO_PERMISSION');

    expect((await put(ticketId, { status: 'open' }, t.peer.token)).status).toBe(200);
    const steal = await put(ticketId, { status: 'open', userId: t.agent.id }, t.agent.token);
    expect(steal.status).toBe(403);
    expect(steal.body.error).toBe('ERR_TICKET_OF_OTHER_USER');

    // An admin may assign it to anyone.
    const byAdmin = await put(ticketId, { status: 'open', userId: t.agent.id }, t.admin.token);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ status: 'open', userId: t.agent.id });
    expect((await logsOf(ticketId)).map((l) => [l.type, l.userId])).toEqual([
      ['created', null],
      ['accepted', t.peer.id],
      ['assigned', t.admin.id],
    ]);
    expect((await api.get(`/tickets/${ticketId}`, { token: t.peer.token })).body.userId).toBe(t.agent.id);
  });

  it('sets unreadMessages and the per-integration statuses', async () => {
    const key = visitorKey();
    const { ticketId } = await newTicket({ key });
    await newTicket({ key });
    expect((await api.get(`/tickets/${ticketId}`, { token: t.agent.token })).body.unreadMessages).toBe(2);
    const unread = await put(ticketId, { unreadMessages: 0 }, t.agent.token);
    expect(unread.status).toBe(200);
    expect(unread.body).toMatchObject({ unreadMessages: 0, status: 'pending' });

    const typebot = await put(ticketId, { typebotStatus: true }, t.agent.token);
    expect(typebot.status).toBe(200);
    expect(typebot.body.integrationStatuses).toEqual({ typebotStatus: true });
    const chatgpt = await put(ticketId, { chatgptStatus: false, difyStatus: true }, t.agent.token);
    expect(chatgpt.body.integrationStatuses).toEqual({ typebotStatus: true, chatgptStatus: false, difyStatus: true });
    expect(chatgpt.body.status).toBe('pending');

    const unknown = await put(ticketId, { fooStatus: true, status: 'archived' }, t.agent.token);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('ERR_VALIDATION');
    const logs = await logsOf(ticketId);
    expect(logs.filter((l) => l.type === 'integrationStatus').map((l) => [l.userId, l.payload])).toEqual([
      [t.agent.id, { typebotStatus: true }],
      [t.agent.id, { chatgptStatus: false, difyStatus: true }],
    ]);
  });
});

describe('PUT /tickets/{id}: transfers', () => {
  it('transfers to a queue (waiting there unassigned) and to a user, with a log each', async () => {
    const { ticketId } = await newTicket();
    expect((await put(ticketId, { status: 'open' }, t.agent.token)).status).toBe(200);

    const toQueue = await put(ticketId, { queueId: t.otherQueue.id, isTransference: true, status: 'pending' }, t.agent.token);
    expect(toQueue.status).toBe(200);
    expect(toQueue.body).toMatchObject({ status: 'pending', queueId: t.otherQueue.id, userId: null });
    // The agent no longer sees it (not their queue, not theirs); the other queue's agent does.
    expect((await api.get(`/tickets/${ticketId}`, { token: t.agent.token })).status).toBe(403);
    expect((await api.get(`/tickets/${ticketId}`, { token: t.outsider.token })).status).toBe(200);

    const toUser = await put(ticketId, { userId: t.peer.id, queueId: t.queue.id, isTransference: true }, t.outsider.token);
    expect(toUser.status).toBe(200);
    expect(toUser.body).toMatchObject({ status: 'pending', queueId: t.queue.id, userId: t.peer.id, username: t.peer.name });

    const logs = await logsOf(ticketId);
    expect(logs.filter((l) => l.type === 'transferred').map((l) => [l.userId, l.payload])).toEqual([
      [t.agent.id, { fromQueueId: t.queue.id, toQueueId: t.otherQueue.id, fromUserId: t.agent.id, toUserId: null }],
      [t.outsider.id, { fromQueueId: t.otherQueue.id, toQueueId: t.queue.id, fromUserId: null, toUserId: t.peer.id }],
    ]);
  });

  it("rejects a transfer to the ticket's own user (ERR_TRANSFER_SAME_USER) or own queue (ERR_TRANSFER_SAME_QUEUE)", async () => {
    const { ticketId } = await newTicket();
    expect((await put(ticketId, { status: 'open' }, t.agent.token)).status).toBe(200);

    for (const body of [
      { userId: t.agent.id, isTransference: true },
      { userId: t.agent.id, queueId: t.queue.id, status: 'pending', isTransference: true },
      { userId: t.agent.id },
    ]) {
      const same = await put(ticketId, body, t.agent.token);
      expect(same.status, JSON.stringify(body)).toBe(400);
      expect(same.body).toEqual({ error: 'ERR_TRANSFER_SAME_USER', message: 'Ticket já pertence ao usuário selecionado.' });
    }
    for (const body of [{ queueId: t.queue.id, isTransference: true }, { queueId: t.queue.id }]) {
      const sameQueue = await put(ticketId, body, t.agent.token);
      expect(sameQueue.status, JSON.stringify(body)).toBe(400);
      expect(sameQueue.body.error).toBe('ERR_TRANSFER_SAME_QUEUE');
    }
    const unknownQueue = await put(ticketId, { queueId: 999_999, isTransference: true }, t.agent.token);
    expect(unknownQueue.status).toBe(404);
    expect(unknownQueue.body.error).toBe('ERR_NO_QUEUE_FOUND');
    const other = await buildInboxTenant(server);
    const foreignUser = await put(ticketId, { userId: other.agent.id, isTransference: true }, t.agent.token);
    expect(foreignUser.status).toBe(404);
    expect(foreignUser.body.error).toBe('ERR_NO_USER_FOUND');
    const foreignQueue = await put(ticketId, { queueId: other.queue.id, isTransference: true }, t.agent.token);
    expect(foreignQueue.status).toBe(404);
    expect(foreignQueue.body.error).toBe('ERR_NO_QUEUE_FOUND');

    // Nothing changed, nothing logged.
    expect((await api.get(`/tickets/${ticketId}`, { token: t.agent.token })).body).toMatchObject({
      status: 'open',
      userId: t.agent.id,
      queueId: t.queue.id,
    });
    expect((await logsOf(ticketId)).map((l) => l.type)).toEqual(['created', 'accepted']);
  });
});

describe("another agent's open ticket (security: no take-over)", () => {
  it('a plain agent cannot take, transfer, return, release or resolve an open ticket another agent holds; nothing changes', async () => {
    const { ticketId } = await newTicket({ name: 'Cliente da Peer' });
    expect((await put(ticketId, { status: 'open' }, t.peer.token)).status).toBe(200);

    const attempts: [string, string, unknown][] = [
      ['PUT', `/tickets/${ticketId}`, { userId: t.agent.id, isTransference: true }],
      ['PUT', `/tickets/${ticketId}`, { userId: t.agent.id }],
      ['PUT', `/tickets/${ticketId}`, { userId: t.agent.id, queueId: t.queue.id, isTransference: true }],
      ['PUT', `/tickets/${ticketId}`, { userId: t.agent.id, status: 'pending', isTransference: true }],
      ['PUT', `/tickets/${ticketId}`, { queueId: t.otherQueue.id, isTransference: true }],
      ['PUT', `/tickets/${ticketId}`, { status: 'open', userId: t.agent.id }],
      ['PUT', `/tickets/${ticketId}`, { status: 'open' }],
      // Returned to the queue, released or resolved (then reopened), it would be anyone's to take.
      ['PUT', `/tickets/${ticketId}`, { status: 'pending', userId: null }],
      ['PUT', `/tickets/${ticketId}`, { status: 'closed' }],
      ['PUT', `/ticketsNull/${ticketId}`, undefined],
      ['PUT', `/ticketsForce/${ticketId}`, undefined],
    ];
    for (const [method, path, body] of attempts) {
      const response = await api.request(method, path, { token: t.agent.token, body });
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(403);
      expect(response.body, `${path} ${JSON.stringify(body)}`).toEqual({
        error: 'ERR_TICKET_OF_OTHER_USER',
        message: 'This ticket is being handled by another user.',
      });
    }
    expect((await api.get(`/tickets/${ticketId}`, { token: t.agent.token })).body).toMatchObject({
      status: 'open',
      userId: t.peer.id,
      queueId: t.queue.id,
    });
    expect((await logsOf(ticketId)).map((l) => l.type)).toEqual(['created', 'accepted']);

    // Reading and the per-ticket switches stay open to whoever sees it.
    expect((await put(ticketId, { unreadMessages: 0 }, t.agent.token)).status).toBe(200);
    expect((await put(ticketId, { typebotStatus: false }, t.agent.token)).status).toBe(200);
  });

  it("the owner may hand it over (a reply no longer takes it back), an admin may reassign it; a pending ticket is anyone's to accept explicitly", async () => {
    const { ticketId } = await newTicket();
    expect((await put(ticketId, { status: 'open' }, t.peer.token)).status).toBe(200);
    const handedOver = await put(ticketId, { userId: t.agent.id, isTransference: true }, t.peer.token);
    expect(handedOver.status).toBe(200);
    expect(handedOver.body).toMatchObject({ status: 'pending', userId: t.agent.id });
    // Waiting for the agent it was given to: the peer who handed it over cannot take it back by
    // replying (an explicit accept stays open to whoever sees it: its agent may be away).
    const reply = await api.post(`/messages/${ticketId}`, { body: 'Deixa comigo' }, { token: t.peer.token });
    expect(reply.status).toBe(403);
    expect(reply.body.error).toBe('ERR_NO_PERMISSION');
    expect((await api.get(`/tickets/${ticketId}`, { token: t.admin.token })).body).toMatchObject({ status: 'pending', userId: t.agent.id });
    // An admin may write in it without taking it.
    expect((await api.post(`/messages/${ticketId}`, { body: 'Já já o Bruno fala com você' }, { token: t.admin.token })).status).toBe(201);
    expect((await api.get(`/tickets/${ticketId}`, { token: t.admin.token })).body).toMatchObject({ status: 'pending', userId: t.agent.id });
    expect((await put(ticketId, { status: 'open' }, t.agent.token)).body).toMatchObject({ status: 'open', userId: t.agent.id });

    const byAdmin = await put(ticketId, { userId: t.peer.id, isTransference: true }, t.admin.token);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ userId: t.peer.id });
    // Waiting for the peer, who is away: the agent accepts it explicitly.
    expect((await put(ticketId, { status: 'open' }, t.agent.token)).body).toMatchObject({ status: 'open', userId: t.agent.id });
    const resolvedByAdmin = await put(ticketId, { status: 'closed' }, t.admin.token);
    expect(resolvedByAdmin.body.status).toBe('closed');
    // A resolved ticket is reopened by whoever reopens it.
    expect((await put(ticketId, { status: 'open' }, t.peer.token)).body).toMatchObject({ status: 'open', userId: t.peer.id });
  });
});

describe("another tenant's user (security: ids in bodies)", () => {
  it("PUT /tickets/{id} {status:'open', userId} and POST /tickets {userId} refuse another tenant's user or an unknown id with 404 ERR_NO_USER_FOUND, without its name", async () => {
    const other = await buildInboxTenant(server);
    const { ticketId } = await newTicket();
    for (const userId of [other.agent.id, 2_147_483_000]) {
      for (const body of [
        { status: 'open', userId },
        { status: 'open', userId, queueId: t.queue.id },
      ]) {
        const response = await put(ticketId, body, t.admin.token);
        expect(response.status, JSON.stringify(body)).toBe(404);
        expect(response.body).toEqual({ error: 'ERR_NO_USER_FOUND', message: 'No user found with this ID.' });
      }
      const contact = await buildContact(server.ctx, t.tenant.id);
      const created = await api.post('/tickets', { contactId: contact.id, userId }, { token: t.admin.token });
      expect(created.status).toBe(404);
      expect(created.body.error).toBe('ERR_NO_USER_FOUND');
      expect(JSON.stringify(created.body)).not.toContain(other.agent.name);
      expect(await count(server.ctx, sql`select count(*) from tickets where contact_id = ${contact.id}`)).toBe(0);
    }
    const after = await api.get(`/tickets/${ticketId}`, { token: t.admin.token });
    expect(after.body).toMatchObject({ status: 'pending', userId: null, username: null });
    expect((await logsOf(ticketId)).map((l) => l.type)).toEqual(['created']);

    // Assigned while open, too (the "assigned" path).
    expect((await put(ticketId, { status: 'open' }, t.agent.token)).status).toBe(200);
    const reassign = await put(ticketId, { status: 'open', userId: other.agent.id }, t.admin.token);
    expect(reassign.status).toBe(404);
    expect(reassign.body.error).toBe('ERR_NO_USER_FOUND');
    expect((await api.get(`/tickets/${ticketId}`, { token: t.admin.token })).body).toMatchObject({
      userId: t.agent.id,
      username: t.agent.name,
    });
  });
});

describe('forced, null-user and channel variants', () => {
  it('PUT /ticketsForce/{id} resolves at once; PUT /ticketsNull/{id} drops the user back to the queue', async () => {
    const { ticketId } = await newTicket();
    expect((await put(ticketId, { status: 'open' }, t.agent.token)).status).toBe(200);
    const released = await api.put(`/ticketsNull/${ticketId}`, undefined, { token: t.agent.token });
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({ status: 'pending', userId: null });
    const forced = await api.put(`/ticketsForce/${ticketId}`, undefined, { token: t.agent.token });
    expect(forced.status).toBe(200);
    expect(forced.body.status).toBe('closed');
    expect((await logsOf(ticketId)).map((l) => [l.type, l.userId])).toEqual([
      ['created', null],
      ['accepted', t.agent.id],
      ['returnedToQueue', t.agent.id],
      ['resolved', t.agent.id],
    ]);
    const outsider = await api.put(`/ticketsForce/${ticketId}`, undefined, { token: t.outsider.token });
    expect(outsider.status).toBe(403);
    expect(outsider.body.error).toBe('ERR_NO_PERMISSION');
  });

  it('PUT /ticketsChannelId/{id} moves one ticket to another channel of the tenant', async () => {
    const target = await buildChannel(server.ctx, t.tenant.id, { queueId: t.queue.id });
    const key = visitorKey();
    const { ticketId } = await newTicket({ key });
    const moved = await api.put(`/ticketsChannelId/${ticketId}`, { whatsappId: target.id }, { token: t.agent.token });
    expect(moved.status).toBe(200);
    expect(moved.body.whatsappId).toBe(target.id);
    expect((await logsOf(ticketId)).at(-1)).toMatchObject({
      type: 'channelChanged',
      userId: t.agent.id,
      payload: { channelId: target.id },
    });

    // The contact writes again on the first channel: a second active ticket there, which cannot follow.
    const { ticketId: again } = await newTicket({ key });
    const conflict = await api.put(`/ticketsChannelId/${again}`, { whatsappId: target.id }, { token: t.agent.token });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ error: 'ERR_OTHER_OPEN_TICKET', details: { ticketId } });

    const other = await buildInboxTenant(server);
    const foreign = await api.put(`/ticketsChannelId/${again}`, { whatsappId: other.channel.id }, { token: t.agent.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('ERR_NO_WAPP_FOUND');
    expect((await api.get(`/tickets/${again}`, { token: t.agent.token })).body.whatsappId).toBe(t.channel.id);
  });

  it('PUT /ticketsChannel moves the active tickets of a channel, skipping contacts that already have one on the target', async () => {
    const from = await buildChannel(server.ctx, t.tenant.id, { queueId: t.queue.id });
    const to = await buildChannel(server.ctx, t.tenant.id, { queueId: t.queue.id });
    const shared = visitorKey();
    const a = await newTicket({}, from.id);
    const b = await newTicket({}, from.id);
    const c = await newTicket({ key: shared }, from.id);
    const closed = await newTicket({}, from.id);
    await put(closed.ticketId, { status: 'closed' }, t.admin.token);
    const onTarget = await newTicket({ key: shared }, to.id);

    const asUser = await api.put('/ticketsChannel', { fromWhatsappId: from.id, toWhatsappId: to.id }, { token: t.agent.token });
    expect(asUser.status).toBe(403);
    expect(asUser.body.error).toBe('ERR_NO_PERMISSION');
    const same = await api.put('/ticketsChannel', { fromWhatsappId: from.id, toWhatsappId: from.id }, { token: t.admin.token });
    expect(same.status).toBe(400);
    expect(same.body.error).toBe('ERR_VALIDATION');

    const response = await api.put('/ticketsChannel', { fromWhatsappId: from.id, toWhatsappId: to.id }, { token: t.admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ moved: 2, skipped: 1 });
    const channelOf = async (id: number) => (await api.get(`/tickets/${id}`, { token: t.admin.token })).body.whatsappId;
    expect(await channelOf(a.ticketId)).toBe(to.id);
    expect(await channelOf(b.ticketId)).toBe(to.id);
    expect(await channelOf(c.ticketId)).toBe(from.id);
    expect(await channelOf(closed.ticketId)).toBe(from.id);
    expect(await channelOf(onTarget.ticketId)).toBe(to.id);
    expect((await logsOf(a.ticketId)).at(-1)).toMatchObject({
      type: 'channelChanged',
      userId: t.admin.id,
      payload: { fromChannelId: from.id, toChannelId: to.id },
    });
  });
});

describe('mass actions', () => {
  it('GET /ticketsMarkAllUnread clears the counters of the tickets the user sees; POST /pending/resolvePending (admins) resolves every pending ticket', async () => {
    const x = await buildInboxTenant(server);
    const target = { tenantId: x.tenant.id, channelId: x.channel.id };
    const mine = await inboundTicket(server.ctx, target);
    const hidden = await inboundTicket(server.ctx, {
      tenantId: x.tenant.id,
      channelId: (await buildChannel(server.ctx, x.tenant.id, { queueId: x.otherQueue.id })).id,
    });
    const opened = await inboundTicket(server.ctx, target);
    expect((await put(opened.ticketId, { status: 'open' }, x.agent.token)).status).toBe(200);

    const read = await api.get('/ticketsMarkAllUnread', { token: x.agent.token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ updated: 2 });
    const unread = async (id: number) => (await api.get(`/tickets/${id}`, { token: x.admin.token })).body.unreadMessages;
    expect([await unread(mine.ticketId), await unread(opened.ticketId), await unread(hidden.ticketId)]).toEqual([0, 0, 1]);

    const asUser = await api.post('/pending/resolvePending', undefined, { token: x.agent.token });
    expect(asUser.status).toBe(403);
    expect(asUser.body.error).toBe('ERR_NO_PERMISSION');
    for (let i = 0; i < 11; i++) await inboundTicket(server.ctx, target);
    const resolved = await api.post('/pending/resolvePending', undefined, { token: x.admin.token });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toEqual({ resolved: 13 });
    const left = await api.get('/tickets?showAll=true', { token: x.admin.token });
    expect(left.body.tickets.map((ticket: { id: number }) => ticket.id)).toEqual([opened.ticketId]);
    expect((await logsOf(hidden.ticketId, x.admin.token)).at(-1)).toMatchObject({ type: 'resolved', userId: x.admin.id });
  });
});

describe('POST /tickets (new-ticket modal)', () => {
  it('creates an open ticket for the caller on the given channel, in the channel queue', async () => {
    const contact = await buildContact(server.ctx, t.tenant.id, { name: 'Contato Novo' });
    const response = await api.post('/tickets', { contactId: contact.id, whatsappId: t.channel.id }, { token: t.agent.token });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      status: 'open',
      contactId: contact.id,
      name: 'Contato Novo',
      userId: t.agent.id,
      queueId: t.queue.id,
      whatsappId: t.channel.id,
      unreadMessages: 0,
    });
    expect((await logsOf(response.body.id)).map((l) => [l.type, l.userId])).toEqual([['created', t.agent.id]]);
  });

  it('answers 409 ERR_OTHER_OPEN_TICKET with the ongoing ticket id; an admin may reassign it, a user may not', async () => {
    const contact = await buildContact(server.ctx, t.tenant.id);
    const created = await api.post('/tickets', { contactId: contact.id, status: 'pending' }, { token: t.agent.token }); // default channel
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'pending', whatsappId: t.channel.id, userId: t.agent.id });

    const again = await api.post('/tickets', { contactId: contact.id, whatsappId: t.channel.id }, { token: t.peer.token });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'ERR_OTHER_OPEN_TICKET',
      message: 'Já existe um ticket aberto/pendente para esse contato.',
      details: { ticketId: created.body.id, userId: t.agent.id, status: 'pending' },
    });
    const byUser = await api.post('/tickets', { contactId: contact.id, userId: t.peer.id }, { token: t.agent.token });
    expect(byUser.status).toBe(403);
    expect(byUser.body.error).toBe('ERR_NO_PERMISSION');

    const byAdmin = await api.post('/tickets', { contactId: contact.id, userId: t.peer.id, status: 'open' }, { token: t.admin.token });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ id: created.body.id, userId: t.peer.id, status: 'open' });
    expect((await logsOf(created.body.id)).at(-1)).toMatchObject({ type: 'assigned', userId: t.admin.id, payload: { userId: t.peer.id } });
    expect(await count(server.ctx, sql`select count(*) from tickets where contact_id = ${contact.id}`)).toBe(1);
  });

  it('concurrent creations for one contact make one ticket: one 201, the others 409', async () => {
    const contact = await buildContact(server.ctx, t.tenant.id);
    const responses = await Promise.all(
      [1, 2, 3, 4].map(() => api.post('/tickets', { contactId: contact.id, whatsappId: t.channel.id }, { token: t.agent.token })),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const id = responses.find((r) => r.status === 201)!.body.id;
    for (const r of responses.filter((x) => x.status === 409)) expect(r.body.details.ticketId).toBe(id);
    expect((await logsOf(id)).map((l) => l.type)).toEqual(['created']);
  });

  it('without a channel and without a default channel: 404 ERR_NO_DEF_WAPP_FOUND; unknown ids: 404', async () => {
    const tenant = await buildTenant(server.ctx);
    const agent = await buildAgent(server, tenant.id);
    await buildChannel(server.ctx, tenant.id, { isDefault: false });
    const contact = await buildContact(server.ctx, tenant.id);
    const response = await api.post('/tickets', { contactId: contact.id }, { token: agent.token });
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('ERR_NO_DEF_WAPP_FOUND');

    const foreignContact = await api.post('/tickets', { contactId: contact.id, whatsappId: t.channel.id }, { token: t.agent.token });
    expect(foreignContact.status).toBe(404);
    expect(foreignContact.body.error).toBe('ERR_NO_CONTACT_FOUND');
    const foreignChannel = await api.post('/tickets', { contactId: contact.id, whatsappId: t.channel.id }, { token: agent.token });
    expect(foreignChannel.status).toBe(404);
    expect(foreignChannel.body.error).toBe('ERR_NO_WAPP_FOUND');
  });
});

describe('tenant isolation', () => {
  it("every ticket action answers 404 for another tenant's ticket, channel or queue, and changes nothing", async () => {
    const other = await buildInboxTenant(server);
    const { ticketId } = await newTicket();
    const token = other.admin.token;
    const calls: [string, string, unknown, string][] = [
      ['PUT', `/tickets/${ticketId}`, { status: 'closed' }, 'ERR_NO_TICKET_FOUND'],
      ['PUT', `/tickets/${ticketId}`, { typebotStatus: true }, 'ERR_NO_TICKET_FOUND'],
      ['PUT', `/ticketsForce/${ticketId}`, undefined, 'ERR_NO_TICKET_FOUND'],
      ['PUT', `/ticketsNull/${ticketId}`, undefined, 'ERR_NO_TICKET_FOUND'],
      ['PUT', `/ticketsChannelId/${ticketId}`, { whatsappId: other.channel.id }, 'ERR_NO_TICKET_FOUND'],
      ['PUT', '/ticketsChannel', { fromWhatsappId: t.channel.id, toWhatsappId: other.channel.id }, 'ERR_NO_WAPP_FOUND'],
      ['GET', `/tickets/${ticketId}/logs`, undefined, 'ERR_NO_TICKET_FOUND'],
    ];
    for (const [method, path, body, code] of calls) {
      const response = await api.request(method, path, { token, body });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body.error).toBe(code);
    }
    // Their own ticket cannot be moved to this tenant's channel or queue, nor given to this tenant's user.
    const theirs = await inboundTicket(server.ctx, { tenantId: other.tenant.id, channelId: other.channel.id });
    expect((await api.put(`/ticketsChannelId/${theirs.ticketId}`, { whatsappId: t.channel.id }, { token })).status).toBe(404);
    expect((await put(theirs.ticketId, { queueId: t.queue.id }, token)).body.error).toBe('ERR_NO_QUEUE_FOUND');
    expect((await put(theirs.ticketId, { userId: t.agent.id }, token)).body.error).toBe('ERR_NO_USER_FOUND');

    const after = await api.get(`/tickets/${ticketId}`, { token: t.admin.token });
    expect(after.body).toMatchObject({ status: 'pending', whatsappId: t.channel.id, integrationStatuses: {} });
    expect((await logsOf(ticketId)).map((l) => l.type)).toEqual(['created']);
  });
});

describe('farewell', () => {
  it('closes the ticket at once and sends the farewell message through the send job', async () => {
    const { ticketId } = await newTicket({ body: 'era só isso' });
    expect((await put(ticketId, { status: 'open' }, t.agent.token)).status).toBe(200);
    const started = Date.now();
    const response = await put(ticketId, { status: 'closed', farewellMessage: 'Obrigado!' }, t.agent.token);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'closed', lastMessage: 'Obrigado!' });
    expect(Date.now() - started).toBeLessThan(5_000);

    const sent = await eventually(
      async () => {
        const page = await api.get(`/messages/${ticketId}`, { token: t.agent.token });
        const farewell = page.body.messages.find((m: { body: string }) => m.body === 'Obrigado!');
        return farewell?.status === 'sent' ? farewell : undefined;
      },
      { timeoutMs: 15_000, intervalMs: 200 },
    );
    expect(sent).toMatchObject({
      body: 'Obrigado!',
      fromMe: true,
      status: 'sent',
      userId: t.agent.id,
      ticketId,
      messageId: expect.any(String),
    });
    expect(Date.now() - started).toBeLessThan(30_000);
    expect((await logsOf(ticketId)).at(-1)).toMatchObject({ type: 'resolved', userId: t.agent.id });
  });
});
