/**
 * Typebot, Dify and n8n (issue 13 "Bots and AI") against their simulators: settings (key sealed and
 * masked, the path's kind, the SSRF policy, the connection test); per integration the answer, the
 * stop word, the restart word (a new conversation), an agent's take-over, a timeout and a
 * service's error (the ticket left to humans, logged); Typebot's choices as reply buttons / a list
 * on a channel that sends them and as numbered text elsewhere; Dify's four app types; n8n's
 * request and answer shapes; the channel options "disable external integrations on ticket open"
 * and "wait for external-integration processing"; the flow's Typebot interaction.
 */
import { randomUUID } from 'node:crypto';
import {
  startDifySimulator,
  startN8nSimulator,
  startTypebotSimulator,
  type DifySimulator,
  type N8nSimulator,
  type TypebotSimulator,
} from '@conversa/simulators';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { botMessages, publishedFlow } from '../../../test/chatbot.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildChannel, buildInboxTenant, eventually, inboundTicket, rows, type InboxTenant } from '../../../test/inbox.js';
import { createOutboundPolicy } from '../../platform/http/outbound-policy.js';
import { AppError } from '../../platform/http/app-error.js';
import { saveBotIntegration } from './use-cases/bot-integration-settings.js';

let server: TestServer;
let api: Api;
let typebot: TypebotSimulator;
let dify: DifySimulator;
let difyAgent: DifySimulator;
let difyCompletion: DifySimulator;
let difyWorkflow: DifySimulator;
let n8n: N8nSimulator;
let t: InboxTenant;
let other: InboxTenant;

const typebotBody = (overrides: Record<string, unknown> = {}) => ({
  kind: 'typebot',
  apiKey: '',
  url: typebot.url,
  botName: typebot.publicId,
  type: 'published',
  stopWord: 'sair',
  restartWord: 'menu',
  unknownMessage: '',
  buttonChoiceMessage: 'Escolha uma opção:',
  buttons: true,
  timeoutMs: 5000,
  ...overrides,
});
const difyBody = (sim: DifySimulator, type = 'chatbot', overrides: Record<string, unknown> = {}) => ({
  kind: 'dify',
  apiKey: sim.apiKey,
  url: `${sim.url}/v1`,
  type,
  stopWord: 'sair',
  restartWord: 'recomeçar',
  timeoutMs: 5000,
  ...overrides,
});
const n8nBody = (overrides: Record<string, unknown> = {}) => ({
  kind: 'n8n',
  url: n8n.webhookUrl,
  stopWord: 'sair',
  restartWord: 'voltar',
  timeoutMs: 5000,
  ...overrides,
});

async function configure(tenant: InboxTenant, body: Record<string, unknown>) {
  const saved = await api.put(`/settings/bots/${String(body.kind)}`, body, { token: tenant.admin.token });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body;
}

/** A channel of the tenant's queue whose bot is `provider` (its own words: the integration's). */
async function botChannel(
  tenant: InboxTenant,
  provider: string,
  options: Record<string, unknown> = {},
  channel: Record<string, unknown> = {},
) {
  const row = await buildChannel(server.ctx, tenant.tenant.id, { queueId: tenant.queue.id, ...channel });
  const saved = await api.put(
    `/whatsapp/${row.id}/ai-bot`,
    { provider, answerNewTickets: true, ...options },
    { token: tenant.admin.token },
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return row;
}

function customerOf(
  tenant: InboxTenant,
  channelId: number,
  key: { externalKey: string } | { number: string } = { externalKey: `webchat:${randomUUID()}` },
) {
  return (body: string) => inboundTicket(server.ctx, { tenantId: tenant.tenant.id, channelId }, { key, name: 'Cliente Bot', body });
}

async function statusesOf(ticketId: number): Promise<Record<string, boolean>> {
  const [row] = await rows(server.ctx, sql`select integration_statuses as s from tickets where id = ${ticketId}`);
  return row.s as Record<string, boolean>;
}

async function claimOf(messageId: string) {
  const [row] = await rows(server.ctx, sql`select status, error from ai_bot_replies where inbound_message_id = ${messageId}`);
  return row as { status: string; error: string | null } | undefined;
}

const settledClaim = (messageId: string) =>
  eventually(
    async () => {
      const claim = await claimOf(messageId);
      return claim && claim.status !== 'pending' ? claim : undefined;
    },
    { timeoutMs: 30_000, what: `the bot's reply to ${messageId} to settle` },
  );

async function logsOf(ticketId: number): Promise<{ type: string; payload: Record<string, unknown> }[]> {
  return (await rows(server.ctx, sql`select type, payload from ticket_logs where ticket_id = ${ticketId} order by id`)) as never;
}

async function richOf(ticketId: number) {
  return (await rows(
    server.ctx,
    sql`select body, rich from messages where ticket_id = ${ticketId} and from_me and user_id is null order by created_at, id`,
  )) as { body: string; rich: Record<string, unknown> | null }[];
}

beforeAll(async () => {
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  api = new Api(server.url);
  [typebot, dify, difyAgent, difyCompletion, difyWorkflow, n8n] = await Promise.all([
    startTypebotSimulator(),
    startDifySimulator(),
    startDifySimulator({ mode: 'agent-chat' }),
    startDifySimulator({ mode: 'completion' }),
    startDifySimulator({ mode: 'workflow' }),
    startN8nSimulator(),
  ]);
  t = await buildInboxTenant(server);
  other = await buildInboxTenant(server);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await Promise.all([typebot, dify, difyAgent, difyCompletion, difyWorkflow, n8n].map((sim) => sim?.close()));
});

describe('integration settings (admin only; key sealed and masked)', () => {
  it('shows nothing set up first, refuses non-admins, seals and masks the key, keeps it for the same URL only', async () => {
    const before = await api.get('/settings/bots/dify', { token: other.admin.token });
    expect(before.body).toEqual({ kind: 'dify', configured: false, settings: null, updatedAt: null });
    expect((await api.put('/settings/bots/dify', difyBody(dify), { token: other.agent.token })).status).toBe(403);

    const saved = await configure(other, difyBody(dify));
    expect(saved).toMatchObject({ kind: 'dify', configured: true, settings: { apiKey: '••••••', type: 'chatbot', url: `${dify.url}/v1` } });
    const [stored] = await rows(server.ctx, sql`select api_key, config from bot_integration_settings where tenant_id = ${other.tenant.id}`);
    expect(stored.api_key).toMatch(/^enc:v1:/);
    expect(JSON.stringify(stored)).not.toContain(dify.apiKey);

    expect(
      (await api.put('/settings/bots/dify', difyBody(dify, 'chatbot', { apiKey: '••••••' }), { token: other.admin.token })).status,
    ).toBe(200);
    const moved = await api.put('/settings/bots/dify', difyBody(dify, 'chatbot', { apiKey: '••••••', url: `${n8n.url}/v1` }), {
      token: other.admin.token,
    });
    expect(moved.status).toBe(400);
    expect(moved.body.fields.apiKey).toBeDefined();

    const available = await api.get('/ai-bots', { token: other.agent.token });
    expect(available.body).toContainEqual({ provider: 'dify', statusKey: 'difyStatus', label: 'Dify' });
    expect((await api.delete('/settings/bots/dify', { token: other.admin.token })).status).toBe(204);
    expect((await api.get('/ai-bots', { token: other.agent.token })).body).toEqual([]);
  });

  it('refuses a body of another kind, a missing key, a bad URL, an unknown kind', async () => {
    const mismatch = await api.put('/settings/bots/typebot', n8nBody(), { token: t.admin.token });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.fields.kind).toBeDefined();
    const noKey = await api.put('/settings/bots/dify', difyBody(dify, 'chatbot', { apiKey: '' }), { token: t.admin.token });
    expect(noKey.status).toBe(400);
    expect(noKey.body.fields.apiKey).toBeDefined();
    const previewNoKey = await api.put('/settings/bots/typebot', typebotBody({ type: 'preview' }), { token: t.admin.token });
    expect(previewNoKey.status).toBe(400);
    const badUrl = await api.put('/settings/bots/n8n', n8nBody({ url: 'ftp://x' }), { token: t.admin.token });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.error).toBe('ERR_VALIDATION');
    expect((await api.get('/settings/bots/rasa', { token: t.admin.token })).status).toBe(400);
  });

  it('refuses a URL on a private network unless private networks are allowed (SSRF policy)', async () => {
    const strict = { ...server.ctx, outbound: createOutboundPolicy({ allowPrivateNetworks: false }) };
    const actor = { tenantId: other.tenant.id, userId: other.admin.id, profile: 'admin' as const };
    const error = await saveBotIntegration(strict, actor as never, 'n8n', {
      kind: 'n8n',
      url: 'http://10.0.0.5:5678/webhook/x',
      stopWord: null,
      restartWord: null,
      timeoutMs: 5000,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(JSON.stringify((error as AppError).fields)).toContain('private network');
  });

  it('tests the connection of Typebot and Dify, refusing in clear words; n8n has no test', async () => {
    const tb = await api.post('/settings/bots/typebot/test', typebotBody(), { token: t.admin.token });
    expect(tb.status, JSON.stringify(tb.body)).toBe(200);
    expect(typebot.calls.at(-1)?.kind).toBe('register');
    const unknownBot = await api.post('/settings/bots/typebot/test', typebotBody({ botName: 'nao-existe' }), { token: t.admin.token });
    expect(unknownBot.status).toBe(400);
    expect(unknownBot.body.error).toBe('ERR_AI_PROVIDER_REFUSED');
    const df = await api.post('/settings/bots/dify/test', difyBody(dify), { token: t.admin.token });
    expect(df.body).toEqual({ ok: true, detail: 'My App' });
    const wrongKey = await api.post('/settings/bots/dify/test', difyBody(dify, 'chatbot', { apiKey: 'app-wrong' }), {
      token: t.admin.token,
    });
    expect(wrongKey.body.error).toBe('ERR_AI_PROVIDER_REFUSED');
    expect(wrongKey.body.message).toContain('Access token is invalid');
    const unreachable = await api.post('/settings/bots/dify/test', difyBody(dify, 'chatbot', { url: 'http://127.0.0.1:9/v1' }), {
      token: t.admin.token,
    });
    expect(unreachable.body.error).toBe('ERR_AI_PROVIDER_UNREACHABLE');
    expect((await api.post('/settings/bots/n8n/test', n8nBody(), { token: t.admin.token })).status).toBe(400);
  });

  it("a channel's bot must be set up for the tenant; the channel answers its integration options", async () => {
    const channel = await buildChannel(server.ctx, other.tenant.id);
    const notSet = await api.put(`/whatsapp/${channel.id}/ai-bot`, { provider: 'typebot' }, { token: other.admin.token });
    expect(notSet.status).toBe(409);
    expect(notSet.body.error).toBe('ERR_AI_NOT_CONFIGURED');
    const options = await api.put(
      `/whatsapp/${channel.id}/ai-bot`,
      { provider: null, disableIntegrationsOnOpen: false, waitIntegrationProcessing: false },
      { token: other.admin.token },
    );
    expect(options.body).toMatchObject({ provider: null, disableIntegrationsOnOpen: false, waitIntegrationProcessing: false });
    expect((await api.get(`/whatsapp/${channel.id}/ai-bot`, { token: other.admin.token })).body).toMatchObject({
      disableIntegrationsOnOpen: false,
      waitIntegrationProcessing: false,
    });
  });
});

describe('Typebot', () => {
  beforeAll(async () => {
    await configure(t, typebotBody());
  });

  it('starts a chat on a new ticket, numbers its choices on a web chat, continues with the chosen option, ends with its flow', async () => {
    const channel = await botChannel(t, 'typebot');
    const say = customerOf(t, channel.id);
    const first = await say('Oi');
    expect(await settledClaim(first.messageId)).toMatchObject({ status: 'answered' });
    expect((await botMessages(server, first.ticketId)).map((m) => m.body)).toEqual([
      'Olá! Sou o assistente da loja.\n\n1 - Vendas\n2 - Suporte',
    ]);
    expect((await statusesOf(first.ticketId)).typebotStatus).toBe(true);

    const choice = await say('1');
    expect(await settledClaim(choice.messageId)).toMatchObject({ status: 'answered' });
    const continued = typebot.calls.at(-1)!;
    expect(continued).toMatchObject({ kind: 'continue', text: 'Vendas' });
    const name = await say('Maria');
    expect(await settledClaim(name.messageId)).toMatchObject({ status: 'answered' });
    expect((await botMessages(server, first.ticketId)).map((m) => m.body).slice(1)).toEqual([
      'Perfeito, qual o seu nome?',
      'Obrigado! Um atendente vai falar com você.',
    ]);
    // The flow's end hands the ticket to the agents.
    expect((await statusesOf(first.ticketId)).typebotStatus).toBe(false);
    expect((await logsOf(first.ticketId)).at(-1)).toMatchObject({ type: 'aiBotStopped', payload: { by: 'botEnded', bot: 'typebot' } });
    const [session] = await rows(
      server.ctx,
      sql`select count(*)::int as n from bot_integration_sessions where ticket_id = ${first.ticketId}`,
    );
    expect(session.n).toBe(0);
  });

  it('sends its choices as reply buttons where the channel has them (numbered text with the buttons flag off)', async () => {
    const channel = await botChannel(t, 'typebot', {}, { type: 'waba', name: 'WABA bot', settings: {} });
    const first = await customerOf(t, channel.id, { number: `55119${String(Date.now()).slice(-8)}` })('Oi');
    expect(await settledClaim(first.messageId)).toMatchObject({ status: 'answered' });
    const [message] = await richOf(first.ticketId);
    expect(message.rich).toEqual({
      type: 'button',
      text: 'Olá! Sou o assistente da loja.',
      buttons: [
        { id: '1', title: 'Vendas' },
        { id: '2', title: 'Suporte' },
      ],
    });
    expect(message.body).toContain('[Vendas] [Suporte]');

    // The buttons flag off: numbered text even there.
    await configure(t, typebotBody({ buttons: false }));
    try {
      const plain = await customerOf(t, channel.id, { number: `55119${String(Date.now() + 7).slice(-8)}` })('Oi');
      expect(await settledClaim(plain.messageId)).toMatchObject({ status: 'answered' });
      expect(await richOf(plain.ticketId)).toEqual([{ body: 'Olá! Sou o assistente da loja.\n\n1 - Vendas\n2 - Suporte', rich: null }]);
    } finally {
      await configure(t, typebotBody());
    }
  });

  it('answers an unknown choice with the unknown-response message and the choices, without asking Typebot', async () => {
    await configure(t, typebotBody({ unknownMessage: 'Não entendi. Responda com o número.' }));
    try {
      const channel = await botChannel(t, 'typebot');
      const say = customerOf(t, channel.id);
      const first = await say('Oi');
      await settledClaim(first.messageId);
      const calls = typebot.calls.length;
      const wrong = await say('talvez');
      expect(await settledClaim(wrong.messageId)).toMatchObject({ status: 'answered' });
      expect(typebot.calls.length).toBe(calls);
      expect((await botMessages(server, first.ticketId)).at(-1)?.body).toBe(
        'Não entendi. Responda com o número.\n\n1 - Vendas\n2 - Suporte',
      );
    } finally {
      await configure(t, typebotBody());
    }
  });

  it('stops on its stop word, restarts a new chat on its restart word, and starts a new one when Typebot forgot the session', async () => {
    const channel = await botChannel(t, 'typebot');
    const say = customerOf(t, channel.id);
    const first = await say('Oi');
    await settledClaim(first.messageId);
    const stop = await say('SAIR');
    await eventually(async () => (await logsOf(first.ticketId)).some((log) => log.type === 'aiBotStopped'), { what: 'the stop word' });
    expect((await statusesOf(first.ticketId)).typebotStatus).toBe(false);
    expect(await claimOf(stop.messageId)).toBeUndefined();
    const starts = typebot.calls.filter((c) => c.kind === 'start').length;
    const restart = await say('Menu');
    expect(await settledClaim(restart.messageId)).toMatchObject({ status: 'answered' });
    expect(typebot.calls.filter((c) => c.kind === 'start').length).toBe(starts + 1);

    typebot.expireSessions();
    const afterExpiry = await say('2');
    expect(await settledClaim(afterExpiry.messageId)).toMatchObject({ status: 'answered' });
    expect(typebot.calls.at(-1)?.kind).toBe('start');
    expect((await botMessages(server, first.ticketId)).at(-1)?.body).toContain('1 - Vendas');
  });
});

describe('Dify', () => {
  it.each([
    ['chatbot', () => dify, 'chat-messages', 'blocking'],
    ['agent', () => difyAgent, 'chat-messages', 'streaming'],
    ['textGenerator', () => difyCompletion, 'completion-messages', 'blocking'],
    ['workflow', () => difyWorkflow, 'workflows/run', 'blocking'],
  ] as const)('answers as a %s app through %s', async (type, sim, endpoint, mode) => {
    const tenant = await buildInboxTenant(server);
    await configure(tenant, difyBody(sim(), type));
    sim().answerWith((query, history) => `${type}: ${query} (${history.length} antes)`);
    const channel = await botChannel(tenant, 'dify');
    const say = customerOf(tenant, channel.id);
    const first = await say('Qual o prazo de entrega?');
    expect(await settledClaim(first.messageId)).toMatchObject({ status: 'answered' });
    expect(sim().calls.at(-1)).toMatchObject({
      endpoint,
      query: 'Qual o prazo de entrega?',
      user: `conversa-ticket-${first.ticketId}`,
      responseMode: mode,
    });
    const second = await say('E para o Rio?');
    expect(await settledClaim(second.messageId)).toMatchObject({ status: 'answered' });
    const chat = type === 'chatbot' || type === 'agent';
    expect((await botMessages(server, first.ticketId)).map((m) => m.body)).toEqual([
      `${type}: Qual o prazo de entrega? (0 antes)`,
      `${type}: E para o Rio? (${chat ? 1 : 0} antes)`,
    ]);
    if (chat) {
      // Dify holds the context: the ticket's second message continues the first one's conversation.
      expect(sim().calls.at(-2)!.conversationId).toBeNull();
      expect(sim().calls.at(-1)!.conversationId).toEqual(expect.any(String));
    }
  });

  it('keeps the conversation per ticket, forgets it on the restart word; stop word and take-over switch it off', async () => {
    const tenant = await buildInboxTenant(server);
    await configure(tenant, difyBody(dify));
    dify.answerWith((query) => `ok: ${query}`);
    const channel = await botChannel(tenant, 'dify');
    const say = customerOf(tenant, channel.id);
    const first = await say('Oi');
    await settledClaim(first.messageId);
    const conversation = [...dify.conversations.entries()].find(([, queries]) => queries[0] === 'Oi')?.[0];
    expect(conversation).toBeDefined();
    const second = await say('Tudo bem?');
    await settledClaim(second.messageId);
    expect(dify.calls.at(-1)!.conversationId).toBe(conversation);

    await say('sair');
    await eventually(async () => (await statusesOf(first.ticketId)).difyStatus === false, { what: 'the stop word' });
    const restart = await say('recomeçar');
    expect(await settledClaim(restart.messageId)).toMatchObject({ status: 'answered' });
    expect(dify.calls.at(-1)!.conversationId).toBeNull();

    const taken = await api.put(`/tickets/${first.ticketId}`, { status: 'open', userId: tenant.agent.id }, { token: tenant.agent.token });
    expect(taken.body.integrationStatuses.difyStatus).toBe(false);
    const whileAttended = await say('Obrigado');
    // Switched back from the header, the next message is answered: the one before (attended) was not.
    expect((await api.put(`/tickets/${first.ticketId}`, { difyStatus: true }, { token: tenant.agent.token })).status).toBe(200);
    const after = await say('De novo');
    expect(await settledClaim(after.messageId)).toMatchObject({ status: 'answered' });
    expect(await claimOf(whileAttended.messageId)).toBeUndefined();
  });

  it("leaves the ticket to humans on a timeout and on Dify's error, with a line in its logs", async () => {
    const tenant = await buildInboxTenant(server);
    await configure(tenant, difyBody(dify, 'chatbot', { timeoutMs: 1000 }));
    const channel = await botChannel(tenant, 'dify');
    const callsBefore = dify.calls.length;
    dify.delay(1500);
    let slow;
    try {
      slow = await customerOf(tenant, channel.id)('Alô?');
      const claim = await settledClaim(slow.messageId);
      expect(claim.status).toBe('failed');
      expect(claim.error).toContain('no answer within 1000 ms');
    } finally {
      dify.delay(0);
      // The abandoned call still reaches Dify after its delay: wait for it, so that it does not take the error injected below.
      await eventually(async () => dify.calls.length > callsBefore, { what: 'the timed-out call to reach the simulator' });
    }
    expect((await statusesOf(slow.ticketId)).difyStatus).toBe(false);
    expect((await logsOf(slow.ticketId)).find((log) => log.type === 'aiBotFailed')?.payload.reason).toContain('no answer within 1000 ms');

    dify.injectError('appUnavailable');
    const refused = await customerOf(tenant, channel.id)('Oi');
    const claim = await settledClaim(refused.messageId);
    expect(claim).toMatchObject({ status: 'failed' });
    expect(claim.error).toContain('app_unavailable');
    expect((await statusesOf(refused.ticketId)).difyStatus).toBe(false);
    expect(await botMessages(server, refused.ticketId)).toEqual([]);
  });
});

describe('n8n', () => {
  it('POSTs each message in the documented shape and sends its reply back; options, end and an empty answer', async () => {
    const tenant = await buildInboxTenant(server);
    await configure(tenant, n8nBody());
    n8n.answerWith((body) => {
      const text = (body as { message: { body: string } }).message.body;
      if (text === 'silêncio') return undefined;
      if (text === 'tchau') return [{ output: 'Até logo!', end: true }];
      if (text === 'menu') return { reply: 'O que deseja?', options: ['Pedidos', 'Atendente'] };
      return { reply: `n8n recebeu: ${text}` };
    });
    const channel = await botChannel(tenant, 'n8n');
    const say = customerOf(tenant, channel.id);
    const first = await say('Olá');
    expect(await settledClaim(first.messageId)).toMatchObject({ status: 'answered' });
    expect(n8n.calls.at(-1)!.body).toEqual({
      event: 'message',
      ticketId: first.ticketId,
      contactId: first.contactId,
      channelId: channel.id,
      message: { id: first.messageId, body: 'Olá', mediaType: null, timestamp: expect.any(String) },
    });
    const menu = await say('menu');
    await settledClaim(menu.messageId);
    const quiet = await say('silêncio');
    expect(await settledClaim(quiet.messageId)).toMatchObject({ status: 'answered' });
    const bye = await say('tchau');
    await settledClaim(bye.messageId);
    expect((await botMessages(server, first.ticketId)).map((m) => m.body)).toEqual([
      'n8n recebeu: Olá',
      'O que deseja?\n\n1 - Pedidos\n2 - Atendente',
      'Até logo!',
    ]);
    expect((await statusesOf(first.ticketId)).n8nStatus).toBe(false);
  });

  it("stops on the stop word, restarts on the restart word; an inactive workflow's 404 leaves the ticket to humans", async () => {
    const tenant = await buildInboxTenant(server);
    await configure(tenant, n8nBody());
    n8n.answerWith(() => ({ reply: 'ok' }));
    const channel = await botChannel(tenant, 'n8n');
    const say = customerOf(tenant, channel.id);
    const first = await say('Oi');
    await settledClaim(first.messageId);
    const stop = await say('sair');
    await eventually(async () => (await statusesOf(first.ticketId)).n8nStatus === false, { what: 'the stop word' });
    expect(await claimOf(stop.messageId)).toBeUndefined();
    const back = await say('voltar');
    expect(await settledClaim(back.messageId)).toMatchObject({ status: 'answered' });

    await configure(tenant, n8nBody({ url: `${n8n.url}/webhook/inativo` }));
    const lost = await say('Oi de novo');
    const claim = await settledClaim(lost.messageId);
    expect(claim.status).toBe('failed');
    expect(claim.error).toContain('is not registered');
    expect((await logsOf(first.ticketId)).at(-1)).toMatchObject({ type: 'aiBotFailed', payload: { bot: 'n8n' } });
  });
});

describe.each([
  {
    kind: 'typebot' as const,
    statusKey: 'typebotStatus',
    sim: () => typebot as { delay(ms: number): void; fail: TypebotSimulator['fail']; calls: unknown[] },
    body: () => typebotBody(),
  },
  {
    kind: 'n8n' as const,
    statusKey: 'n8nStatus',
    sim: () => n8n as { delay(ms: number): void; fail: N8nSimulator['fail']; calls: unknown[] },
    body: () => n8nBody(),
  },
])('$kind: take-over, timeout, service error', ({ kind, statusKey, sim, body }) => {
  it('stops when an agent takes the ticket over; the header switch brings it back', async () => {
    const tenant = await buildInboxTenant(server);
    await configure(tenant, body());
    n8n.answerWith(() => ({ reply: 'ok' }));
    const channel = await botChannel(tenant, kind);
    const say = customerOf(tenant, channel.id);
    const first = await say('Oi');
    expect(await settledClaim(first.messageId)).toMatchObject({ status: 'answered' });
    const taken = await api.put(`/tickets/${first.ticketId}`, { status: 'open', userId: tenant.agent.id }, { token: tenant.agent.token });
    expect(taken.body.integrationStatuses[statusKey]).toBe(false);
    expect((await logsOf(first.ticketId)).some((log) => log.type === 'aiBotStopped' && log.payload.by === 'agent')).toBe(true);
    const whileAttended = await say('Vendas');
    expect((await api.put(`/tickets/${first.ticketId}`, { [statusKey]: true }, { token: tenant.agent.token })).status).toBe(200);
    const after = await say('Suporte');
    expect(await settledClaim(after.messageId)).toMatchObject({ status: 'answered' });
    expect(await claimOf(whileAttended.messageId)).toBeUndefined();
  });

  it('leaves the ticket to humans on a timeout and on an error of the service, with a line in its logs', async () => {
    const tenant = await buildInboxTenant(server);
    await configure(tenant, { ...body(), timeoutMs: 1000 });
    n8n.answerWith(() => ({ reply: 'ok' }));
    const channel = await botChannel(tenant, kind);
    const callsBefore = sim().calls.length;
    sim().delay(1500);
    let slow;
    try {
      slow = await customerOf(tenant, channel.id)('Alô?');
      const claim = await settledClaim(slow.messageId);
      expect(claim.status).toBe('failed');
      expect(claim.error).toContain('no answer within 1000 ms');
    } finally {
      sim().delay(0);
      // The abandoned call still reaches the service after its delay: wait for it, so that it does not take the fault below.
      await eventually(async () => sim().calls.length > callsBefore, { what: 'the timed-out call to reach the simulator' });
    }
    expect((await statusesOf(slow.ticketId))[statusKey]).toBe(false);
    expect((await logsOf(slow.ticketId)).find((log) => log.type === 'aiBotFailed')?.payload.reason).toContain('no answer within 1000 ms');

    sim().fail({ status: 500, body: { message: 'Internal server error' }, times: 1 });
    const refused = await customerOf(tenant, channel.id)('Oi');
    const claim = await settledClaim(refused.messageId);
    expect(claim).toMatchObject({ status: 'failed' });
    expect(claim.error).toContain('HTTP 500: Internal server error');
    expect((await statusesOf(refused.ticketId))[statusKey]).toBe(false);
    expect(await botMessages(server, refused.ticketId)).toEqual([]);
  });
});

describe('channel options', () => {
  it('"disable external integrations on ticket open" off: an agent accepting the ticket leaves the bot on; a transfer still stops it', async () => {
    const tenant = await buildInboxTenant(server);
    await configure(tenant, n8nBody());
    n8n.answerWith(() => ({ reply: 'bot aqui' }));
    const channel = await botChannel(tenant, 'n8n', { disableIntegrationsOnOpen: false });
    const say = customerOf(tenant, channel.id);
    const first = await say('Oi');
    await settledClaim(first.messageId);
    const accepted = await api.put(
      `/tickets/${first.ticketId}`,
      { status: 'open', userId: tenant.agent.id },
      { token: tenant.agent.token },
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body.integrationStatuses.n8nStatus).toBe(true);
    const during = await say('Continua?');
    expect(await settledClaim(during.messageId)).toMatchObject({ status: 'answered' });
    const moved = await api.put(`/tickets/${first.ticketId}`, { queueId: tenant.otherQueue.id }, { token: tenant.admin.token });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.integrationStatuses.n8nStatus).toBe(false);
  });

  it('"wait for external-integration processing": on, no absence message over the bot; off, the absence message goes out too', async () => {
    const tenant = await buildInboxTenant(server);
    const closed = Array.from({ length: 7 }, (_, day) => ({ day, type: 'C', intervals: [] }));
    expect((await api.put('/tenants/business-hours/', { businessHours: closed }, { token: tenant.admin.token })).status).toBe(200);
    expect(
      (await api.put('/tenants/message-business-hours/', { messageBusinessHours: 'Estamos fechados.' }, { token: tenant.admin.token }))
        .status,
    ).toBe(200);
    await configure(tenant, n8nBody());
    n8n.answerWith(() => ({ reply: 'bot responde' }));

    const waiting = await botChannel(tenant, 'n8n');
    const a = await customerOf(tenant, waiting.id)('Oi');
    expect(await settledClaim(a.messageId)).toMatchObject({ status: 'answered' });
    expect((await botMessages(server, a.ticketId)).map((m) => m.body)).toEqual(['bot responde']);

    const notWaiting = await botChannel(tenant, 'n8n', { waitIntegrationProcessing: false });
    const b = await customerOf(tenant, notWaiting.id)('Oi');
    expect(await settledClaim(b.messageId)).toMatchObject({ status: 'answered' });
    const bodies = await eventually(async () => {
      const messages = (await botMessages(server, b.ticketId)).map((m) => m.body);
      return messages.length >= 2 && messages;
    });
    expect([...bodies].sort()).toEqual(['Estamos fechados.', 'bot responde'].sort());
  });
});

describe("the flow's Typebot interaction", () => {
  it("sends Typebot's opening messages inside a flow and goes on", async () => {
    const tenant = await buildInboxTenant(server);
    await configure(tenant, typebotBody());
    const flow = await publishedFlow(api, tenant.admin.token, {
      steps: [
        {
          id: 'inicio',
          name: 'Início',
          interactions: [
            { id: 'tb', kind: 'typebot' },
            { id: 'fim', kind: 'text', text: 'Um atendente já vem.' },
          ],
        },
      ],
    });
    const channel = await buildChannel(server.ctx, tenant.tenant.id, { chatFlowId: flow.id, queueId: tenant.queue.id });
    const message = await customerOf(tenant, channel.id)('Bom dia');
    const bodies = await eventually(async () => {
      const messages = await botMessages(server, message.ticketId);
      return messages.length >= 2 && messages.map((m) => m.body);
    });
    expect(bodies).toEqual(['Olá! Sou o assistente da loja.\n\n1 - Vendas\n2 - Suporte', 'Um atendente já vem.']);
  });
});
