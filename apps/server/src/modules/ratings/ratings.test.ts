/**
 * Ratings (SPEC /avaliacoes, §3 Evaluation, §4 "With a rating request sent, the ticket closes
 * automatically after the customer rates", §9 ratings 0 to 5): GET/PUT /tenants/rating/, the request at
 * resolve (chosen or by the channel's auto-evaluation), the answers (range, attempts, give up), the
 * step's exactly-once effect, and the list with its filters and averages.
 */
import { runInboundStep } from '../automation/inbound-chain.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  buildAgent,
  buildChannel,
  buildInboxTenant,
  count,
  eventually,
  inbound,
  inboundTicket,
  rows,
  visitorKey,
  type Agent,
  type InboxTenant,
} from '../../../test/inbox.js';
import { answerRatingStep } from './automation/answer-rating.step.js';
import { REPEATED_RESOLVE_SECONDS } from './use-cases/rating-just-asked.js';

let server: TestServer;
let api: Api;
let t: InboxTenant;
let supervisor: Agent;

const SETTINGS = {
  requestMessage: 'Olá {{name}}, dê uma nota de 0 a 5 para {{user}}.',
  invalidMessage: 'Responda só com um número de 0 a 5.',
  thanksMessage: 'Obrigado, {{firstName}}!',
  maxAttempts: 3,
};

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  t = await buildInboxTenant(server);
  supervisor = await buildAgent(server, t.tenant.id, 'super', 'Supervisor Rui');
  expect((await api.put('/tenants/rating/', SETTINGS, { token: supervisor.token })).status).toBe(200);
});
afterAll(() => server?.close());

const ticketOf = async (id: number) => (await api.get(`/tickets/${id}`, { token: t.admin.token })).body;
const bodiesOf = async (ticketId: number) =>
  (await rows(server.ctx, sql`select body from messages where ticket_id = ${ticketId} and from_me order by created_at, id`)).map(
    (r) => r.body as string,
  );
const evaluationOf = async (ticketId: number) =>
  (await rows(server.ctx, sql`select * from evaluations where ticket_id = ${ticketId} order by id`)).at(-1);
const logTypes = async (ticketId: number) =>
  (await api.get(`/tickets/${ticketId}/logs`, { token: t.admin.token })).body.map((l: { type: string }) => l.type);

/** A ticket of a new customer, attended by the agent and resolved with a rating request. */
async function ratedTicket(options: { channelId?: number; name?: string; agent?: Agent; body?: Record<string, unknown> } = {}) {
  const key = visitorKey();
  const channelId = options.channelId ?? t.channel.id;
  const agent = options.agent ?? t.agent;
  const { ticketId } = await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId }, { key, name: options.name ?? 'Carla Dias' });
  expect((await api.put(`/tickets/${ticketId}`, { status: 'open' }, { token: agent.token })).status).toBe(200);
  const resolved = await api.put(
    `/tickets/${ticketId}`,
    { status: 'closed', requestRating: true, ...options.body },
    { token: agent.token },
  );
  expect(resolved.status).toBe(200);
  const answer = (body: string) =>
    inbound(server.ctx, { tenantId: t.tenant.id, channelId }, { key, name: options.name ?? 'Carla Dias', body });
  return { ticketId, resolved: resolved.body, answer };
}

describe('GET/PUT /tenants/rating/', () => {
  it('answers the defaults until saved, then what was saved', async () => {
    const other = await buildInboxTenant(server);
    const defaults = await api.get('/tenants/rating/', { token: other.admin.token });
    expect(defaults.status).toBe(200);
    expect(defaults.body).toMatchObject({ maxAttempts: 3, requestMessage: expect.stringContaining('0 a 5') });
    expect((await api.get('/tenants/rating/', { token: supervisor.token })).body).toEqual(SETTINGS);
  });

  it('refuses attempts out of 1–10, empty texts and unknown variables (400 with the field); agents may not read nor change them', async () => {
    const bad = [
      { ...SETTINGS, maxAttempts: 0 },
      { ...SETTINGS, maxAttempts: 11 },
      { ...SETTINGS, maxAttempts: 2.5 },
      { ...SETTINGS, thanksMessage: '  ' },
      { ...SETTINGS, requestMessage: 'Nota para {{atendente}}' },
      { requestMessage: 'x' },
    ];
    for (const body of bad) {
      const response = await api.put('/tenants/rating/', body, { token: t.admin.token });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
    }
    expect((await api.put('/tenants/rating/', SETTINGS, { token: t.agent.token })).status).toBe(403);
    expect((await api.get('/tenants/rating/', { token: t.agent.token })).status).toBe(403);
    expect((await api.get('/tenants/rating/', { token: supervisor.token })).body).toEqual(SETTINGS);
  });
});

describe('the rating request and the answers', () => {
  it('resolving with a rating request sends it rendered and keeps the ticket until the customer rates; 0–5 rates, thanks and closes', async () => {
    const { ticketId, resolved, answer } = await ratedTicket();
    expect(resolved.status).toBe('open');
    expect(await bodiesOf(ticketId)).toEqual([`Olá Carla Dias, dê uma nota de 0 a 5 para ${t.agent.name}.`]);
    expect(await evaluationOf(ticketId)).toMatchObject({ status: 'awaiting', user_id: t.agent.id, queue_id: t.queue.id, attempts: 0 });

    await answer(' 4 ');
    const closed = await eventually(async () => {
      const ticket = await ticketOf(ticketId);
      return ticket.status === 'closed' ? ticket : undefined;
    });
    expect(closed.rating).toBe(4);
    expect(await evaluationOf(ticketId)).toMatchObject({ status: 'rated', rating: 4, attempts: 1 });
    expect((await bodiesOf(ticketId)).at(-1)).toBe('Obrigado, Carla!');
    expect(await logTypes(ticketId)).toEqual(expect.arrayContaining(['ratingRequested', 'rated']));
  });

  it('an answer out of 0–5 or not a number is asked again; a later valid one still rates (attempts counted)', async () => {
    const { ticketId, answer } = await ratedTicket({ name: 'Bruno Lima' });
    await answer('6');
    await eventually(async () => (await evaluationOf(ticketId))?.attempts === 1);
    await answer('ótimo!');
    await eventually(async () => (await evaluationOf(ticketId))?.attempts === 2);
    expect((await ticketOf(ticketId)).status).toBe('open');
    expect((await bodiesOf(ticketId)).slice(1)).toEqual([SETTINGS.invalidMessage, SETTINGS.invalidMessage]);

    await answer('0');
    await eventually(async () => (await ticketOf(ticketId)).status === 'closed');
    expect(await evaluationOf(ticketId)).toMatchObject({ status: 'rated', rating: 0, attempts: 3 });
    expect((await ticketOf(ticketId)).rating).toBe(0);
  });

  it('after the configured attempts of invalid answers it gives up: closed without a rating', async () => {
    const { ticketId, answer } = await ratedTicket({ name: 'Dora' });
    for (const [index, body] of ['-1', '10', 'cinco'].entries()) {
      await answer(body);
      await eventually(async () => (await evaluationOf(ticketId))?.attempts === index + 1);
    }
    const ticket = await ticketOf(ticketId);
    expect(ticket).toMatchObject({ status: 'closed', rating: null });
    expect(await evaluationOf(ticketId)).toMatchObject({ status: 'gaveUp', rating: null, attempts: 3 });
    // Two 'ask again' texts, no thanks.
    expect((await bodiesOf(ticketId)).slice(1)).toEqual([SETTINGS.invalidMessage, SETTINGS.invalidMessage]);
    expect(await logTypes(ticketId)).toContain('ratingGaveUp');
  });

  it('counts each customer message once: the step run again for the same message changes nothing', async () => {
    const { ticketId, answer } = await ratedTicket({ name: 'Eva' });
    const first = await answer('nove');
    await eventually(async () => (await evaluationOf(ticketId))?.attempts === 1);
    const input = {
      tenantId: t.tenant.id,
      ticketId,
      messageId: first.outcome === 'stored' ? first.messageId : '',
      channelId: t.channel.id,
      body: 'nove',
      isGroup: false,
      ticketCreated: false,
    };
    expect(await runInboundStep(server.ctx, answerRatingStep, input)).toBe('handled');
    expect(await runInboundStep(server.ctx, answerRatingStep, input)).toBe('handled');
    expect((await evaluationOf(ticketId))?.attempts).toBe(1);
    expect(await count(server.ctx, sql`select count(*) from messages where ticket_id = ${ticketId} and from_me`)).toBe(2);

    const second = await answer('5');
    await eventually(async () => (await ticketOf(ticketId)).status === 'closed');
    const again = { ...input, messageId: second.outcome === 'stored' ? second.messageId : '', body: '5' };
    expect(await runInboundStep(server.ctx, answerRatingStep, again)).toBe('handled');
    expect(await evaluationOf(ticketId)).toMatchObject({ status: 'rated', rating: 5, attempts: 2 });
    expect(await count(server.ctx, sql`select count(*) from messages where ticket_id = ${ticketId} and from_me`)).toBe(3);
  });

  it('a channel with auto-evaluation asks at every resolve; resolving again later while waiting closes for good, without a second farewell; a forced close never asks', async () => {
    const channel = await buildChannel(server.ctx, t.tenant.id, {
      queueId: t.queue.id,
      autoEvaluation: true,
      farewellMessage: 'Até logo!',
    });
    const { ticketId } = await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: channel.id }, { name: 'Fábio' });
    const first = await api.put(`/tickets/${ticketId}`, { status: 'closed' }, { token: t.admin.token });
    expect(first.body.status).toBe('pending');
    expect(await evaluationOf(ticketId)).toMatchObject({ status: 'awaiting', user_id: t.admin.id });

    // Asked longer ago than a repeat of the same resolve (REPEATED_RESOLVE_SECONDS): this one means it.
    await server.ctx.db.execute(
      sql`update evaluations set created_at = created_at - make_interval(secs => ${REPEATED_RESOLVE_SECONDS + 1}) where ticket_id = ${ticketId}`,
    );
    const second = await api.put(`/tickets/${ticketId}`, { status: 'closed' }, { token: t.admin.token });
    expect(second.body.status).toBe('closed');
    expect(await evaluationOf(ticketId)).toMatchObject({ status: 'cancelled' });
    expect(await count(server.ctx, sql`select count(*) from evaluations where ticket_id = ${ticketId}`)).toBe(1);
    // The farewell went out with the first resolve only (a double click on "Resolver" sent it twice).
    expect(await count(server.ctx, sql`select count(*) from messages where ticket_id = ${ticketId} and body = 'Até logo!'`)).toBe(1);

    const forced = await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: channel.id }, { name: 'Gil' });
    expect((await api.put(`/ticketsForce/${forced.ticketId}`, {}, { token: t.admin.token })).body.status).toBe('closed');
    expect(await count(server.ctx, sql`select count(*) from evaluations where ticket_id = ${forced.ticketId}`)).toBe(0);
  });

  it('the resolve that asked for a rating, sent again at once (double click, second tab, a retry), changes nothing: the customer still rates', async () => {
    const channel = await buildChannel(server.ctx, t.tenant.id, { queueId: t.queue.id, farewellMessage: 'Tchau!' });
    const { ticketId, resolved, answer } = await ratedTicket({ channelId: channel.id, name: 'Íris' });
    expect(resolved.status).toBe('open');
    const again = await Promise.all(
      [t.agent.token, t.agent.token].map((token) => api.put(`/tickets/${ticketId}`, { status: 'closed', requestRating: true }, { token })),
    );
    expect(again.map((response) => [response.status, response.body.status])).toEqual([
      [200, 'open'],
      [200, 'open'],
    ]);
    expect(await evaluationOf(ticketId)).toMatchObject({ status: 'awaiting' });
    expect(await count(server.ctx, sql`select count(*) from evaluations where ticket_id = ${ticketId}`)).toBe(1);
    // One farewell and one request, from the first resolve only.
    expect(await bodiesOf(ticketId)).toEqual(['Tchau!', `Olá Íris, dê uma nota de 0 a 5 para ${t.agent.name}.`]);
    expect((await logTypes(ticketId)).filter((type: string) => type === 'ratingRequested' || type === 'resolved')).toEqual([
      'ratingRequested',
    ]);

    await answer('5');
    const closed = await eventually(async () => {
      const ticket = await ticketOf(ticketId);
      return ticket.status === 'closed' ? ticket : undefined;
    });
    expect(closed.rating).toBe(5);
  });

  it('reopening or returning a ticket drops the awaited rating: a later "5" is an ordinary message', async () => {
    const { ticketId, answer } = await ratedTicket({ name: 'Helena' });
    expect((await api.put(`/tickets/${ticketId}`, { status: 'pending', userId: null }, { token: t.agent.token })).status).toBe(200);
    expect(await evaluationOf(ticketId)).toMatchObject({ status: 'cancelled' });
    const reply = await answer('5');
    const input = {
      tenantId: t.tenant.id,
      ticketId,
      messageId: reply.outcome === 'stored' ? reply.messageId : '',
      channelId: t.channel.id,
      body: '5',
      isGroup: false,
      ticketCreated: false,
    };
    expect(await runInboundStep(server.ctx, answerRatingStep, input)).toBe('next');
    expect((await ticketOf(ticketId)).status).toBe('pending');
  });
});

describe('GET /evaluations', () => {
  it('lists the ratings with contact, agent and queue, filtered by days, agent and queue, with the average per agent', async () => {
    const tenant = await buildInboxTenant(server);
    const boss = await buildAgent(server, tenant.tenant.id, 'super');
    const rate = async (agent: Agent, rating: string, name: string, channelId = tenant.channel.id) => {
      const key = visitorKey();
      const { ticketId } = await inboundTicket(server.ctx, { tenantId: tenant.tenant.id, channelId }, { key, name });
      await api.put(`/tickets/${ticketId}`, { status: 'open' }, { token: agent.token });
      await api.put(`/tickets/${ticketId}`, { status: 'closed', requestRating: true }, { token: agent.token });
      await inbound(server.ctx, { tenantId: tenant.tenant.id, channelId }, { key, name, body: rating });
      await eventually(
        async () =>
          (await rows(server.ctx, sql`select 1 from evaluations where ticket_id = ${ticketId} and status = 'rated'`)).length === 1,
      );
      return ticketId;
    };
    const otherChannel = await buildChannel(server.ctx, tenant.tenant.id, { queueId: tenant.otherQueue.id });
    await rate(tenant.agent, '5', 'Cliente A');
    await rate(tenant.agent, '2', 'Cliente B');
    await rate(tenant.peer, '4', 'Cliente C');
    const old = await rate(tenant.outsider, '1', 'Cliente D', otherChannel.id);
    await server.ctx.db.execute(sql`update evaluations set rated_at = '2024-03-10T15:00:00Z' where ticket_id = ${old}`);

    const all = await api.get('/evaluations', { token: boss.token });
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(4);
    expect(all.body.evaluations[0]).toMatchObject({
      contactName: 'Cliente C',
      rating: 4,
      userId: tenant.peer.id,
      username: tenant.peer.name,
      queueName: tenant.queue.name,
      attempts: 1,
    });
    expect(all.body.averages).toEqual([
      { userId: tenant.peer.id, username: tenant.peer.name, average: 4, count: 1 },
      { userId: tenant.agent.id, username: tenant.agent.name, average: 3.5, count: 2 },
      { userId: tenant.outsider.id, username: tenant.outsider.name, average: 1, count: 1 },
    ]);

    const byAgent = await api.get(`/evaluations?userId=${tenant.agent.id}`, { token: boss.token });
    expect(byAgent.body.evaluations.map((e: { rating: number }) => e.rating).sort()).toEqual([2, 5]);
    const byQueue = await api.get(`/evaluations?queueId=${tenant.otherQueue.id}`, { token: boss.token });
    expect(byQueue.body.evaluations.map((e: { contactName: string }) => e.contactName)).toEqual(['Cliente D']);
    const byDays = await api.get('/evaluations?dateFrom=2024-03-10&dateTo=2024-03-10', { token: boss.token });
    expect(byDays.body).toMatchObject({ count: 1, averages: [{ userId: tenant.outsider.id, average: 1, count: 1 }] });
    expect((await api.get('/evaluations?dateFrom=2024-03-11&dateTo=2024-12-31', { token: boss.token })).body.count).toBe(0);

    // Another tenant's supervisor sees none of them.
    expect(
      (await api.get('/evaluations', { token: supervisor.token })).body.evaluations.map((e: { contactName: string }) => e.contactName),
    ).not.toContain('Cliente A');
    expect((await api.get(`/evaluations?userId=${tenant.agent.id}`, { token: supervisor.token })).body.count).toBe(0);
  });

  it('refuses bad filters with 400 and agents with 403', async () => {
    for (const query of ['dateFrom=ontem', 'dateFrom=2024-05-02&dateTo=2024-05-01', 'userId=abc', 'queueId=0', 'pageNumber=0']) {
      const response = await api.get(`/evaluations?${query}`, { token: supervisor.token });
      expect(response.status, query).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
    }
    expect((await api.get('/evaluations', { token: t.agent.token })).status).toBe(403);
  });
});
