/**
 * Dialogflow ES (issue 13 "Bots and AI") against its simulator (Google's token endpoint verifying
 * the RS256 assertion, and detectIntent): the settings (the key file checked, sealed, masked to its
 * client_email; its token_uri through the SSRF policy; the connection test), the answer in the
 * ticket's session with quick replies as choices, the stop and restart words, the access token kept
 * and renewed, and an error of Dialogflow leaving the ticket to humans with a line in its logs.
 */
import { randomUUID } from 'node:crypto';
import { botFixture, startDialogflowSimulator, type DialogflowSimulator } from '@conversa/simulators';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { botMessages } from '../../../test/chatbot.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildChannel, buildInboxTenant, eventually, inboundTicket, rows, type InboxTenant } from '../../../test/inbox.js';
import { AppError } from '../../platform/http/app-error.js';
import { createOutboundPolicy } from '../../platform/http/outbound-policy.js';
import { signedAssertion } from './integrations/dialogflow.js';
import { saveBotIntegration } from './use-cases/bot-integration-settings.js';

let server: TestServer;
let api: Api;
let sim: DialogflowSimulator;

const body = (overrides: Record<string, unknown> = {}) => ({
  kind: 'dialogflow',
  credentials: sim.serviceAccount,
  projectId: sim.projectId,
  language: 'pt-BR',
  url: sim.url,
  botName: 'Loja Azul',
  stopWord: 'sair',
  restartWord: 'menu',
  buttons: true,
  timeoutMs: 5000,
  ...overrides,
});

async function configure(tenant: InboxTenant, overrides: Record<string, unknown> = {}) {
  const saved = await api.put('/settings/bots/dialogflow', body(overrides), { token: tenant.admin.token });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body;
}

async function botTenant(overrides: Record<string, unknown> = {}) {
  const tenant = await buildInboxTenant(server);
  await configure(tenant, overrides);
  const channel = await buildChannel(server.ctx, tenant.tenant.id, { queueId: tenant.queue.id });
  const saved = await api.put(
    `/whatsapp/${channel.id}/ai-bot`,
    { provider: 'dialogflow', answerNewTickets: true },
    { token: tenant.admin.token },
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const key = { externalKey: `webchat:${randomUUID()}` };
  const say = (text: string) =>
    inboundTicket(server.ctx, { tenantId: tenant.tenant.id, channelId: channel.id }, { key, name: 'Cliente', body: text });
  return { tenant, say };
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

async function statusesOf(ticketId: number): Promise<Record<string, boolean>> {
  const [row] = await rows(server.ctx, sql`select integration_statuses as s from tickets where id = ${ticketId}`);
  return row.s as Record<string, boolean>;
}

beforeAll(async () => {
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  api = new Api(server.url);
  sim = await startDialogflowSimulator();
}, 60_000);

afterAll(async () => {
  await server?.close();
  await sim?.close();
});

describe('the Dialogflow simulator', () => {
  it("answers in the documented fixtures' shapes; refuses a token it did not issue", async () => {
    const account = JSON.parse(sim.serviceAccount) as Parameters<typeof signedAssertion>[0];
    const tokenAnswer = await fetch(account.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: signedAssertion(account, Math.floor(Date.now() / 1000)),
      }),
    });
    const token = (await tokenAnswer.json()) as Record<string, unknown>;
    expect(Object.keys(token).sort()).toEqual(Object.keys(botFixture('dialogflow-token-response')).sort());
    const detect = (bearer: string) =>
      fetch(`${sim.url}/v2/projects/${sim.projectId}/agent/sessions/fixture-check:detectIntent`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify(botFixture('dialogflow-detect-intent-request')),
      });
    const answer = (await (await detect(String(token.access_token))).json()) as { queryResult: Record<string, unknown> };
    const fixture = botFixture<{ queryResult: Record<string, unknown> }>('dialogflow-detect-intent-response');
    expect(Object.keys(answer).sort()).toEqual(Object.keys(fixture).sort());
    expect(Object.keys(answer.queryResult).sort()).toEqual(Object.keys(fixture.queryResult).sort());
    const refused = await detect('ya29.not-issued');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual(botFixture('dialogflow-error-401'));
  });
});

describe('Dialogflow settings', () => {
  it('checks the key file, seals it, shows only its client_email, keeps it for the same URL only', async () => {
    const tenant = await buildInboxTenant(server);
    expect((await api.put('/settings/bots/dialogflow', body(), { token: tenant.agent.token })).status).toBe(403);
    const saved = await configure(tenant);
    expect(saved).toMatchObject({
      kind: 'dialogflow',
      configured: true,
      settings: { credentials: '••••••', clientEmail: sim.clientEmail, projectId: sim.projectId, language: 'pt-BR', buttons: true },
    });
    expect(JSON.stringify(saved)).not.toContain('PRIVATE KEY');
    const [stored] = await rows(
      server.ctx,
      sql`select api_key, config from bot_integration_settings where tenant_id = ${tenant.tenant.id}`,
    );
    expect(stored.api_key).toMatch(/^enc:v1:/);
    expect(JSON.stringify(stored)).not.toContain('PRIVATE KEY');
    expect((await api.get('/settings/bots/dialogflow', { token: tenant.admin.token })).body.settings.clientEmail).toBe(sim.clientEmail);

    expect(
      (await api.put('/settings/bots/dialogflow', body({ credentials: '••••••', language: 'en' }), { token: tenant.admin.token })).status,
    ).toBe(200);
    const moved = await api.put('/settings/bots/dialogflow', body({ credentials: '••••••', url: 'http://127.0.0.1:9' }), {
      token: tenant.admin.token,
    });
    expect(moved.status).toBe(400);
    expect(moved.body.fields.credentials).toBeDefined();
    expect((await api.get('/ai-bots', { token: tenant.agent.token })).body).toContainEqual({
      provider: 'dialogflow',
      statusKey: 'dialogflowStatus',
      label: 'Dialogflow',
    });
  });

  it.each([
    ['not JSON', '{ "type": "service_account", ', 'Not valid JSON'],
    ['not a service account', () => JSON.stringify({ ...JSON.parse(sim.serviceAccount), type: 'authorized_user' }), 'service_account'],
    ['no client_email', () => JSON.stringify({ ...JSON.parse(sim.serviceAccount), client_email: 'nobody' }), 'client_email'],
    ['no PEM key', () => JSON.stringify({ ...JSON.parse(sim.serviceAccount), private_key: 'abc' }), 'private_key'],
    ['a bad token_uri', () => JSON.stringify({ ...JSON.parse(sim.serviceAccount), token_uri: 'ftp://x' }), 'token_uri'],
    ['too large', () => JSON.stringify({ ...JSON.parse(sim.serviceAccount), padding: 'x'.repeat(21_000) }), '20 KiB'],
    ['missing', '', 'Required'],
  ] as const)('refuses a key file %s with a field error (400)', async (_what, credentials, words) => {
    const tenant = await buildInboxTenant(server);
    const refused = await api.put(
      '/settings/bots/dialogflow',
      body({ credentials: typeof credentials === 'function' ? credentials() : credentials }),
      { token: tenant.admin.token },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_VALIDATION');
    expect(JSON.stringify(refused.body.fields.credentials)).toContain(words);
    expect((await api.get('/settings/bots/dialogflow', { token: tenant.admin.token })).body.configured).toBe(false);
  });

  it("sends the key file's token_uri through the SSRF policy", async () => {
    const tenant = await buildInboxTenant(server);
    const strict = { ...server.ctx, outbound: createOutboundPolicy({ allowPrivateNetworks: false }) };
    const actor = { tenantId: tenant.tenant.id, userId: tenant.admin.id, profile: 'admin' as const };
    const credentials = JSON.stringify({ ...JSON.parse(sim.serviceAccount), token_uri: 'http://10.0.0.5/token' });
    const error = await saveBotIntegration(strict, actor as never, 'dialogflow', {
      ...body({ credentials, url: 'https://dialogflow.googleapis.com' }),
      kind: 'dialogflow',
      stopWord: null,
      restartWord: null,
    } as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(JSON.stringify((error as AppError).fields?.credentials)).toContain('private network');
  });

  it('tests the connection with a token of the key file; a key Google does not know is refused in its words', async () => {
    const tenant = await buildInboxTenant(server);
    const ok = await api.post('/settings/bots/dialogflow/test', body(), { token: tenant.admin.token });
    expect(ok.body).toEqual({ ok: true, detail: sim.clientEmail });
    const other = await startDialogflowSimulator();
    try {
      // Another key pair: the simulator's token endpoint cannot verify the signature.
      const foreign = JSON.stringify({ ...JSON.parse(other.serviceAccount), token_uri: `${sim.url}/token` });
      const refused = await api.post('/settings/bots/dialogflow/test', body({ credentials: foreign }), { token: tenant.admin.token });
      expect(refused.body.error).toBe('ERR_AI_PROVIDER_REFUSED');
      expect(refused.body.message).toContain('Invalid JWT Signature');
    } finally {
      await other.close();
    }
  });
});

describe('Dialogflow answers', () => {
  it("answers in the ticket's session, quick replies as numbered choices, a number sent as the option's text", async () => {
    const { say } = await botTenant();
    sim.answerWith((text, history) =>
      history.length === 0
        ? { texts: ['Olá! Sou o assistente da Loja Azul.'], quickReplies: { title: 'Posso ajudar com:', options: ['Vendas', 'Suporte'] } }
        : { texts: [`Você escolheu ${text} (${history.length} antes)`] },
    );
    const first = await say('Oi');
    expect(await settledClaim(first.messageId)).toMatchObject({ status: 'answered' });
    const call = sim.detectCalls.at(-1)!;
    expect(call).toMatchObject({ projectId: sim.projectId, text: 'Oi', languageCode: 'pt-BR' });
    expect(call.sessionId).toMatch(new RegExp(`^t${first.ticketId}-`));
    expect(call.sessionId.length).toBeLessThanOrEqual(36);
    const second = await say('2');
    expect(await settledClaim(second.messageId)).toMatchObject({ status: 'answered' });
    expect(sim.detectCalls.at(-1)).toMatchObject({ sessionId: call.sessionId, text: 'Suporte' });
    expect((await botMessages(server, first.ticketId)).map((m) => m.body)).toEqual([
      'Olá! Sou o assistente da Loja Azul.\n\n1 - Vendas\n2 - Suporte',
      'Você escolheu Suporte (1 antes)',
    ]);
    expect((await statusesOf(first.ticketId)).dialogflowStatus).toBe(true);
  });

  it('stops on its stop word and starts a new session on its restart word; an ending intent hands the ticket over', async () => {
    const { say } = await botTenant();
    sim.answerWith((text) => (text === 'tchau' ? { texts: ['Até logo!'], endInteraction: true } : { texts: [`ok: ${text}`] }));
    const first = await say('Oi');
    await settledClaim(first.messageId);
    const session = sim.detectCalls.at(-1)!.sessionId;
    const callsBefore = sim.detectCalls.length;
    await say('sair');
    await eventually(async () => (await statusesOf(first.ticketId)).dialogflowStatus === false, { what: 'the stop word' });
    expect(sim.detectCalls.length).toBe(callsBefore);
    const restart = await say('menu');
    expect(await settledClaim(restart.messageId)).toMatchObject({ status: 'answered' });
    expect(sim.detectCalls.at(-1)!.sessionId).not.toBe(session);
    const bye = await say('tchau');
    expect(await settledClaim(bye.messageId)).toMatchObject({ status: 'answered' });
    expect((await botMessages(server, first.ticketId)).map((m) => m.body).at(-1)).toBe('Até logo!');
    expect((await statusesOf(first.ticketId)).dialogflowStatus).toBe(false);
  });

  it('keeps the access token, renews it when Google stops accepting it or when it is about to expire', async () => {
    sim.answerWith((text) => ({ texts: [`ok: ${text}`] }));
    const { say } = await botTenant();
    const tokensBefore = sim.tokenCalls.length;
    const a = await say('um');
    await settledClaim(a.messageId);
    const b = await say('dois');
    expect(await settledClaim(b.messageId)).toMatchObject({ status: 'answered' });
    // At most one token for both (none when an earlier test's is still good): the second call reused it.
    expect(sim.tokenCalls.length - tokensBefore).toBeLessThanOrEqual(1);
    expect(sim.detectCalls.at(-1)!.token).toBe(sim.detectCalls.at(-2)!.token);

    sim.revokeTokens();
    const c = await say('três');
    expect(await settledClaim(c.messageId)).toMatchObject({ status: 'answered' });
    expect(sim.detectCalls.at(-1)!.token).not.toBe(sim.detectCalls.at(-2)!.token);
    expect(sim.tokenCalls.at(-1)).toEqual({ clientEmail: sim.clientEmail, scope: 'https://www.googleapis.com/auth/cloud-platform' });

    // A token living less than the renewal margin is asked for anew at each message.
    sim.tokenTtl(30);
    sim.revokeTokens();
    try {
      const d = await say('quatro');
      await settledClaim(d.messageId);
      const afterD = sim.tokenCalls.length;
      const e = await say('cinco');
      expect(await settledClaim(e.messageId)).toMatchObject({ status: 'answered' });
      expect(sim.tokenCalls.length).toBe(afterD + 1);
    } finally {
      sim.tokenTtl(3599);
    }
  });

  it("leaves the ticket to humans on Dialogflow's error, with a line in its logs", async () => {
    const { say } = await botTenant();
    sim.injectError('quota');
    const refused = await say('Oi');
    const claim = await settledClaim(refused.messageId);
    expect(claim.status).toBe('failed');
    expect(claim.error).toContain('RESOURCE_EXHAUSTED');
    expect((await statusesOf(refused.ticketId)).dialogflowStatus).toBe(false);
    const logs = (await rows(server.ctx, sql`select type, payload from ticket_logs where ticket_id = ${refused.ticketId} order by id`)) as {
      type: string;
      payload: Record<string, unknown>;
    }[];
    expect(logs.find((log) => log.type === 'aiBotFailed')?.payload.reason).toContain('RESOURCE_EXHAUSTED');
    expect(await botMessages(server, refused.ticketId)).toEqual([]);
  });
});
