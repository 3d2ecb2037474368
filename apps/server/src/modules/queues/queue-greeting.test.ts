import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildInboxTenant, closeAllSockets, eventually, inboundTicket, rows, type InboxTenant } from '../../../test/inbox.js';
import { ingestInbound } from '../messages/use-cases/ingest-inbound.js';
import { queueGreetingConsumer } from './listeners/send-queue-greeting.js';

let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
});
afterAll(async () => {
  closeAllSockets();
  await server?.close();
});

const automatedBodies = async (ticketId: number) =>
  (
    await rows(
      server.ctx,
      sql`select body from messages where ticket_id = ${ticketId} and from_me and user_id is null order by created_at, id`,
    )
  ).map((r) => r.body);

async function greetedInbox(): Promise<InboxTenant> {
  const inbox = await buildInboxTenant(server);
  await api.put(`/queue/${inbox.queue.id}`, { greetingMessage: '{{greeting}}, {{name}}! Fila de vendas.' }, { token: inbox.admin.token });
  await api.put(`/queue/${inbox.otherQueue.id}`, { greetingMessage: 'Suporte aqui, {{firstName}}.' }, { token: inbox.admin.token });
  return inbox;
}

const created = (inbox: InboxTenant, ticketId: number, messageId: string) =>
  ({ type: 'message.created', tenantId: inbox.tenant.id, ticketId, messageId, inbound: { ticketCreated: true, isGroup: false } }) as const;

describe('queue greeting', () => {
  it("a ticket opened in the channel's queue gets the queue's greeting once, even when the event is handled twice", async () => {
    const inbox = await greetedInbox();
    const message = await inboundTicket(server.ctx, { tenantId: inbox.tenant.id, channelId: inbox.channel.id }, { name: 'Carla Dias' });
    const [greeting] = await eventually(
      async () => (await automatedBodies(message.ticketId)).length === 1 && automatedBodies(message.ticketId),
    );
    expect(greeting).toMatch(/^(Bom dia|Boa tarde|Boa noite), Carla Dias! Fila de vendas\.$/);
    await queueGreetingConsumer.handle(server.ctx, created(inbox, message.ticketId, message.messageId), 'again');
    await queueGreetingConsumer.handle(server.ctx, created(inbox, message.ticketId, message.messageId), 'again');
    expect(await automatedBodies(message.ticketId)).toHaveLength(1);
    // Later messages of the ticket are no entering.
    const later = await inboundTicket(
      server.ctx,
      { tenantId: inbox.tenant.id, channelId: inbox.channel.id },
      { key: { externalKey: await keyOf(message.contactId) } },
    );
    expect(later.ticketId).toBe(message.ticketId);
    await queueGreetingConsumer.handle(
      server.ctx,
      {
        type: 'message.created',
        tenantId: inbox.tenant.id,
        ticketId: later.ticketId,
        messageId: later.messageId,
        inbound: { ticketCreated: false, isGroup: false },
      },
      'x',
    );
    expect(await automatedBodies(message.ticketId)).toHaveLength(1);
  });

  it('a transfer to another queue greets from that queue; back to a queue that already greeted the ticket, nothing', async () => {
    const inbox = await greetedInbox();
    const message = await inboundTicket(server.ctx, { tenantId: inbox.tenant.id, channelId: inbox.channel.id }, { name: 'Paulo Reis' });
    await eventually(async () => (await automatedBodies(message.ticketId)).length === 1);
    expect((await api.put(`/tickets/${message.ticketId}`, { queueId: inbox.otherQueue.id }, { token: inbox.admin.token })).status).toBe(
      200,
    );
    expect(
      await eventually(async () => (await automatedBodies(message.ticketId)).length === 2 && (await automatedBodies(message.ticketId))[1]),
    ).toBe('Suporte aqui, Paulo.');
    expect((await api.put(`/tickets/${message.ticketId}`, { queueId: inbox.queue.id }, { token: inbox.admin.token })).status).toBe(200);
    await queueGreetingConsumer.handle(
      server.ctx,
      {
        type: 'ticket.changed',
        tenantId: inbox.tenant.id,
        ticketId: message.ticketId,
        action: 'update',
        before: { queueId: inbox.otherQueue.id, userId: null, status: 'pending', chatFlowId: null },
      },
      'x',
    );
    expect(await automatedBodies(message.ticketId)).toHaveLength(2);
  });

  it('no greeting for a group ticket, a queue without greeting, or an update that did not change the queue', async () => {
    const inbox = await greetedInbox();
    const group = await ingestInbound(server.ctx, {
      tenantId: inbox.tenant.id,
      channelId: inbox.channel.id,
      externalId: `group-${inbox.tenant.id}`,
      contact: { key: { externalKey: `webchat:group-${inbox.tenant.id}` }, name: 'Grupo', isGroup: true },
      body: 'oi',
    });
    if (group.outcome !== 'stored') throw new Error('not stored');
    await queueGreetingConsumer.handle(server.ctx, created(inbox, group.ticketId, group.messageId), 'x');
    expect(await automatedBodies(group.ticketId)).toEqual([]);

    await api.put(`/queue/${inbox.queue.id}`, { greetingMessage: null }, { token: inbox.admin.token });
    const silent = await inboundTicket(server.ctx, { tenantId: inbox.tenant.id, channelId: inbox.channel.id });
    await queueGreetingConsumer.handle(server.ctx, created(inbox, silent.ticketId, silent.messageId), 'x');
    // The server's own relay of that ticket's creation has run too (on a loaded machine it could
    // otherwise run after the greeting is set again below, and greet).
    await server.ctx.events.drain();
    expect(await automatedBodies(silent.ticketId)).toEqual([]);

    await api.put(`/queue/${inbox.queue.id}`, { greetingMessage: 'Oi' }, { token: inbox.admin.token });
    await queueGreetingConsumer.handle(
      server.ctx,
      {
        type: 'ticket.changed',
        tenantId: inbox.tenant.id,
        ticketId: silent.ticketId,
        action: 'update',
        before: { queueId: inbox.queue.id, userId: null, status: 'pending', chatFlowId: null },
      },
      'x',
    );
    expect(await automatedBodies(silent.ticketId)).toEqual([]);
  });

  it('a ticket in a chatbot flow gets no greeting while in the bot, and its queue greets it once the bot hands it over', async () => {
    const inbox = await greetedInbox();
    const definition = {
      startStepId: 'menu',
      steps: [
        {
          id: 'menu',
          name: 'Menu',
          interactions: [{ id: 'm', kind: 'text', text: 'Digite 1 para Vendas.' }],
          conditions: [{ id: 'c', type: 'option', value: '1', route: { kind: 'queue', queueId: inbox.queue.id } }],
        },
      ],
    };
    const flow = await api.post('/chat-flow', { name: 'Menu', definition, publish: true }, { token: inbox.admin.token });
    expect(flow.status).toBe(201);
    expect((await api.put(`/whatsapp/${inbox.channel.id}`, { chatFlowId: flow.body.id }, { token: inbox.admin.token })).status).toBe(200);

    const first = await inboundTicket(server.ctx, { tenantId: inbox.tenant.id, channelId: inbox.channel.id }, { name: 'Rita Bot' });
    // The bot's menu is the only automated message: the ticket is in the flow, not yet in the queue.
    expect(await eventually(async () => (await automatedBodies(first.ticketId)).length === 1 && automatedBodies(first.ticketId))).toEqual([
      'Digite 1 para Vendas.',
    ]);
    await server.ctx.events.drain();
    expect(await automatedBodies(first.ticketId)).toEqual(['Digite 1 para Vendas.']);

    await inboundTicket(
      server.ctx,
      { tenantId: inbox.tenant.id, channelId: inbox.channel.id },
      { key: { externalKey: await keyOf(first.contactId) }, body: '1' },
    );
    const bodies = await eventually(async () => (await automatedBodies(first.ticketId)).length === 2 && automatedBodies(first.ticketId));
    expect(bodies[1]).toMatch(/^(Bom dia|Boa tarde|Boa noite), Rita Bot! Fila de vendas\.$/);
    await server.ctx.events.drain();
    expect(await automatedBodies(first.ticketId)).toHaveLength(2);
  });

  it('the queue form refuses a greeting with unknown variables', async () => {
    const inbox = await buildInboxTenant(server);
    const response = await api.put(`/queue/${inbox.queue.id}`, { greetingMessage: 'Oi {{cliente}}' }, { token: inbox.admin.token });
    expect(response.status).toBe(400);
    expect(response.body.issues.greetingMessage).toEqual([expect.objectContaining({ rule: 'templateVariables' })]);
  });
});

async function keyOf(contactId: number): Promise<string> {
  const [row] = await rows(server.ctx, sql`select external_key from contacts where id = ${contactId}`);
  return String(row.external_key);
}
