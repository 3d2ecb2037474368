import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Api } from '../../../../../test/api.js';
import { count } from '../../../../../test/inbox.js';
import { startTestServer, type TestServer } from '../../../../../test/harness.js';
import { findContactById } from '../../../contacts/contacts.repository.js';
import { findMessageById, findMessagesByIds } from '../../../messages/messages.repository.js';
import { sendMessage } from '../../../messages/use-cases/send-message.js';
import { buildWebchatSetup, connectSocket, startVisitor, type RecordingSocket, type WebchatSetup } from './webchat.fixtures.js';

// The visitor's way in: session → message → ticket in the agents' inbox (live), the agent's reply
// through the durable send job → the visitor's socket; resends and concurrent first messages.

let server: TestServer;
let api: Api;
let setup: WebchatSetup;
const sockets: RecordingSocket[] = [];

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
  api = new Api(server.url);
  setup = await buildWebchatSetup(server, api);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
});

const track = (socket: RecordingSocket) => {
  sockets.push(socket);
  return socket;
};

async function ticketsOf(contactId: number) {
  const response = await api.get('/tickets?status=open,pending&showAll=true&count=100', { token: setup.admin.token });
  expect(response.status).toBe(200);
  return (response.body.tickets as any[]).filter((ticket) => ticket.contactId === contactId);
}

describe('web chat: a visitor and an agent talk', () => {
  let visitor: Awaited<ReturnType<typeof startVisitor>>;
  let visitorSocket: RecordingSocket;
  let agentSocket: RecordingSocket;
  let ticketId: number;
  let contactId: number;

  it('the widget reads the channel config, and a session gives the visitor a token', async () => {
    const config = await api.get(`/webchat/${setup.channel.publicKey}/config`);
    expect(config.status).toBe(200);
    expect(config.body).toEqual({ color: '#228be6' });

    visitor = await startVisitor(api, setup.channel.publicKey, {
      name: 'Ana Visitante',
      email: 'ana@example.test',
      phone: '+55 11 91234-5678',
    });
    expect(visitor.visitorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(visitor.token.startsWith(`${visitor.visitorId}.`)).toBe(true);
  });

  it("a visitor's first message makes a pending ticket that agents receive live", async () => {
    agentSocket = track(await connectSocket(server.url, setup.admin.token));
    visitorSocket = track(await connectSocket(`${server.url}/webchat`, visitor.token));

    const clientId = randomUUID();
    const posted = await visitor.post('Olá, <b>preciso</b> de ajuda', clientId);
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({
      clientId,
      from: 'visitor',
      body: 'Olá, <b>preciso</b> de ajuda',
      status: 'received',
      deleted: false,
    });
    // The visitor's view carries no agent, ticket or contact ids.
    expect(Object.keys(posted.body).sort()).toEqual([
      'body',
      'clientId',
      'createdAt',
      'deleted',
      'edited',
      'from',
      'id',
      'mediaName',
      'mediaType',
      'mediaUrl',
      'status',
      'updatedAt',
    ]);

    const stored = await findMessageById(server.ctx.db, setup.tenantId, posted.body.id);
    expect(stored).toMatchObject({ fromMe: false, channelId: setup.channel.id, ticketId: expect.any(Number) });
    ticketId = stored!.ticketId!;
    contactId = stored!.contactId;

    const tickets = await ticketsOf(contactId);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({
      id: ticketId,
      status: 'pending',
      unreadMessages: 1,
      queueId: setup.queueId,
      whatsappId: setup.channel.id,
      contact: { name: 'Ana Visitante', email: 'ana@example.test' },
    });
    // The phone is the visitor's claim: kept as extra info, never as the contact's number.
    const contact = await findContactById(server.ctx.db, setup.tenantId, contactId);
    expect(contact?.extraInfo).toEqual([{ name: 'Phone (web chat)', value: '+55 11 91234-5678' }]);
    expect(contact?.number ?? '').not.toContain('91234');

    await vi.waitFor(() => {
      expect(agentSocket.of('ticket').some((e) => e.ticket?.id === ticketId && e.action === 'create')).toBe(true);
      expect(
        agentSocket.of('appMessage').some((e) => e.message?.id === posted.body.id && e.message.body === 'Olá, <b>preciso</b> de ajuda'),
      ).toBe(true);
    });
    // The visitor's own sockets get the message too (other tabs; an ack if the HTTP answer was lost).
    await vi.waitFor(() => expect(visitorSocket.of('message').some((m) => m.id === posted.body.id && m.clientId === clientId)).toBe(true));
  });

  it("the agent's reply is delivered by storing it: sent at once, no send job, pushed once to the visitor's socket", async () => {
    const reply = await sendMessage(server.ctx, setup.admin.actor, ticketId, { body: 'Oi Ana! Como posso ajudar?' });
    expect(reply).toMatchObject({ status: 'sent', externalId: `out:${reply.id}`, ack: 1 });

    await vi.waitFor(() => expect(visitorSocket.of('message').some((m) => m.id === reply.id)).toBe(true), { timeout: 15_000 });
    const pushed = visitorSocket.of('message').find((m) => m.id === reply.id);
    expect(pushed).toMatchObject({ from: 'agent', body: 'Oi Ana! Como posso ajudar?', clientId: null, status: 'sent' });
    expect(pushed.userId).toBeUndefined();

    expect(
      await count(server.ctx, sql`select count(*) from pgboss.job where name = 'message.send' and data->>'messageId' = ${reply.id}`),
    ).toBe(0);
    // Once: the relay of the reply's event is the only push (drained: every relay of this process is done).
    await server.ctx.events.drain();
    expect(visitorSocket.of('message').filter((m) => m.id === reply.id)).toHaveLength(1);
    // Replying started attending the ticket.
    expect((await ticketsOf(contactId))[0]).toMatchObject({ status: 'open', userId: setup.admin.id });
  });

  it('history lists the conversation in order; `since` catches up what a disconnected widget missed', async () => {
    const all = await visitor.history();
    expect(all.status).toBe(200);
    expect(all.body.messages.map((m) => m.from)).toEqual(['visitor', 'agent']);
    expect(all.body.hasMore).toBe(false);

    // The visitor goes offline; the agent writes twice; the widget comes back and asks since the last it saw.
    visitorSocket.close();
    const lastSeen = all.body.messages.at(-1)!.updatedAt;
    const missed = [
      await sendMessage(server.ctx, setup.admin.actor, ticketId, { body: 'Ainda está aí?' }),
      await sendMessage(server.ctx, setup.admin.actor, ticketId, { body: 'Fico no aguardo.' }),
    ];
    await vi.waitFor(
      async () => {
        for (const m of missed) expect((await findMessageById(server.ctx.db, setup.tenantId, m.id))?.status).toBe('sent');
      },
      { timeout: 15_000 },
    );
    const caughtUp = await visitor.history(lastSeen);
    expect(caughtUp.status).toBe(200);
    const ids = caughtUp.body.messages.map((m) => m.id);
    for (const m of missed) expect(ids).toContain(m.id);
    expect(caughtUp.body.messages.find((m) => m.id === missed[0].id)).toMatchObject({ status: 'sent', body: 'Ainda está aí?' });

    const later = await visitor.history(new Date(Date.now() + 60_000).toISOString());
    expect(later.body.messages).toEqual([]);
  });

  it('an edit or deletion by the agent reaches the visitor as message:update', async () => {
    const socket = track(await connectSocket(`${server.url}/webchat`, visitor.token));
    const reply = await sendMessage(server.ctx, setup.admin.actor, ticketId, { body: 'Mensagem com erro' });
    await vi.waitFor(async () => expect((await findMessageById(server.ctx.db, setup.tenantId, reply.id))?.status).toBe('sent'), {
      timeout: 15_000,
    });

    const edited = await api.request('PATCH', `/messages/${reply.id}`, { token: setup.admin.token, body: { body: 'Mensagem corrigida' } });
    expect(edited.status).toBe(200);
    await vi.waitFor(() =>
      expect(socket.of('message:update').some((m) => m.id === reply.id && m.body === 'Mensagem corrigida' && m.edited)).toBe(true),
    );

    const deleted = await api.delete('/messages', { token: setup.admin.token, body: { id: reply.id } });
    expect(deleted.status).toBeLessThan(300);
    await vi.waitFor(() => expect(socket.of('message:update').some((m) => m.id === reply.id && m.deleted && m.body === '')).toBe(true));
  });
});

describe('web chat: nothing twice', () => {
  it('the same clientId posted 3 times concurrently stores one message and counts one unread', async () => {
    const visitor = await startVisitor(api, setup.channel.publicKey, { name: 'Bruno Reenvio' });
    const clientId = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => visitor.post('Mensagem reenviada', clientId)));

    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const history = await visitor.history();
    expect(history.body.messages).toHaveLength(1);

    const row = await findMessageById(server.ctx.db, setup.tenantId, answers[0].body.id);
    const tickets = await ticketsOf(row!.contactId);
    expect(tickets).toHaveLength(1);
    expect(tickets[0].unreadMessages).toBe(1);

    // A later resend (after a reconnection) is still a no-op.
    const again = await visitor.post('Mensagem reenviada', clientId);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(answers[0].body.id);
  });

  it('20 concurrent first messages of one visitor make one contact and one ticket', async () => {
    const visitor = await startVisitor(api, setup.channel.publicKey, { name: 'Carla Concorrente' });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => visitor.post(`mensagem ${i}`)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));

    const rows = await findMessagesByIds(
      server.ctx.db,
      setup.tenantId,
      answers.map((a) => a.body.id),
    );
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => r.contactId)).size).toBe(1);
    expect(new Set(rows.map((r) => r.ticketId)).size).toBe(1);

    const tickets = await ticketsOf(rows[0].contactId);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ id: rows[0].ticketId, status: 'pending', unreadMessages: 20 });
    expect((await visitor.history()).body.messages).toHaveLength(20);
  });
});
