/**
 * GET /tickets: the attendance filter of SPEC §3 and the visibility of SPEC §6 per profile and per
 * setting (ViewTicketsWithoutQueue, NotViewAssignedTickets, NotViewTicketsChatBot,
 * DirectTicketsToWallets). The same rule answers GET /tickets/{id}.
 */
import { ticketSchema, type SettingKey } from '@conversa/shared';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  buildAgent,
  buildChannel,
  buildInboxTenant,
  inboundTicket,
  setSetting,
  setWallets,
  type Agent,
  type InboxTenant,
} from '../../../test/inbox.js';
import type { ChannelRow } from '../channels/channels.repository.js';
import { presentTicket } from './tickets.presenter.js';
import { findTicketView } from './tickets.repository.js';

let server: TestServer;
let api: Api;
let t: InboxTenant;
let supervisor: Agent;
let otherChannel: ChannelRow;
let noQueueChannel: ChannelRow;
/** The tickets of the scenario, by role. */
const ids = {} as Record<'unread' | 'mine' | 'otherQueue' | 'noQueue' | 'closed' | 'peers' | 'mineElsewhere' | 'chatbot', number>;

const get = (token: string, query = '') => api.get(`/tickets${query}`, { token });
const idsOf = (response: { body: { tickets: { id: number }[] } }) => response.body.tickets.map((x) => x.id).sort((a, b) => a - b);
const sorted = (...values: number[]) => [...values].sort((a, b) => a - b);

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  t = await buildInboxTenant(server);
  supervisor = await buildAgent(server, t.tenant.id, 'super');
  otherChannel = await buildChannel(server.ctx, t.tenant.id, { queueId: t.otherQueue.id });
  noQueueChannel = await buildChannel(server.ctx, t.tenant.id, { queueId: null });
  const tenantId = t.tenant.id;
  const put = async (id: number, body: unknown, token = t.admin.token) => {
    const response = await api.put(`/tickets/${id}`, body, { token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  };

  ids.closed = (
    await inboundTicket(server.ctx, { tenantId, channelId: t.channel.id }, { name: 'Carla Fechada', body: 'resolvido' })
  ).ticketId;
  await put(ids.closed, { status: 'closed' });
  ids.unread = (
    await inboundTicket(
      server.ctx,
      { tenantId, channelId: t.channel.id },
      { key: { number: '5511911112222' }, name: 'Maria Souza', body: 'oi' },
    )
  ).ticketId;
  await inboundTicket(
    server.ctx,
    { tenantId, channelId: t.channel.id },
    { key: { number: '5511911112222' }, name: 'Maria Souza', body: 'alguém?' },
  );
  ids.mine = (await inboundTicket(server.ctx, { tenantId, channelId: t.channel.id }, { name: 'João Lima' })).ticketId;
  await put(ids.mine, { status: 'open' }, t.agent.token);
  await api.get(`/messages/${ids.mine}`, { token: t.agent.token }); // read: unread 0
  ids.otherQueue = (await inboundTicket(server.ctx, { tenantId, channelId: otherChannel.id }, { name: 'Pedro Outra Fila' })).ticketId;
  ids.noQueue = (await inboundTicket(server.ctx, { tenantId, channelId: noQueueChannel.id }, { name: 'Ana Sem Fila' })).ticketId;
  ids.peers = (await inboundTicket(server.ctx, { tenantId, channelId: t.channel.id }, { name: 'Paulo do Colega' })).ticketId;
  await put(ids.peers, { status: 'open' }, t.peer.token);
  ids.mineElsewhere = (await inboundTicket(server.ctx, { tenantId, channelId: otherChannel.id }, { name: 'Rita Atribuída' })).ticketId;
  await put(ids.mineElsewhere, { status: 'open', userId: t.agent.id }); // the admin assigns it to the agent
  ids.chatbot = (await inboundTicket(server.ctx, { tenantId, channelId: t.channel.id }, { name: 'Bruno no Robô' })).ticketId;
  await server.ctx.db.execute(sql`update tickets set chat_flow_id = 7 where id = ${ids.chatbot}`);
});
afterAll(() => server?.close());

const VISIBILITY_SETTINGS: SettingKey[] = [
  'ViewTicketsWithoutQueue',
  'NotViewAssignedTickets',
  'NotViewTicketsChatBot',
  'DirectTicketsToWallets',
];
afterEach(async () => {
  for (const key of VISIBILITY_SETTINGS) await setSetting(server.ctx, t.tenant.id, key, 'disabled');
});

describe('GET /tickets: the attendance filter', () => {
  it('answers {tickets, count, hasMore} with open and pending tickets by default, newest activity first', async () => {
    const response = await get(t.admin.token, '?showAll=true');
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['count', 'hasMore', 'tickets']);
    expect(idsOf(response)).toEqual(sorted(ids.unread, ids.mine, ids.otherQueue, ids.noQueue, ids.peers, ids.mineElsewhere, ids.chatbot));
    expect(response.body).toMatchObject({ count: 7, hasMore: false });
    const updated = response.body.tickets.map((x: { updatedAt: string }) => Date.parse(x.updatedAt));
    expect(updated).toEqual([...updated].sort((a, b) => b - a));
    const maria = response.body.tickets.find((x: { id: number }) => x.id === ids.unread);
    expect(maria).toMatchObject({
      status: 'pending',
      name: 'Maria Souza',
      contact: { name: 'Maria Souza', number: '5511911112222' },
      unreadMessages: 2,
      lastMessage: 'alguém?',
      queueId: t.queue.id,
      whatsappId: t.channel.id,
      channel: 'webchat',
      userId: null,
    });
  });

  it('status=closed lists the resolved tickets only; several statuses combine', async () => {
    const closed = await get(t.admin.token, '?showAll=true&status=closed');
    expect(closed.status).toBe(200);
    expect(idsOf(closed)).toEqual([ids.closed]);
    expect(closed.body.tickets[0]).toMatchObject({ status: 'closed', name: 'Carla Fechada' });
    const openOnly = await get(t.admin.token, '?showAll=true&status=open');
    expect(idsOf(openOnly)).toEqual(sorted(ids.mine, ids.peers, ids.mineElsewhere));
    const both = await get(t.admin.token, '?showAll=true&status=open&status=closed');
    expect(idsOf(both)).toEqual(sorted(ids.mine, ids.peers, ids.mineElsewhere, ids.closed));
    const bad = await get(t.admin.token, '?status=archived');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
  });

  it('searchParam finds by contact name (any case, any part) and by number', async () => {
    expect(idsOf(await get(t.admin.token, '?showAll=true&searchParam=maria'))).toEqual([ids.unread]);
    expect(idsOf(await get(t.admin.token, '?showAll=true&searchParam=SOUZA'))).toEqual([ids.unread]);
    expect(idsOf(await get(t.admin.token, `?showAll=true&searchParam=${encodeURIComponent('91111-2222')}`))).toEqual([ids.unread]);
    expect(idsOf(await get(t.admin.token, '?showAll=true&searchParam=Carla'))).toEqual([]); // closed: not in the default statuses
    expect(idsOf(await get(t.admin.token, '?showAll=true&searchParam=Carla&status=closed'))).toEqual([ids.closed]);
    expect(idsOf(await get(t.admin.token, `?showAll=true&searchParam=${encodeURIComponent('100%_')}`))).toEqual([]);
    // A plain user's search stays within what the user sees.
    expect(idsOf(await get(t.agent.token, '?searchParam=Pedro'))).toEqual([]);
  });

  it('pages with pageNumber and count; count in the answer is the total, hasMore says whether a next page exists', async () => {
    const all = await get(t.admin.token, '?showAll=true');
    const pages = [];
    for (let page = 1; page <= 4; page++) pages.push(await get(t.admin.token, `?showAll=true&count=2&pageNumber=${page}`));
    expect(pages.map((p) => p.body.tickets.length)).toEqual([2, 2, 2, 1]);
    expect(pages.map((p) => p.body.hasMore)).toEqual([true, true, true, false]);
    expect(pages.map((p) => p.body.count)).toEqual([7, 7, 7, 7]);
    expect(pages.flatMap((p) => p.body.tickets.map((x: { id: number }) => x.id))).toEqual(
      all.body.tickets.map((x: { id: number }) => x.id),
    );
    const beyond = await get(t.admin.token, '?showAll=true&count=2&pageNumber=9');
    expect(beyond.body).toEqual({ tickets: [], count: 7, hasMore: false });
    expect((await get(t.admin.token, '?pageNumber=0')).status).toBe(400);
  });

  it('queuesIds, whatsappIds, selectedUser, withUnreadMessages, isNotAssignedUser, includeNotQueueDefined', async () => {
    const token = t.admin.token;
    expect(idsOf(await get(token, `?showAll=true&queuesIds=${t.otherQueue.id}`))).toEqual(sorted(ids.otherQueue, ids.mineElsewhere));
    expect(idsOf(await get(token, `?showAll=true&queuesIds=${JSON.stringify([t.queue.id, t.otherQueue.id])}`))).toEqual(
      sorted(ids.unread, ids.mine, ids.otherQueue, ids.peers, ids.mineElsewhere, ids.chatbot),
    );
    expect(idsOf(await get(token, `?showAll=true&whatsappIds=${noQueueChannel.id}`))).toEqual([ids.noQueue]);
    expect(idsOf(await get(token, `?showAll=true&whatsappIds=${otherChannel.id},${noQueueChannel.id}`))).toEqual(
      sorted(ids.otherQueue, ids.mineElsewhere, ids.noQueue),
    );
    expect(idsOf(await get(token, `?showAll=true&selectedUser=${t.agent.id}`))).toEqual(sorted(ids.mine, ids.mineElsewhere));
    const unread = await get(token, '?showAll=true&withUnreadMessages=true');
    expect(idsOf(unread)).toEqual(sorted(ids.unread, ids.otherQueue, ids.noQueue, ids.peers, ids.mineElsewhere, ids.chatbot));
    expect(unread.body.tickets.every((x: { unreadMessages: number }) => x.unreadMessages > 0)).toBe(true);
    expect(idsOf(await get(token, '?showAll=true&isNotAssignedUser=true'))).toEqual(
      sorted(ids.unread, ids.otherQueue, ids.noQueue, ids.chatbot),
    );
    // With showAll=false an admin sees its queues (none), tickets without queue, and its own; includeNotQueueDefined=false drops those without queue.
    expect(idsOf(await get(token, '?showAll=false'))).toEqual([ids.noQueue]);
    expect(idsOf(await get(token, '?showAll=false&includeNotQueueDefined=false'))).toEqual([]);
    // Filters narrow a plain user's view, never widen it.
    expect(idsOf(await get(t.agent.token, `?queuesIds=${t.otherQueue.id}`))).toEqual([ids.mineElsewhere]);
    expect(idsOf(await get(t.agent.token, `?selectedUser=${t.peer.id}`))).toEqual([ids.peers]);
  });
});

describe('visibility per profile (SPEC §6)', () => {
  it("a user sees the tickets of their queues and their own, not other queues' nor tickets without queue", async () => {
    const response = await get(t.agent.token);
    expect(response.status).toBe(200);
    expect(idsOf(response)).toEqual(sorted(ids.unread, ids.mine, ids.peers, ids.mineElsewhere, ids.chatbot));
    expect(response.body.count).toBe(5);
    const outsider = await get(t.outsider.token);
    expect(idsOf(outsider)).toEqual(sorted(ids.otherQueue, ids.mineElsewhere)); // their queue, whoever handles it

    for (const id of [ids.otherQueue, ids.noQueue]) {
      const single = await api.get(`/tickets/${id}`, { token: t.agent.token });
      expect(single.status).toBe(403);
      expect(single.body.error).toBe('ERR_NO_PERMISSION');
    }
    expect((await api.get(`/tickets/${ids.mineElsewhere}`, { token: t.agent.token })).status).toBe(200);
  });

  it('showAll is honoured only for admin and super: a plain user with showAll=true still sees only their tickets', async () => {
    expect(idsOf(await get(t.agent.token, '?showAll=true'))).toEqual(idsOf(await get(t.agent.token)));
    const everything = sorted(ids.unread, ids.mine, ids.otherQueue, ids.noQueue, ids.peers, ids.mineElsewhere, ids.chatbot);
    expect(idsOf(await get(t.admin.token, '?showAll=true'))).toEqual(everything);
    expect(idsOf(await get(supervisor.token, '?showAll=true'))).toEqual(everything);
    for (const token of [t.admin.token, supervisor.token]) {
      expect((await api.get(`/tickets/${ids.otherQueue}`, { token })).status).toBe(200);
    }
  });

  it('admins and supervisors in no queue see every queue by default (pending ones included) and may narrow by queue or to their own scope', async () => {
    const everything = sorted(ids.unread, ids.mine, ids.otherQueue, ids.noQueue, ids.peers, ids.mineElsewhere, ids.chatbot);
    for (const token of [t.admin.token, supervisor.token]) {
      const inbox = await get(token);
      expect(inbox.status).toBe(200);
      expect(idsOf(inbox)).toEqual(everything);
      expect(inbox.body.count).toBe(everything.length);
      const waiting = await get(token, '?status=pending');
      expect(idsOf(waiting)).toEqual(sorted(ids.unread, ids.otherQueue, ids.noQueue, ids.chatbot));
      expect(idsOf(await get(token, `?queuesIds=${t.otherQueue.id}`))).toEqual(sorted(ids.otherQueue, ids.mineElsewhere));
      expect(idsOf(await get(token, '?showAll=false'))).toEqual([ids.noQueue]);
    }
    // Clearing the unread counters follows the same default (a fresh tenant: nothing else is touched).
    const x = await buildInboxTenant(server);
    const waiting = await inboundTicket(server.ctx, { tenantId: x.tenant.id, channelId: x.channel.id });
    expect((await api.get('/ticketsMarkAllUnread?showAll=false', { token: x.admin.token })).body).toEqual({ updated: 0 });
    expect((await api.get('/ticketsMarkAllUnread', { token: x.admin.token })).body).toEqual({ updated: 1 });
    expect((await api.get(`/tickets/${waiting.ticketId}`, { token: x.admin.token })).body.unreadMessages).toBe(0);
  });

  it('ViewTicketsWithoutQueue shows the tickets without queue to plain users', async () => {
    await setSetting(server.ctx, t.tenant.id, 'ViewTicketsWithoutQueue', 'enabled');
    expect(idsOf(await get(t.agent.token))).toEqual(sorted(ids.unread, ids.mine, ids.noQueue, ids.peers, ids.mineElsewhere, ids.chatbot));
    expect(idsOf(await get(t.agent.token, '?includeNotQueueDefined=false'))).not.toContain(ids.noQueue);
    expect((await api.get(`/tickets/${ids.noQueue}`, { token: t.agent.token })).status).toBe(200);
    expect(idsOf(await get(t.outsider.token))).toEqual(sorted(ids.otherQueue, ids.noQueue, ids.mineElsewhere));
  });

  it('NotViewAssignedTickets hides tickets assigned to others (own and unassigned stay); admins are not affected', async () => {
    await setSetting(server.ctx, t.tenant.id, 'NotViewAssignedTickets', 'enabled');
    expect(idsOf(await get(t.agent.token))).toEqual(sorted(ids.unread, ids.mine, ids.mineElsewhere, ids.chatbot));
    const peerView = await get(t.peer.token);
    expect(idsOf(peerView)).toEqual(sorted(ids.unread, ids.peers, ids.chatbot));
    const single = await api.get(`/tickets/${ids.mine}`, { token: t.peer.token });
    expect(single.status).toBe(403);
    expect(single.body.error).toBe('ERR_NO_PERMISSION');
    expect(idsOf(await get(t.admin.token, '?showAll=true'))).toContain(ids.mine);
  });

  it('NotViewTicketsChatBot hides tickets held by a chatbot flow without a user', async () => {
    await setSetting(server.ctx, t.tenant.id, 'NotViewTicketsChatBot', 'enabled');
    expect(idsOf(await get(t.agent.token))).toEqual(sorted(ids.unread, ids.mine, ids.peers, ids.mineElsewhere));
    expect((await api.get(`/tickets/${ids.chatbot}`, { token: t.agent.token })).status).toBe(403);
    expect(idsOf(await get(supervisor.token, '?showAll=true'))).toContain(ids.chatbot);
  });

  it("DirectTicketsToWallets: a wallet contact's ticket is seen by the wallet owner only (besides admins)", async () => {
    const { tenantId } = { tenantId: t.tenant.id };
    const { contactId, ticketId } = await inboundTicket(server.ctx, { tenantId, channelId: t.channel.id }, { name: 'Cliente VIP' });
    await setWallets(server.ctx, tenantId, contactId, [t.peer.id]);
    // Off: the wallet does not matter.
    expect(idsOf(await get(t.agent.token))).toContain(ticketId);
    await setSetting(server.ctx, tenantId, 'DirectTicketsToWallets', 'enabled');
    expect(idsOf(await get(t.agent.token))).not.toContain(ticketId);
    expect((await api.get(`/tickets/${ticketId}`, { token: t.agent.token })).status).toBe(403);
    expect(idsOf(await get(t.peer.token))).toContain(ticketId);
    expect(idsOf(await get(t.admin.token, '?showAll=true'))).toContain(ticketId);
    // Contacts without a wallet are unaffected.
    expect(idsOf(await get(t.agent.token))).toContain(ids.unread);
    await api.put(`/tickets/${ticketId}`, { status: 'closed' }, { token: t.admin.token });
  });
});

describe('tenant isolation', () => {
  it("another tenant's agents see none of these tickets, and their ids answer 404", async () => {
    const other = await buildInboxTenant(server);
    const list = await get(other.admin.token, '?showAll=true&status=open&status=pending&status=closed');
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ tickets: [], count: 0, hasMore: false });
    for (const path of [`/tickets/${ids.unread}`, `/tickets/${ids.unread}/logs`, `/messages/${ids.unread}`]) {
      const response = await api.get(path, { token: other.admin.token });
      expect(response.status, path).toBe(404);
      expect(response.body.error).toBe('ERR_NO_TICKET_FOUND');
    }
    const update = await api.put(`/tickets/${ids.unread}`, { status: 'open' }, { token: other.admin.token });
    expect(update.status).toBe(404);
    expect(update.body.error).toBe('ERR_NO_TICKET_FOUND');
    // Filters naming another tenant's queue, channel or user find nothing.
    expect(
      idsOf(await get(other.admin.token, `?showAll=true&queuesIds=${t.queue.id}&whatsappIds=${t.channel.id}&selectedUser=${t.agent.id}`)),
    ).toEqual([]);
    // And nothing was changed.
    expect((await api.get(`/tickets/${ids.unread}`, { token: t.admin.token })).body).toMatchObject({ status: 'pending', userId: null });
  });
});

describe('GET /tickets: the page is presented by the database (TICKET_LIST_JSON)', () => {
  it('answers each ticket exactly as presentTicket does (GET /tickets/{id}), fields of every kind set and unset', async () => {
    // Every kind of value the presenter maps: a numeric with decimals, a rating, a chat flow, a
    // group, integration flags, timestamps with microseconds, a blocked contact with e-mail and
    // picture, an assigned user; the other tickets keep their nulls and defaults.
    await server.ctx.db.execute(
      sql`update tickets set value = 1234.5, rating = 4, is_group = true, chat_flow_id = 3,
        integration_statuses = '{"typebotStatus": true, "difyStatus": false}'::jsonb,
        last_message = ${'aspas " barra \\ nova\nlinha \u0001 ✓ 😀'},
        last_message_at = '2026-03-04 05:06:07.891999+00', created_at = '2026-01-02 03:04:05.000001+00'
        where id = ${ids.mine}`,
    );
    await server.ctx.db.execute(
      sql`update contacts set blocked = true, email = 'joao@example.com', profile_pic_url = 'https://example.com/p.png'
        where id = (select contact_id from tickets where id = ${ids.mine})`,
    );
    await server.ctx.db.execute(sql`update tickets set value = 0.1, last_message_at = null where id = ${ids.closed}`);
    // A kanban lane whose name needs escaping in JSON.
    await server.ctx.db.execute(
      sql`with lane as (insert into lanes (tenant_id, name, position) values (${t.tenant.id}, ${'Negociação "quente" \\ ✓'}, 0) returning id)
        update tickets set lane_id = (select id from lane) where id = ${ids.mine}`,
    );
    // Tags, ordered by name whatever their case, an inactive one included (it stays on history).
    await server.ctx.db.execute(
      sql`with made as (insert into tags (tenant_id, name, color, is_active) values
          (${t.tenant.id}, 'vip', '#ff0000', true), (${t.tenant.id}, 'Atrasado "urgente"', '#00ff00', false) returning id)
        insert into ticket_tags (tenant_id, ticket_id, tag_id) select ${t.tenant.id}, ${ids.mine}, id from made`,
    );
    const response = await get(t.admin.token, '?showAll=true&status=open&status=pending&status=closed');
    expect(response.status).toBe(200);
    expect(response.body.tickets.length).toBeGreaterThanOrEqual(8);
    for (const listed of response.body.tickets as { id: number }[]) {
      const view = await findTicketView(server.ctx.db, t.tenant.id, listed.id);
      expect(listed).toStrictEqual(JSON.parse(JSON.stringify(presentTicket(view!))));
      // Same keys in the same order, and the response schema holds.
      expect(Object.keys(listed)).toEqual(Object.keys(presentTicket(view!)));
      expect(ticketSchema.strict().parse(listed)).toEqual(listed);
    }
    const mine = response.body.tickets.find((x: { id: number }) => x.id === ids.mine);
    expect(mine).toMatchObject({
      value: 1234.5,
      rating: 4,
      isGroup: true,
      lastMessageAt: '2026-03-04T05:06:07.891Z',
      createdAt: '2026-01-02T03:04:05.000Z',
      integrationStatuses: { typebotStatus: true, difyStatus: false },
      contact: { blocked: true, email: 'joao@example.com', profilePicUrl: 'https://example.com/p.png' },
      kanban: { id: expect.any(Number), name: 'Negociação "quente" \\ ✓' },
    });
    expect(response.body.tickets.find((x: { id: number }) => x.id === ids.closed)).toMatchObject({ kanban: null });
    expect(mine.tags.map((tag: { name: string }) => tag.name)).toEqual(['Atrasado "urgente"', 'vip']);
    expect(response.body.tickets.find((x: { id: number }) => x.id === ids.closed)).toMatchObject({ value: 0.1, lastMessageAt: null });
  });
});
