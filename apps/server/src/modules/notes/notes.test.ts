/**
 * Internal notes (issue 11; SPEC Note: note, user, ticket, date): added by whoever sees the ticket,
 * pushed live to exactly the agents who may see it (the tickets policy's rooms), edited and
 * deleted by their author or an admin, listed on /notas only for the tickets the reader may see,
 * a durable note.created event with what a mention's notification needs — and never a message:
 * no channel adapter (Meta Cloud API simulator, web-chat visitor) ever receives one.
 */
import { randomInt } from 'node:crypto';
import { NOTE_SOCKET_EVENT } from '@conversa/shared';
import { startMetaCloudSimulator, type MetaCloudSimulator } from '@conversa/simulators';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  type Agent,
  buildAgent,
  buildInboxTenant,
  closeAllSockets,
  connectAgent,
  connectWabaChannel,
  count,
  eventually,
  inboundTicket,
  type InboxTenant,
  rows,
  setSetting,
} from '../../../test/inbox.js';
import { expectNothingBefore } from '../../../test/markers.js';
import { connectSocket, startVisitor } from '../channels/adapters/webchat/webchat.fixtures.js';
import { WEBCHAT_EVENTS } from '../channels/adapters/webchat/webchat.schemas.js';

let server: TestServer;
let api: Api;
let t: InboxTenant;
let other: InboxTenant;
let supervisor: Agent;
let sim: MetaCloudSimulator;

beforeAll(async () => {
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  api = new Api(server.url);
  sim = await startMetaCloudSimulator({ displayPhoneNumber: '5511930000001' });
  t = await buildInboxTenant(server);
  other = await buildInboxTenant(server);
  supervisor = await buildAgent(server, t.tenant.id, 'super');
});
afterAll(async () => {
  closeAllSockets();
  await sim?.settle();
  await sim?.close();
  await server?.close();
});

const addNote = (token: string, ticketId: number, note: string, mentionedUserIds?: number[]) =>
  api.post(`/tickets/${ticketId}/notes`, { note, mentionedUserIds }, { token });

const queueTicket = (tenant: InboxTenant, options: Parameters<typeof inboundTicket>[2] = {}) =>
  inboundTicket(server.ctx, { tenantId: tenant.tenant.id, channelId: tenant.channel.id }, options);

describe('a note on a ticket', () => {
  it('is added by an agent who sees the ticket and read back in its timeline with its author', async () => {
    const { ticketId } = await queueTicket(t);
    const created = await addNote(t.agent.token, ticketId, '  Cliente pediu retorno amanhã  ', [t.peer.id]);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      ticketId,
      note: 'Cliente pediu retorno amanhã',
      userId: t.agent.id,
      username: t.agent.name,
      mentionedUserIds: [t.peer.id],
    });
    const second = await addNote(t.peer.token, ticketId, 'Combinado');
    const list = await api.get(`/tickets/${ticketId}/notes`, { token: t.agent.token });
    expect(list.status).toBe(200);
    expect(list.body.map((n: { id: number }) => n.id)).toEqual([created.body.id, second.body.id]);
    // Not a message: the ticket's messages and last message are untouched.
    const messages = await api.get(`/messages/${ticketId}`, { token: t.agent.token });
    expect(messages.body.messages.map((m: { body: string }) => m.body)).not.toContain('Cliente pediu retorno amanhã');
    expect(await count(server.ctx, sql`select count(*) from messages where body like '%retorno amanhã%'`)).toBe(0);
  });

  it("is refused on a ticket the user may not see, another tenant's ticket, with another tenant's user mentioned, or empty", async () => {
    const { ticketId } = await queueTicket(t);
    expect((await addNote(t.outsider.token, ticketId, 'x')).status).toBe(403);
    const foreign = await addNote(other.admin.token, ticketId, 'x');
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('ERR_NO_TICKET_FOUND');
    const badMention = await addNote(t.agent.token, ticketId, 'olá @alguém', [other.agent.id]);
    expect(badMention.status).toBe(404);
    expect(badMention.body.error).toBe('ERR_NO_USER_FOUND');
    expect((await addNote(t.agent.token, ticketId, '   ')).status).toBe(400);
    expect((await addNote(t.agent.token, ticketId, 'x'.repeat(4001))).status).toBe(400);
    expect((await api.get(`/tickets/${ticketId}/notes`, { token: t.outsider.token })).status).toBe(403);
    expect(await count(server.ctx, sql`select count(*) from ticket_notes where ticket_id = ${ticketId}`)).toBe(0);
  });

  it('records a durable note.created with the tenant, note, ticket, author, mentions and an excerpt', async () => {
    const { ticketId } = await queueTicket(t);
    const text = `@${t.peer.name} veja isto: ${'detalhe '.repeat(40)}`;
    const created = await addNote(t.agent.token, ticketId, text, [t.peer.id, supervisor.id, t.peer.id]);
    expect(created.status).toBe(201);
    expect(created.body.mentionedUserIds).toEqual([t.peer.id, supervisor.id]);
    const [event] = await rows(
      server.ctx,
      sql`select tenant_id, payload from domain_events where type = 'note.created' and (payload->>'noteId')::int = ${created.body.id}`,
    );
    expect(event?.tenant_id).toBe(t.tenant.id);
    const payload = event?.payload as Record<string, unknown>;
    expect(payload).toMatchObject({
      type: 'note.created',
      tenantId: t.tenant.id,
      noteId: created.body.id,
      ticketId,
      authorId: t.agent.id,
      mentionedUserIds: [t.peer.id, supervisor.id],
    });
    expect(String(payload.excerpt).length).toBeLessThanOrEqual(140);
    expect(String(payload.excerpt).startsWith(`@${t.peer.name} veja isto: detalhe`)).toBe(true);
  });

  it('is edited and deleted by its author or an admin, not by a colleague; another tenant finds no such note', async () => {
    const { ticketId } = await queueTicket(t);
    const note = (await addNote(t.agent.token, ticketId, 'Primeira versão')).body;
    const byPeer = await api.put(`/notes/${note.id}`, { note: 'Invasão' }, { token: t.peer.token });
    expect(byPeer.status).toBe(403);
    expect((await api.put(`/notes/${note.id}`, { note: 'x' }, { token: other.admin.token })).body.error).toBe('ERR_NO_NOTE_FOUND');
    const edited = await api.put(`/notes/${note.id}`, { note: 'Segunda versão', mentionedUserIds: [t.peer.id] }, { token: t.agent.token });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ note: 'Segunda versão', mentionedUserIds: [t.peer.id], userId: t.agent.id });
    const byAdmin = await api.put(`/notes/${note.id}`, { note: 'Revisada pelo admin' }, { token: t.admin.token });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ note: 'Revisada pelo admin', userId: t.agent.id, mentionedUserIds: [t.peer.id] });
    expect((await api.delete(`/notes/${note.id}`, { token: t.peer.token })).status).toBe(403);
    expect((await api.delete(`/notes/${note.id}`, { token: other.admin.token })).status).toBe(404);
    expect((await api.delete(`/notes/${note.id}`, { token: t.agent.token })).status).toBe(204);
    expect((await api.delete(`/notes/${note.id}`, { token: t.agent.token })).status).toBe(404);
    const another = (await addNote(t.agent.token, ticketId, 'Outra')).body;
    expect((await api.delete(`/notes/${another.id}`, { token: t.admin.token })).status).toBe(204);
    expect((await api.get(`/tickets/${ticketId}/notes`, { token: t.agent.token })).body).toEqual([]);
  });
});

describe('live', () => {
  it('reaches the agents who may see the ticket (its queue, admins), never an agent of another queue or tenant', async () => {
    const [peer, admin, outsider, foreign] = await Promise.all([
      connectAgent(server.url, t.peer.token),
      connectAgent(server.url, t.admin.token),
      connectAgent(server.url, t.outsider.token),
      connectAgent(server.url, other.admin.token),
    ]);
    const { ticketId } = await queueTicket(t);
    const created = (await addNote(t.agent.token, ticketId, 'Só para a equipe')).body;
    const isOurs = (p: { note?: { id: number } }) => p.note?.id === created.id;
    const [toPeer, toAdmin] = await Promise.all([peer.waitFor(NOTE_SOCKET_EVENT, isOurs), admin.waitFor(NOTE_SOCKET_EVENT, isOurs)]);
    expect(toPeer).toEqual({ action: 'create', note: created });
    expect(toAdmin).toEqual({ action: 'create', note: created });

    await api.put(`/notes/${created.id}`, { note: 'Só para a equipe (editada)' }, { token: t.agent.token });
    await peer.waitFor(NOTE_SOCKET_EVENT, (p) => p.action === 'update' && p.note.id === created.id && p.note.note.endsWith('(editada)'));
    await api.delete(`/notes/${created.id}`, { token: t.agent.token });
    expect(await peer.waitFor(NOTE_SOCKET_EVENT, (p) => p.action === 'delete' && p.noteId === created.id)).toEqual({
      action: 'delete',
      noteId: created.id,
      ticketId,
    });
    // Pushed after the note's pushes reached the peer: had the outsider or the other tenant been sent any, it would be here.
    await expectNothingBefore(server.url, t.admin.token, { outsider });
    await expectNothingBefore(server.url, other.admin.token, { foreign });
  });
});

describe('never sent to the customer', () => {
  it('a note on a WhatsApp Cloud API ticket never reaches Meta; the reply after it does', async () => {
    await connectWabaChannel(server, t, sim, 'WABA notas');
    const from = `55119${randomInt(60_000_000, 99_999_999)}`;
    const delivery = await sim.sendInbound({ type: 'text', from, name: 'Cliente WABA', text: 'Olá' });
    expect(delivery.status).toBe(200);
    const [message] = await rows(server.ctx, sql`select ticket_id from messages where external_id = ${delivery.messageId}`);
    const ticketId = Number(message.ticket_id);

    expect((await addNote(t.admin.token, ticketId, 'NOTA-SECRETA-WABA')).status).toBe(201);
    const reply = await api.post(`/messages/${ticketId}`, { body: 'Resposta ao cliente' }, { token: t.admin.token });
    expect(reply.status).toBe(201);
    await eventually(async () => sim.sent.some((m) => JSON.stringify(m.payload).includes('Resposta ao cliente')), {
      what: 'the reply at Meta',
    });
    expect(sim.sent.filter((m) => JSON.stringify(m.payload).includes('NOTA-SECRETA'))).toEqual([]);
    expect(await count(server.ctx, sql`select count(*) from messages where body like '%NOTA-SECRETA%'`)).toBe(0);
    expect(await count(server.ctx, sql`select count(*) from pgboss.job where data::text like '%NOTA-SECRETA%'`)).toBe(0);
  });

  it("a note on a web-chat ticket never reaches the visitor's socket nor history; the reply after it does", async () => {
    const visitor = await startVisitor(api, t.channel.publicKey);
    const socket = await connectSocket(`${server.url}/webchat`, visitor.token);
    expect((await visitor.post('Oi, preciso de ajuda')).status).toBe(201);
    const [row] = await rows(
      server.ctx,
      sql`select t.id from tickets t join contacts c on c.id = t.contact_id where c.external_key = ${`webchat:${visitor.visitorId}`}`,
    );
    const ticketId = Number(row.id);
    expect((await addNote(t.agent.token, ticketId, 'NOTA-SECRETA-WEBCHAT')).status).toBe(201);
    expect((await api.post(`/messages/${ticketId}`, { body: 'Olá! Como posso ajudar?' }, { token: t.agent.token })).status).toBe(201);
    await eventually(async () => socket.of(WEBCHAT_EVENTS.message).some((m: { body?: string }) => m.body === 'Olá! Como posso ajudar?'), {
      what: "the reply on the visitor's socket",
    });
    expect(JSON.stringify(socket.events)).not.toContain('NOTA-SECRETA');
    const history = await visitor.history();
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).not.toContain('NOTA-SECRETA');
    socket.close();
  });
});

describe('GET /notes', () => {
  it('lists only the notes of tickets the reader may see, per profile and setting, with search by text, author and day', async () => {
    const own = await buildInboxTenant(server);
    const ownSupervisor = await buildAgent(server, own.tenant.id, 'super');
    const inQueue = await queueTicket(own, { name: 'Paula Fila' });
    const otherQueueTicket = await inboundTicket(
      server.ctx,
      { tenantId: own.tenant.id, channelId: own.channel.id },
      { name: 'Otávio Outra' },
    );
    // The second ticket goes to the other queue (the outsider's).
    await api.put(`/tickets/${otherQueueTicket.ticketId}`, { queueId: own.otherQueue.id }, { token: own.admin.token });
    const a = (await addNote(own.agent.token, inQueue.ticketId, 'Pedido de orçamento')).body;
    const b = (await addNote(own.admin.token, otherQueueTicket.ticketId, 'Reclamação sobre entrega')).body;
    const idsFor = async (token: string, query = '') => {
      const response = await api.get(`/notes${query}`, { token });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.notes.map((n: { id: number }) => n.id);
    };
    expect(await idsFor(own.admin.token)).toEqual([b.id, a.id]);
    expect(await idsFor(ownSupervisor.token)).toEqual([b.id, a.id]);
    expect(await idsFor(own.agent.token)).toEqual([a.id]);
    expect(await idsFor(own.outsider.token)).toEqual([b.id]);
    expect(await idsFor(t.admin.token, '?searchParam=Reclama')).not.toContain(b.id);

    const [item] = (await api.get('/notes?searchParam=orçamento', { token: own.admin.token })).body.notes;
    expect(item).toMatchObject({ id: a.id, ticketId: inQueue.ticketId, contact: { name: 'Paula Fila' }, username: own.agent.name });
    expect(item.protocol).toMatch(/^\d{14}$/);
    expect(await idsFor(own.admin.token, '?searchParam=otávio')).toEqual([b.id]);
    expect(await idsFor(own.admin.token, `?userId=${own.agent.id}`)).toEqual([a.id]);
    expect(await idsFor(own.admin.token, '?dateTo=2001-01-01')).toEqual([]);
    expect(await idsFor(own.admin.token, '?dateFrom=2001-01-01&dateTo=2999-12-31')).toEqual([b.id, a.id]);

    // NotViewAssignedTickets: the ticket taken by the peer leaves the agent's view (and its notes with it).
    await api.put(`/tickets/${inQueue.ticketId}`, { userId: own.peer.id, status: 'open' }, { token: own.admin.token });
    expect(await idsFor(own.agent.token)).toEqual([a.id]);
    await setSetting(server.ctx, own.tenant.id, 'NotViewAssignedTickets', 'enabled');
    expect(await idsFor(own.agent.token)).toEqual([]);
    expect(await idsFor(own.peer.token)).toEqual([a.id]);
    expect(await idsFor(own.admin.token)).toEqual([b.id, a.id]);
    await setSetting(server.ctx, own.tenant.id, 'NotViewAssignedTickets', 'disabled');

    expect((await api.get('/notes?dateFrom=2026-06-02&dateTo=2026-06-01', { token: own.admin.token })).status).toBe(400);
  });
});

describe('mentions in a note', () => {
  const bell = async (token: string) =>
    (await api.get('/notifications', { token })).body as {
      notifications: { message: string; content: unknown; link: string | null }[];
      unread: number;
    };

  it("notify the mentioned users who may see the ticket, with the note's start and a link to it; never the author nor a user the ticket is hidden from", async () => {
    const { ticketId } = await queueTicket(t);
    const created = await addNote(t.agent.token, ticketId, 'Cliente VIP: @Peer confirme o desconto', [
      t.peer.id,
      t.outsider.id,
      t.agent.id,
    ]);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const mentioned = await eventually(async () => {
      const list = await bell(t.peer.token);
      return list.notifications.find((n) => n.link === `/atendimento/${ticketId}`) ? list : undefined;
    });
    // A kind and its params (the reader's app words it in their language); `message` worded in the call's (pt without Accept-Language).
    expect(mentioned.notifications.find((n) => n.link === `/atendimento/${ticketId}`)).toMatchObject({
      message: `${t.agent.name} mencionou você em uma nota interna: “Cliente VIP: @Peer confirme o desconto”`,
      content: { kind: 'note.mention', params: { author: t.agent.name, excerpt: 'Cliente VIP: @Peer confirme o desconto' } },
    });
    // One consumer run decided every recipient: the peer's notification is the marker that it ran.
    expect((await bell(t.outsider.token)).notifications.filter((n) => n.link === `/atendimento/${ticketId}`)).toEqual([]);
    expect((await bell(t.agent.token)).notifications.filter((n) => n.link === `/atendimento/${ticketId}`)).toEqual([]);
  });
});
