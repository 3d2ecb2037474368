/**
 * The chatbot engine end to end (issue 10 §2): customers' messages through the one inbound pipeline
 * and the automation chain, the bot's messages on the one outbound path, routing through the
 * tickets module, durable timers, versions, idempotency, take-over, PUT /ticketsChatBot.
 */
import { runInboundStep } from '../automation/inbound-chain.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import {
  botMessages,
  customer,
  fireTimers,
  flowChannel,
  pendingTimers,
  positionRow,
  publishedFlow,
  ticketRow,
  waitBotMessages,
} from '../../../test/chatbot.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildChannel, buildContact, buildInboxTenant, eventually, rows, type InboxTenant } from '../../../test/inbox.js';
import { ingestInbound } from '../messages/use-cases/ingest-inbound.js';
import { chatbotFlowStep } from './engine/chatbot-flow.step.js';

let server: TestServer;
let api: Api;
let t: InboxTenant;
let webhookServer: Server;
let webhookUrl: string;

beforeAll(async () => {
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  api = new Api(server.url);
  t = await buildInboxTenant(server);
  webhookServer = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    // Never answered: the webhook step's own timeout is what the flow waits for (closed in afterAll).
    if (url.pathname === '/slow') return;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ order: { id: url.searchParams.get('id'), status: 'enviado' } }));
  });
  await new Promise<void>((resolve) => webhookServer.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(webhookServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  webhookServer?.closeAllConnections();
  webhookServer?.close();
  await server?.close();
});

const menuFlow = (extra: Record<string, unknown> = {}) => ({
  welcomeMessage: 'Olá {{firstName}}!',
  endMessage: 'Até logo.',
  fallbackMessage: 'Opção inválida.',
  autoDistribution: 'balanced',
  steps: [
    {
      id: 'menu',
      name: 'Menu',
      interactions: [{ id: 'i1', kind: 'text', text: 'Digite 1 para Vendas ou 2 para Suporte' }],
      conditions: [
        { id: 'c1', type: 'option', value: '1', route: { kind: 'queue', queueId: t.queue.id } },
        { id: 'c2', type: 'text', value: 'suporte', route: { kind: 'user', userId: t.peer.id, queueId: t.otherQueue.id } },
        { id: 'c3', type: 'keyword', value: 'encerrar', route: { kind: 'close' } },
        { id: 'c4', type: 'option', value: '2', route: { kind: 'step', stepId: 'other' } },
      ],
      maxAttempts: 2,
      maxAttemptsRoute: { kind: 'queue', queueId: t.otherQueue.id },
      noAnswerMinutes: 5,
      noAnswerRoute: { kind: 'close' },
    },
    {
      id: 'other',
      name: 'Outro canal',
      interactions: [{ id: 'i2', kind: 'text', text: 'Qualquer resposta muda de canal' }],
      conditions: [{ id: 'c5', type: 'any', route: { kind: 'channel', channelId: t.channel.id } }],
    },
  ],
  ...extra,
});

async function menuSetup(extra: Record<string, unknown> = {}, settings: Record<string, unknown> = {}) {
  const flow = await publishedFlow(api, t.admin.token, menuFlow(extra), settings);
  const channel = await flowChannel(server, t.tenant.id, flow.id, t.queue.id);
  return { flow, channel, say: customer(server, t.tenant.id, channel.id) };
}

describe('entering and conditions', () => {
  it('a new ticket enters: welcome with variables, first step; the ticket is in the bot (hidden by NotViewTicketsChatBot); option 1 routes to the queue, balanced', async () => {
    const { flow, say } = await menuSetup();
    const { ticketId } = await say('Oi');
    expect(await waitBotMessages(server, ticketId, 2)).toEqual(['Olá Maria!', 'Digite 1 para Vendas ou 2 para Suporte']);
    expect(await ticketRow(server, ticketId)).toMatchObject({ status: 'pending', userId: null, chatFlowId: flow.id });
    expect(await positionRow(server, ticketId)).toMatchObject({ stepId: 'menu', waitingFor: 'answer' });

    // The queue's agents: `agent` gets one more open ticket, so balanced picks `peer`.
    const busy = await buildContact(server.ctx, t.tenant.id);
    await server.ctx.db.execute(
      sql`insert into tickets (tenant_id, contact_id, channel_id, queue_id, user_id, status) values (${t.tenant.id}, ${busy.id}, ${t.channel.id}, ${t.queue.id}, ${t.agent.id}, 'open')`,
    );

    await say('1');
    await eventually(async () => (await ticketRow(server, ticketId)).chatFlowId === null);
    expect(await ticketRow(server, ticketId)).toMatchObject({
      status: 'pending',
      queueId: t.queue.id,
      userId: t.peer.id,
      chatFlowId: null,
    });
    expect((await botMessages(server, ticketId)).map((m) => m.body)).toEqual([
      'Olá Maria!',
      'Digite 1 para Vendas ou 2 para Suporte',
      'Até logo.',
    ]);
    expect(await positionRow(server, ticketId)).toBeUndefined();
  });

  it('exact text routes to a user (and queue); a keyword closes; any answer moves to another channel', async () => {
    const { say } = await menuSetup();
    const toUser = await say('Olá');
    await waitBotMessages(server, toUser.ticketId, 2);
    await say('SUPORTE');
    await eventually(async () => (await ticketRow(server, toUser.ticketId)).userId === t.peer.id);
    expect(await ticketRow(server, toUser.ticketId)).toMatchObject({ queueId: t.otherQueue.id, chatFlowId: null });

    const { say: say2 } = await menuSetup();
    const closing = await say2('Olá');
    await waitBotMessages(server, closing.ticketId, 2);
    await say2('quero encerrar agora');
    await eventually(async () => (await ticketRow(server, closing.ticketId)).status === 'closed');

    const { say: say3, channel } = await menuSetup();
    const moving = await say3('Olá');
    await waitBotMessages(server, moving.ticketId, 2);
    await say3('2');
    expect((await waitBotMessages(server, moving.ticketId, 3))[2]).toBe('Qualquer resposta muda de canal');
    await say3('tanto faz');
    await eventually(async () => (await ticketRow(server, moving.ticketId)).channelId === t.channel.id);
    expect(channel.id).not.toBe(t.channel.id);
  });

  it('max attempts: the fallback message, then the attempts route', async () => {
    const { say } = await menuSetup();
    const { ticketId } = await say('Oi');
    await waitBotMessages(server, ticketId, 2);
    await say('banana');
    expect((await waitBotMessages(server, ticketId, 3))[2]).toBe('Opção inválida.');
    expect(await positionRow(server, ticketId)).toMatchObject({ attempts: 1 });
    await say('abacaxi');
    await eventually(async () => (await ticketRow(server, ticketId)).queueId === t.otherQueue.id);
    expect((await botMessages(server, ticketId)).map((m) => m.body).slice(2)).toEqual(['Opção inválida.', 'Até logo.']);
  });

  it('no answer within the step time: the no-answer route (its durable timer brought due, not waited for)', async () => {
    const { say } = await menuSetup();
    const { ticketId } = await say('Oi');
    await waitBotMessages(server, ticketId, 2);
    const [timer] = await pendingTimers(server, ticketId);
    expect(timer.data.event).toBe('noAnswer');
    expect(new Date(timer.startAfter).getTime() - new Date(timer.createdOn).getTime()).toBeGreaterThanOrEqual(5 * 60_000 - 2_000);
    expect(await fireTimers(server, ticketId)).toBe(1);
    await eventually(async () => (await ticketRow(server, ticketId)).status === 'closed');
  });

  it('an answer makes the earlier no-answer timer stale: it fires and changes nothing', async () => {
    const { say } = await menuSetup();
    const { ticketId } = await say('Oi');
    await waitBotMessages(server, ticketId, 2);
    await say('xyz'); // a wrong answer: the step asks again, with a new timer
    await waitBotMessages(server, ticketId, 3);
    const timers = await pendingTimers(server, ticketId);
    expect(timers).toHaveLength(2);
    const { moveId } = (await positionRow(server, ticketId))!;
    const stale = timers.find((timer) => timer.data.moveId !== moveId)!;
    await server.ctx.db.execute(sql`update pgboss.job set start_after = now() where id = ${stale.id}`);
    await eventually(
      async () => (await rows(server.ctx, sql`select 1 from pgboss.job where id = ${stale.id} and state = 'completed'`)).length > 0,
    );
    expect(await ticketRow(server, ticketId)).toMatchObject({ status: 'pending', chatFlowId: expect.any(Number) });
    expect(await positionRow(server, ticketId)).toMatchObject({ moveId, attempts: 1 });
  });

  it('out of business hours: the out-of-hours route instead of the welcome', async () => {
    // Closed every day of the week: any moment is out of hours.
    const closedWeek = Array.from({ length: 7 }, (_, day) => ({ day, type: 'C', intervals: [] }));
    expect((await api.put('/tenants/business-hours/', { businessHours: closedWeek }, { token: t.admin.token })).status).toBe(200);
    try {
      const { say } = await menuSetup({ outOfHoursRoute: { kind: 'step', stepId: 'other' } });
      const { ticketId } = await say('Oi');
      expect(await waitBotMessages(server, ticketId, 1)).toEqual(['Qualquer resposta muda de canal']);
      expect(await positionRow(server, ticketId)).toMatchObject({ stepId: 'other' });
    } finally {
      const openWeek = Array.from({ length: 7 }, (_, day) => ({ day, type: 'O', intervals: [] }));
      expect((await api.put('/tenants/business-hours/', { businessHours: openWeek }, { token: t.admin.token })).status).toBe(200);
    }
  });
});

describe('who enters', () => {
  const input = (
    ticketId: number,
    messageId: string,
    channelId: number,
    extra: Partial<Parameters<typeof chatbotFlowStep.run>[1]> = {},
  ) => ({
    tenantId: t.tenant.id,
    ticketId,
    messageId,
    channelId,
    body: 'Oi',
    isGroup: false,
    ticketCreated: true,
    ...extra,
  });

  it('test number: only that contact enters', async () => {
    const flow = await publishedFlow(api, t.admin.token, menuFlow(), { testNumber: '+55 11 99999-0001' });
    const channel = await flowChannel(server, t.tenant.id, flow.id, t.queue.id);
    const stranger = await ingestInbound(server.ctx, {
      tenantId: t.tenant.id,
      channelId: channel.id,
      externalId: randomUUID(),
      contact: { key: { number: '5511999990002' }, name: 'Outro' },
      body: 'Oi',
    });
    const tester = await ingestInbound(server.ctx, {
      tenantId: t.tenant.id,
      channelId: channel.id,
      externalId: randomUUID(),
      contact: { key: { number: '5511999990001' }, name: 'Testador' },
      body: 'Oi',
    });
    if (stranger.outcome !== 'stored' || tester.outcome !== 'stored') throw new Error('not stored');
    await waitBotMessages(server, tester.ticketId, 2);
    // The step's own answer for the stranger (the chain ran it too): not entered.
    expect(await runInboundStep(server.ctx, chatbotFlowStep, input(stranger.ticketId, stranger.messageId, channel.id))).toBe('next');
    expect(await botMessages(server, stranger.ticketId)).toEqual([]);
    expect((await ticketRow(server, stranger.ticketId)).chatFlowId).toBeNull();
  });

  it('contacts blocked from the chatbot and group tickets never enter', async () => {
    const flow = await publishedFlow(api, t.admin.token, menuFlow());
    const quiet = await buildChannel(server.ctx, t.tenant.id, { queueId: t.queue.id }); // no flow yet: the chain leaves these alone
    const blocked = await buildContact(server.ctx, t.tenant.id, { chatbotBlocked: true });
    const fromBlocked = await ingestInbound(server.ctx, {
      tenantId: t.tenant.id,
      channelId: quiet.id,
      externalId: randomUUID(),
      contact: { key: { number: blocked.number! }, name: blocked.name },
      body: 'Oi',
    });
    const fromGroup = await ingestInbound(server.ctx, {
      tenantId: t.tenant.id,
      channelId: quiet.id,
      externalId: randomUUID(),
      contact: { key: { externalKey: `group:${randomUUID()}` }, name: 'Grupo', isGroup: true },
      body: 'Oi',
    });
    if (fromBlocked.outcome !== 'stored' || fromGroup.outcome !== 'stored') throw new Error('not stored');
    await server.ctx.db.execute(sql`update channels set chat_flow_id = ${flow.id} where id = ${quiet.id}`);

    expect(await runInboundStep(server.ctx, chatbotFlowStep, input(fromBlocked.ticketId, fromBlocked.messageId, quiet.id))).toBe('next');
    expect(
      await runInboundStep(server.ctx, chatbotFlowStep, input(fromGroup.ticketId, fromGroup.messageId, quiet.id, { isGroup: true })),
    ).toBe('next');
    // Even when the chain's input does not say so, the group ticket stays out.
    expect(await runInboundStep(server.ctx, chatbotFlowStep, input(fromGroup.ticketId, fromGroup.messageId, quiet.id))).toBe('next');
    expect(await botMessages(server, fromBlocked.ticketId)).toEqual([]);
    expect(await botMessages(server, fromGroup.ticketId)).toEqual([]);

    // The same contact unblocked enters (the check above can fail).
    await server.ctx.db.execute(sql`update contacts set chatbot_blocked = false where id = ${blocked.id}`);
    expect(await runInboundStep(server.ctx, chatbotFlowStep, input(fromBlocked.ticketId, fromBlocked.messageId, quiet.id))).toBe('handled');
    expect(await waitBotMessages(server, fromBlocked.ticketId, 2)).toHaveLength(2);
  });

  it('a duplicated inbound message never advances the flow twice', async () => {
    const { say, channel } = await menuSetup();
    const first = await say('Oi');
    await waitBotMessages(server, first.ticketId, 2);
    const wrong = await say('banana');
    await waitBotMessages(server, first.ticketId, 3);
    const position = await positionRow(server, first.ticketId);
    // The chain runs again for the same message (a re-delivery after a crash), twice at once.
    const again = await Promise.all(
      [1, 2].map(() =>
        runInboundStep(
          server.ctx,
          chatbotFlowStep,
          input(first.ticketId, wrong.messageId, channel.id, { body: 'banana', ticketCreated: false }),
        ),
      ),
    );
    expect(again).toEqual(['handled', 'handled']);
    expect(await positionRow(server, first.ticketId)).toEqual(position);
    expect(await botMessages(server, first.ticketId)).toHaveLength(3);
    // The provider re-delivering the same message id stores nothing and runs nothing.
    const duplicate = await ingestInbound(server.ctx, {
      tenantId: t.tenant.id,
      channelId: channel.id,
      externalId: wrong.externalId,
      contact: { key: { externalKey: 'x' }, name: 'x' },
      body: 'banana',
    });
    expect(duplicate.outcome).toBe('duplicate');
  });
});

describe('agents and the bot', () => {
  it('the bot stops the moment an agent starts attending: its timers do nothing, the next message gets no reply', async () => {
    const { say, channel } = await menuSetup();
    const { ticketId } = await say('Oi');
    await waitBotMessages(server, ticketId, 2);
    const taken = await api.put(`/tickets/${ticketId}`, { status: 'open', userId: t.agent.id }, { token: t.agent.token });
    expect(taken.status).toBe(200);
    expect(taken.body.chatFlowId).toBeNull();
    expect(await positionRow(server, ticketId)).toBeUndefined();

    const next = await say('1');
    expect(
      await runInboundStep(server.ctx, chatbotFlowStep, {
        tenantId: t.tenant.id,
        ticketId,
        messageId: next.messageId,
        channelId: channel.id,
        body: '1',
        isGroup: false,
        ticketCreated: false,
      }),
    ).toBe('next');
    await fireTimers(server, ticketId);
    await eventually(async () => (await pendingTimers(server, ticketId)).length === 0);
    await eventually(
      async () =>
        (
          await rows(
            server.ctx,
            sql`select 1 from pgboss.job where name = 'chatbot.event' and data->>'ticketId' = ${String(ticketId)} and state in ('created', 'active', 'retry')`,
          )
        ).length === 0,
    );
    expect(await ticketRow(server, ticketId)).toMatchObject({ status: 'open', userId: t.agent.id, queueId: t.queue.id });
    expect(await botMessages(server, ticketId)).toHaveLength(2);
  });

  it('a transfer to a user stops the bot too', async () => {
    const { say } = await menuSetup();
    const { ticketId } = await say('Oi');
    await waitBotMessages(server, ticketId, 2);
    const moved = await api.put(
      `/tickets/${ticketId}`,
      { userId: t.peer.id, queueId: t.queue.id, isTransference: true },
      { token: t.admin.token },
    );
    expect(moved.status).toBe(200);
    expect(moved.body.chatFlowId).toBeNull();
    expect(await positionRow(server, ticketId)).toBeUndefined();
  });

  it('PUT /ticketsChatBot/{id} switches the bot off and on for a ticket', async () => {
    const { say, flow } = await menuSetup();
    const { ticketId } = await say('Oi');
    await waitBotMessages(server, ticketId, 2);

    const off = await api.put(`/ticketsChatBot/${ticketId}`, { chatbot: false }, { token: t.agent.token });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: ticketId, chatFlowId: null });
    expect(await positionRow(server, ticketId)).toBeUndefined();

    await api.put(`/tickets/${ticketId}`, { status: 'open' }, { token: t.agent.token });
    const on = await api.put(`/ticketsChatBot/${ticketId}`, { chatbot: true }, { token: t.agent.token });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ status: 'pending', userId: null, chatFlowId: flow.id });
    expect((await botMessages(server, ticketId)).map((m) => m.body).slice(2)).toEqual([
      'Olá Maria!',
      'Digite 1 para Vendas ou 2 para Suporte',
    ]);

    expect((await api.put(`/ticketsChatBot/${ticketId}`, { chatbot: 'yes' }, { token: t.agent.token })).status).toBe(400);
    expect((await api.put(`/ticketsChatBot/999999`, { chatbot: true }, { token: t.agent.token })).body.error).toBe('ERR_NO_TICKET_FOUND');
    const noFlow = await customer(server, t.tenant.id, t.channel.id)('Oi');
    const refused = await api.put(`/ticketsChatBot/${noFlow.ticketId}`, { chatbot: true }, { token: t.admin.token });
    expect(refused).toMatchObject({ status: 404, body: { error: 'ERR_NO_FLOW_FOUND' } });
  });
});

describe('versions', () => {
  it('publishing while a conversation is in the flow: it finishes on its version; new tickets get the new one', async () => {
    const definition = (label: string) => ({
      startStepId: 'a',
      steps: [
        {
          id: 'a',
          name: 'A',
          interactions: [{ id: 'i', kind: 'text', text: `pergunta ${label}` }],
          conditions: [{ id: 'c', type: 'any', route: { kind: 'step', stepId: 'b' } }],
        },
        { id: 'b', name: 'B', interactions: [{ id: 'j', kind: 'text', text: `fim ${label}` }] },
      ],
    });
    const flow = await publishedFlow(api, t.admin.token, definition('v1'));
    const channel = await flowChannel(server, t.tenant.id, flow.id);
    const oldCustomer = customer(server, t.tenant.id, channel.id);
    const old = await oldCustomer('Oi');
    expect(await waitBotMessages(server, old.ticketId, 1)).toEqual(['pergunta v1']);

    expect(
      (await api.put(`/chat-flow/${flow.id}`, { definition: definition('v2') }, { token: t.admin.token })).body.hasUnpublishedChanges,
    ).toBe(true);
    const published = await api.post(`/chat-flow/${flow.id}/publish`, undefined, { token: t.admin.token });
    expect(published.body).toMatchObject({ publishedVersion: 2, hasUnpublishedChanges: false });

    await oldCustomer('qualquer');
    expect(await waitBotMessages(server, old.ticketId, 2)).toEqual(['pergunta v1', 'fim v1']);
    const fresh = await customer(server, t.tenant.id, channel.id)('Oi');
    expect(await waitBotMessages(server, fresh.ticketId, 1)).toEqual(['pergunta v2']);
  });
});

describe('interactions', () => {
  it('webhook GET: its JSON answer fills {{webhook.path}} of the next message; a timeout leaves it empty and the flow goes on', async () => {
    const flow = await publishedFlow(api, t.admin.token, {
      steps: [
        {
          id: 'a',
          name: 'A',
          interactions: [
            { id: 'w', kind: 'webhook', url: `${webhookUrl}/order?id=77` },
            { id: 't', kind: 'text', text: 'Pedido {{webhook.order.id}}: {{webhook.order.status}}' },
            { id: 'w2', kind: 'webhook', url: `${webhookUrl}/slow`, timeoutMs: 500 },
            { id: 't2', kind: 'text', text: 'Depois: [{{webhook.late}}]' },
          ],
        },
      ],
    });
    const channel = await flowChannel(server, t.tenant.id, flow.id);
    const { ticketId } = await customer(server, t.tenant.id, channel.id)('Oi');
    expect(await waitBotMessages(server, ticketId, 2)).toEqual(['Pedido 77: enviado', 'Depois: []']);
  });

  it('media, delay and start another flow', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'logo.png');
    const uploaded = await fetch(`${server.url}/chat-flow/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.admin.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const media = (await uploaded.json()) as { key: string; type: string };
    expect(media).toMatchObject({ type: 'image', mime: 'image/png', name: 'logo.png' });

    const second = await publishedFlow(api, t.admin.token, {
      welcomeMessage: 'Segundo fluxo',
      steps: [{ id: 'x', name: 'X', interactions: [{ id: 'm', kind: 'media', media, caption: 'Logo de {{name}}' }] }],
    });
    const first = await publishedFlow(api, t.admin.token, {
      steps: [
        {
          id: 'a',
          name: 'A',
          interactions: [
            { id: 'd', kind: 'delay', seconds: 30 },
            { id: 't', kind: 'text', text: 'depois da espera' },
            { id: 's', kind: 'startFlow', flowId: second.id },
          ],
        },
      ],
    });
    const channel = await flowChannel(server, t.tenant.id, first.id);
    const { ticketId } = await customer(server, t.tenant.id, channel.id)('Oi');
    const [delay] = await eventually(async () => {
      const timers = await pendingTimers(server, ticketId);
      return timers.length > 0 && timers;
    });
    expect(delay.data.event).toBe('delayElapsed');
    expect(new Date(delay.startAfter).getTime() - new Date(delay.createdOn).getTime()).toBeGreaterThanOrEqual(29_000);
    expect(await botMessages(server, ticketId)).toEqual([]);
    await fireTimers(server, ticketId);
    expect(await waitBotMessages(server, ticketId, 3)).toEqual(['depois da espera', 'Segundo fluxo', 'Logo de Maria Souza']);
    expect((await botMessages(server, ticketId))[2].mediaKey).toBe(media.key);
    expect((await ticketRow(server, ticketId)).chatFlowId).toBeNull();
  });
});
