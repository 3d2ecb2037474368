import { runInboundStep } from '../automation/inbound-chain.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  buildAgent,
  buildChannel,
  buildInboxTenant,
  closeAllSockets,
  eventually,
  inboundTicket,
  rows,
  type InboxTenant,
} from '../../../test/inbox.js';
import { autoReplyStep } from './auto-reply-step.js';

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
const ticketRow = async (ticketId: number) =>
  (await rows(server.ctx, sql`select queue_id, user_id, status from tickets where id = ${ticketId}`))[0];

const rule = (fields: Record<string, unknown> = {}) => ({
  name: `Regra ${Math.random().toString(36).slice(2, 8)}`,
  trigger: 'keyword',
  matchMode: 'exact',
  keywords: ['preço', 'valor'],
  reply: 'Olá {{name}}, nossos preços estão em exemplo.com/precos',
  ...fields,
});

async function createRule(inbox: InboxTenant, fields: Record<string, unknown> = {}) {
  const response = await api.post('/auto-reply', rule(fields), { token: inbox.admin.token });
  expect(response.status).toBe(201);
  return response.body;
}

const stepInput = (
  inbox: InboxTenant,
  message: { ticketId: number; messageId: string },
  body: string,
  extra: Partial<{ channelId: number; ticketCreated: boolean; isGroup: boolean }> = {},
) => ({
  tenantId: inbox.tenant.id,
  ticketId: message.ticketId,
  messageId: message.messageId,
  channelId: inbox.channel.id,
  body,
  isGroup: false,
  ticketCreated: false,
  ...extra,
});

describe('auto-reply routes', () => {
  it('creates, lists, reads, replaces and deletes rules (supervisors and admins)', async () => {
    const inbox = await buildInboxTenant(server);
    const supervisor = await buildAgent(server, inbox.tenant.id, 'super');
    const created = await api.post('/auto-reply', rule({ name: 'Preços', queueId: inbox.otherQueue.id, channelId: inbox.channel.id }), {
      token: supervisor.token,
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Preços',
      active: true,
      trigger: 'keyword',
      matchMode: 'exact',
      keywords: ['preço', 'valor'],
      reply: 'Olá {{name}}, nossos preços estão em exemplo.com/precos',
      queueId: inbox.otherQueue.id,
      channelId: inbox.channel.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const first = await api.post('/auto-reply', rule({ name: 'Boas-vindas', trigger: 'firstMessage', keywords: ['ignored'] }), {
      token: inbox.admin.token,
    });
    expect(first.body.keywords).toEqual([]);
    const list = await api.get('/auto-reply', { token: supervisor.token });
    expect(list.body.map((r: any) => r.name)).toEqual(['Boas-vindas', 'Preços']);
    expect((await api.get(`/auto-reply/${created.body.id}`, { token: inbox.admin.token })).body).toEqual(created.body);

    const replaced = await api.put(
      `/auto-reply/${created.body.id}`,
      rule({ name: 'Preços', active: false, matchMode: 'contains', keywords: ['orçamento'] }),
      { token: inbox.admin.token },
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ active: false, matchMode: 'contains', keywords: ['orçamento'], queueId: null, channelId: null });

    expect((await api.delete(`/auto-reply/${created.body.id}`, { token: inbox.admin.token })).status).toBe(204);
    const gone = await api.get(`/auto-reply/${created.body.id}`, { token: inbox.admin.token });
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('ERR_NO_AUTO_REPLY_FOUND');
    expect((await api.delete(`/auto-reply/${created.body.id}`, { token: inbox.admin.token })).status).toBe(404);
    expect((await api.put(`/auto-reply/${created.body.id}`, rule(), { token: inbox.admin.token })).status).toBe(404);
  });

  it('refuses plain users, bad input (4xx with the field), a taken name, and queues or channels of another tenant', async () => {
    const inbox = await buildInboxTenant(server);
    const other = await buildInboxTenant(server);
    const byUser = await api.post('/auto-reply', rule(), { token: inbox.agent.token });
    expect(byUser.status).toBe(403);
    expect((await api.get('/auto-reply', { token: inbox.agent.token })).status).toBe(403);

    const bad: Array<[Record<string, unknown>, string]> = [
      [{ keywords: [] }, 'keywords'],
      [{ keywords: ['?!'] }, 'keywords.0'],
      [{ reply: '   ' }, 'reply'],
      [{ reply: 'Oi {{nome}}' }, 'reply'],
      [{ name: '' }, 'name'],
      [{ trigger: 'always' }, 'trigger'],
      [{ matchMode: 'regex' }, 'matchMode'],
      [{ queueId: 'x' }, 'queueId'],
      [{ keywords: Array.from({ length: 21 }, (_, i) => `k${i}`) }, 'keywords'],
    ];
    for (const [fields, field] of bad) {
      const response = await api.post('/auto-reply', rule(fields), { token: inbox.admin.token });
      expect(response.status, field).toBe(400);
      expect(Object.keys(response.body.fields), field).toContain(field);
    }
    const unknown = await api.post('/auto-reply', rule({ reply: 'Oi {{nome}}' }), { token: inbox.admin.token });
    expect(unknown.body.issues.reply).toEqual([expect.objectContaining({ rule: 'templateVariables' })]);

    await createRule(inbox, { name: 'Única' });
    const taken = await api.post('/auto-reply', rule({ name: ' única ' }), { token: inbox.admin.token });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('ERR_DUPLICATED_AUTO_REPLY');
    expect((await api.post('/auto-reply', rule({ name: 'Única' }), { token: other.admin.token })).status).toBe(201);

    const foreignQueue = await api.post('/auto-reply', rule({ queueId: other.queue.id }), { token: inbox.admin.token });
    expect(foreignQueue.status).toBe(404);
    expect(foreignQueue.body.error).toBe('ERR_NO_QUEUE_FOUND');
    const foreignChannel = await api.post('/auto-reply', rule({ channelId: other.channel.id }), { token: inbox.admin.token });
    expect(foreignChannel.status).toBe(404);
    expect(foreignChannel.body.error).toBe('ERR_NO_WAPP_FOUND');
    expect((await api.get('/auto-reply', { token: inbox.admin.token })).body.map((r: any) => r.name)).toEqual(['Única']);
  });
});

describe('auto-reply step (order 30)', () => {
  it('a keyword (exact, case- and accent-insensitive) gets the reply with the variables filled in', async () => {
    const inbox = await buildInboxTenant(server);
    await createRule(inbox);
    const message = await inboundTicket(
      server.ctx,
      { tenantId: inbox.tenant.id, channelId: inbox.channel.id },
      { name: 'João', body: 'PRECO?' },
    );
    expect(await eventually(async () => (await automatedBodies(message.ticketId)).length > 0 && automatedBodies(message.ticketId))).toEqual(
      ['Olá João, nossos preços estão em exemplo.com/precos'],
    );
    // A message is answered once, even when the step runs again for it.
    expect(await runInboundStep(server.ctx, autoReplyStep, stepInput(inbox, message, 'PRECO?'))).toBe('handled');
    expect(await automatedBodies(message.ticketId)).toHaveLength(1);
    // Words around an exact keyword: no answer.
    expect(await runInboundStep(server.ctx, autoReplyStep, stepInput(inbox, message, 'qual o preço?'))).toBe('next');
  });

  it('contains: the keyword as words inside the message', async () => {
    const inbox = await buildInboxTenant(server);
    await createRule(inbox, { matchMode: 'contains', keywords: ['segunda via'], reply: 'Segue o boleto.' });
    const message = await inboundTicket(
      server.ctx,
      { tenantId: inbox.tenant.id, channelId: inbox.channel.id },
      { body: 'Quero a SEGUNDA-VIA do boleto' },
    );
    expect(await eventually(async () => (await automatedBodies(message.ticketId)).length > 0 && automatedBodies(message.ticketId))).toEqual(
      ['Segue o boleto.'],
    );
  });

  it("'first message of a new ticket' answers the message that opened the ticket only", async () => {
    const inbox = await buildInboxTenant(server);
    await createRule(inbox, { trigger: 'firstMessage', reply: 'Bem-vindo, {{firstName}}!' });
    const key = { externalKey: `webchat:first-${inbox.tenant.id}` };
    const target = { tenantId: inbox.tenant.id, channelId: inbox.channel.id };
    const first = await inboundTicket(server.ctx, target, { key, name: 'Ana Lima', body: 'bom dia' });
    expect(await runInboundStep(server.ctx, autoReplyStep, stepInput(inbox, first, 'bom dia', { ticketCreated: true }))).toBe('handled');
    expect(await automatedBodies(first.ticketId)).toEqual(['Bem-vindo, Ana!']);
    const second = await inboundTicket(server.ctx, target, { key, body: 'alguém aí?' });
    expect(await runInboundStep(server.ctx, autoReplyStep, stepInput(inbox, second, 'alguém aí?'))).toBe('next');
    expect(await automatedBodies(first.ticketId)).toHaveLength(1);
  });

  it('routes the ticket to the rule queue through the tickets module (logged, out of the user), and that queue greets it', async () => {
    const inbox = await buildInboxTenant(server);
    await api.put(`/queue/${inbox.otherQueue.id}`, { greetingMessage: 'Financeiro: olá {{name}}!' }, { token: inbox.admin.token });
    await createRule(inbox, { keywords: ['financeiro'], reply: 'Vou te passar para o financeiro.', queueId: inbox.otherQueue.id });
    const message = await inboundTicket(
      server.ctx,
      { tenantId: inbox.tenant.id, channelId: inbox.channel.id },
      { name: 'Rui', body: 'Financeiro' },
    );
    expect(await runInboundStep(server.ctx, autoReplyStep, stepInput(inbox, message, 'Financeiro'))).toBe('handled');
    expect(await ticketRow(message.ticketId)).toEqual({ queue_id: inbox.otherQueue.id, user_id: null, status: 'pending' });
    const logs = await api.get(`/tickets/${message.ticketId}/logs`, { token: inbox.admin.token });
    expect(logs.body.map((l: any) => l.type)).toContain('routed');
    expect(
      await eventually(async () => (await automatedBodies(message.ticketId)).length === 2 && automatedBodies(message.ticketId)),
    ).toEqual(['Vou te passar para o financeiro.', 'Financeiro: olá Rui!']);
  });

  it('ignores inactive rules, rules of another channel, group tickets, contacts blocked from the chatbot and tickets an agent attends', async () => {
    const inbox = await buildInboxTenant(server);
    const otherChannel = await buildChannel(server.ctx, inbox.tenant.id);
    await createRule(inbox, { name: 'Inativa', active: false, keywords: ['inativa'] });
    await createRule(inbox, { name: 'Outro canal', keywords: ['canal'], channelId: otherChannel.id });
    await createRule(inbox, { name: 'Atendido', keywords: ['atendido'] });
    const target = { tenantId: inbox.tenant.id, channelId: inbox.channel.id };
    const inactive = await inboundTicket(server.ctx, target, { body: 'inativa' });
    expect(await runInboundStep(server.ctx, autoReplyStep, stepInput(inbox, inactive, 'inativa'))).toBe('next');
    const scoped = await inboundTicket(server.ctx, target, { body: 'canal' });
    expect(await runInboundStep(server.ctx, autoReplyStep, stepInput(inbox, scoped, 'canal'))).toBe('next');
    const onOther = await inboundTicket(server.ctx, { tenantId: inbox.tenant.id, channelId: otherChannel.id }, { body: 'canal' });
    expect(await runInboundStep(server.ctx, autoReplyStep, stepInput(inbox, onOther, 'canal', { channelId: otherChannel.id }))).toBe(
      'handled',
    );
    const group = await inboundTicket(server.ctx, target, { body: 'atendido' });
    expect(await runInboundStep(server.ctx, autoReplyStep, stepInput(inbox, group, 'atendido', { isGroup: true }))).toBe('next');

    const blocked = await inboundTicket(server.ctx, target, { body: 'atendido' });
    await server.ctx.db.execute(sql`update contacts set chatbot_blocked = true where id = ${blocked.contactId}`);
    expect(await runInboundStep(server.ctx, autoReplyStep, stepInput(inbox, blocked, 'atendido'))).toBe('next');
    await server.ctx.db.execute(sql`update contacts set chatbot_blocked = false where id = ${blocked.contactId}`);
    expect(await runInboundStep(server.ctx, autoReplyStep, stepInput(inbox, blocked, 'atendido'))).toBe('handled');

    const key = { externalKey: `webchat:attended-${inbox.tenant.id}` };
    const opened = await inboundTicket(server.ctx, target, { key, body: 'oi' });
    expect((await api.put(`/tickets/${opened.ticketId}`, { status: 'open' }, { token: inbox.agent.token })).status).toBe(200);
    const attended = await inboundTicket(server.ctx, target, { key, body: 'atendido' });
    expect(await runInboundStep(server.ctx, autoReplyStep, stepInput(inbox, attended, 'atendido'))).toBe('next');
    for (const m of [inactive, scoped, opened]) expect(await automatedBodies(m.ticketId)).toEqual([]);
  });
});
