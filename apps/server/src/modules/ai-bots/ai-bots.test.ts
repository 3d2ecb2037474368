/**
 * LLM bots (issue 13 "Bots and AI") against the provider simulators: settings with the key sealed
 * and masked, the SSRF policy and the connection test; a channel's AI; and per provider (OpenAI
 * Chat Completions, Anthropic Messages, Gemini generateContent, Ollama's native chat, and the
 * OpenAI-compatible endpoint of Ollama for LM Studio-like servers): the answer to a new ticket with
 * the prompt and the conversation as context, the stop word, the restart word, an agent's take-over,
 * the header switch, a timeout and a provider error (the ticket left to humans, logged). Also the
 * flow's AI interaction and one reply per message under a retried job.
 */
import { randomUUID } from 'node:crypto';
import {
  startAnthropicSimulator,
  startGeminiSimulator,
  startOllamaSimulator,
  startOpenAiSimulator,
  type LlmSimulator,
} from '@conversa/simulators';
import { AI_PROVIDER_INFO, type AiProvider } from '@conversa/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { botMessages, publishedFlow } from '../../../test/chatbot.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildChannel, buildInboxTenant, eventually, inboundTicket, rows, type InboxTenant } from '../../../test/inbox.js';
import { transact } from '../../platform/events/transact.js';
import { AppError } from '../../platform/http/app-error.js';
import { createOutboundPolicy } from '../../platform/http/outbound-policy.js';
import { insertAiReplyClaim } from './ai-bots.repository.js';
import { saveAiSettings } from './use-cases/ai-settings.js';
import { deliverAiReply } from './use-cases/deliver-ai-reply.js';

let server: TestServer;
let api: Api;
let openai: LlmSimulator;
let anthropic: LlmSimulator;
let gemini: LlmSimulator;
let ollama: LlmSimulator;
let t: InboxTenant;
let other: InboxTenant;

interface ProviderCase {
  provider: AiProvider;
  sim: () => LlmSimulator;
  protocol: 'openai' | 'anthropic' | 'gemini' | 'ollama';
  /** The base URL for the simulator (versioned where the protocol's base URL is). */
  base: (sim: LlmSimulator) => string;
  model: string;
}

const CASES: ProviderCase[] = [
  { provider: 'chat-gpt', sim: () => openai, protocol: 'openai', base: (s) => `${s.url}/v1`, model: 'gpt-4o-mini' },
  { provider: 'claude', sim: () => anthropic, protocol: 'anthropic', base: (s) => `${s.url}/v1`, model: 'claude-3-5-haiku-latest' },
  { provider: 'gemini', sim: () => gemini, protocol: 'gemini', base: (s) => `${s.url}/v1beta`, model: 'gemini-2.0-flash' },
  { provider: 'ollama', sim: () => ollama, protocol: 'ollama', base: (s) => s.url, model: 'llama3.2' },
  { provider: 'lm', sim: () => ollama, protocol: 'openai', base: (s) => `${s.url}/v1`, model: 'llama3.2' },
];

const settingsBody = (c: ProviderCase, overrides: Record<string, unknown> = {}) => ({
  apiKey: c.sim().apiKey ?? '',
  baseUrl: c.base(c.sim()),
  model: c.model,
  protocol: c.protocol,
  timeoutMs: 5000,
  ...overrides,
});

async function configure(tenant: InboxTenant, c: ProviderCase, overrides: Record<string, unknown> = {}) {
  const saved = await api.put(`/settings/ai/${c.provider}`, settingsBody(c, overrides), { token: tenant.admin.token });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

/** A web-chat channel of the tenant's queue whose AI is `provider`. */
async function aiChannel(tenant: InboxTenant, provider: AiProvider, options: Record<string, unknown> = {}) {
  const channel = await buildChannel(server.ctx, tenant.tenant.id, { queueId: tenant.queue.id });
  const body = {
    provider,
    prompt: 'Você é o assistente da Loja Azul.',
    stopWord: 'PARAR',
    restartWord: 'robô',
    answerNewTickets: true,
    ...options,
  };
  const saved = await api.put(`/whatsapp/${channel.id}/ai-bot`, body, { token: tenant.admin.token });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return channel;
}

function customerOf(tenant: InboxTenant, channelId: number) {
  const key = { externalKey: `webchat:${randomUUID()}` };
  return (body: string) => inboundTicket(server.ctx, { tenantId: tenant.tenant.id, channelId }, { key, name: 'Cliente IA', body });
}

async function statusesOf(ticketId: number): Promise<Record<string, boolean>> {
  const [row] = await rows(server.ctx, sql`select integration_statuses as s from tickets where id = ${ticketId}`);
  return row.s as Record<string, boolean>;
}

async function claimOf(messageId: string) {
  const [row] = await rows(
    server.ctx,
    sql`select status, error, reply_message_id as "replyMessageId" from ai_bot_replies where inbound_message_id = ${messageId}`,
  );
  return row as { status: string; error: string | null; replyMessageId: string | null } | undefined;
}

/** The claim of a customer's message once its job finished (answered, failed or skipped). */
const settledClaim = (messageId: string, timeoutMs = 30_000) =>
  eventually(
    async () => {
      const claim = await claimOf(messageId);
      return claim && claim.status !== 'pending' ? claim : undefined;
    },
    { timeoutMs, what: `the AI reply to ${messageId} to settle` },
  );

async function logTypes(ticketId: number): Promise<{ type: string; payload: Record<string, unknown> }[]> {
  return (await rows(server.ctx, sql`select type, payload from ticket_logs where ticket_id = ${ticketId} order by id`)) as never;
}

beforeAll(async () => {
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  api = new Api(server.url);
  [openai, anthropic, gemini, ollama] = await Promise.all([
    startOpenAiSimulator(),
    startAnthropicSimulator(),
    startGeminiSimulator(),
    startOllamaSimulator(),
  ]);
  t = await buildInboxTenant(server);
  other = await buildInboxTenant(server);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await Promise.all([openai, anthropic, gemini, ollama].map((sim) => sim?.close()));
});

describe('provider settings (admin only; key sealed at rest and masked)', () => {
  const c = CASES[0];

  it("shows the provider's defaults first, refuses non-admins, seals and masks the key", async () => {
    const before = await api.get('/settings/ai/chat-gpt', { token: t.admin.token });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ configured: false, apiKey: '', baseUrl: 'https://api.openai.com/v1', protocol: 'openai' });
    expect((await api.put('/settings/ai/chat-gpt', settingsBody(c), { token: t.agent.token })).status).toBe(403);

    const saved = await api.put('/settings/ai/chat-gpt', settingsBody(c), { token: t.admin.token });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ configured: true, apiKey: '••••••', model: 'gpt-4o-mini', baseUrl: `${openai.url}/v1` });
    expect(JSON.stringify(saved.body)).not.toContain(openai.apiKey!);
    const [stored] = await rows(
      server.ctx,
      sql`select api_key from ai_provider_settings where tenant_id = ${t.tenant.id} and provider = 'chat-gpt'`,
    );
    expect(stored.api_key).toMatch(/^enc:v1:/);
    expect(String(stored.api_key)).not.toContain(openai.apiKey!);

    // The mask keeps the stored key for the same base URL only: a key never goes to an address it was not typed for.
    expect((await api.put('/settings/ai/chat-gpt', settingsBody(c, { apiKey: '••••••' }), { token: t.admin.token })).status).toBe(200);
    const moved = await api.put('/settings/ai/chat-gpt', settingsBody(c, { apiKey: '••••••', baseUrl: `${anthropic.url}/v1` }), {
      token: t.admin.token,
    });
    expect(moved.status).toBe(400);
    expect(moved.body.fields.apiKey).toBeDefined();

    // Agents see which providers exist (the chat header's switches).
    const available = await api.get('/ai-bots', { token: t.agent.token });
    expect(available.body).toContainEqual({ provider: 'chat-gpt', statusKey: 'chatgptStatus', label: 'ChatGPT' });
    expect((await api.get('/ai-bots', { token: other.agent.token })).body).toEqual([]);
  });

  it('refuses bad settings with field errors: a protocol the provider does not speak, a missing key, a bad URL', async () => {
    const protocol = await api.put('/settings/ai/claude', settingsBody(CASES[1], { protocol: 'openai' }), { token: t.admin.token });
    expect(protocol.status).toBe(400);
    expect(protocol.body.fields.protocol).toBeDefined();
    const noKey = await api.put('/settings/ai/claude', settingsBody(CASES[1], { apiKey: '' }), { token: t.admin.token });
    expect(noKey.status).toBe(400);
    expect(noKey.body.fields.apiKey).toBeDefined();
    const badUrl = await api.put('/settings/ai/claude', settingsBody(CASES[1], { baseUrl: 'ftp://x' }), { token: t.admin.token });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.error).toBe('ERR_VALIDATION');
    const unknown = await api.get('/settings/ai/skynet', { token: t.admin.token });
    expect(unknown.status).toBe(400);
  });

  it('refuses a base URL on a private network unless private networks are allowed (SSRF policy)', async () => {
    const strict = { ...server.ctx, outbound: createOutboundPolicy({ allowPrivateNetworks: false }) };
    const actor = { tenantId: other.tenant.id, userId: other.admin.id, profile: 'admin' as const };
    const error = await saveAiSettings(strict, actor as never, 'ollama', {
      ...settingsBody(CASES[3]),
      apiKey: '',
      baseUrl: 'http://127.0.0.1:11434',
      protocol: 'ollama',
      contextTokens: 2000,
      timeoutMs: 5000,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('ERR_VALIDATION');
    expect(JSON.stringify((error as AppError).fields)).toContain('private network');
  });

  it.each(CASES)('tests the connection of $provider: its models, or its refusal in clear words', async (c) => {
    const ok = await api.post(`/settings/ai/${c.provider}/test`, settingsBody(c), { token: t.admin.token });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ ok: true, modelListed: true });
    expect(ok.body.models).toContain(c.model);
    if (c.sim().apiKey) {
      const refused = await api.post(`/settings/ai/${c.provider}/test`, settingsBody(c, { apiKey: 'sk-wrong-key' }), {
        token: t.admin.token,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('ERR_AI_PROVIDER_REFUSED');
    }
    const unreachable = await api.post(`/settings/ai/${c.provider}/test`, settingsBody(c, { baseUrl: 'http://127.0.0.1:9' }), {
      token: t.admin.token,
    });
    expect(unreachable.status).toBe(400);
    expect(unreachable.body.error).toBe('ERR_AI_PROVIDER_UNREACHABLE');
  });
});

describe("a channel's AI", () => {
  it('needs the provider set up, and a channel of the tenant', async () => {
    const channel = await buildChannel(server.ctx, other.tenant.id);
    const notSet = await api.put(`/whatsapp/${channel.id}/ai-bot`, { provider: 'qwen' }, { token: other.admin.token });
    expect(notSet.status).toBe(409);
    expect(notSet.body.error).toBe('ERR_AI_NOT_CONFIGURED');
    const foreign = await api.put(`/whatsapp/${channel.id}/ai-bot`, { provider: 'chat-gpt' }, { token: t.admin.token });
    expect(foreign.status).toBe(404);
    expect((await api.get(`/whatsapp/${channel.id}/ai-bot`, { token: t.admin.token })).status).toBe(404);
    const none = await api.get(`/whatsapp/${channel.id}/ai-bot`, { token: other.admin.token });
    expect(none.body).toEqual({
      channelId: channel.id,
      provider: null,
      prompt: '',
      stopWord: null,
      restartWord: null,
      answerNewTickets: false,
      disableIntegrationsOnOpen: true,
      waitIntegrationProcessing: true,
      answerWithVoice: false,
      voice: 'alloy',
      speechModel: 'tts-1',
    });
  });
});

describe.each(CASES)('the $provider bot ($protocol protocol)', (c) => {
  beforeAll(async () => {
    await configure(t, c);
  });

  it('answers a new ticket with the prompt and the conversation, stops on the stop word, comes back on the restart word', async () => {
    const sim = c.sim();
    sim.answerWith((call) => `[${c.provider}] resposta a: ${call.messages.at(-1)?.content}`);
    const channel = await aiChannel(t, c.provider);
    const say = customerOf(t, channel.id);
    const first = await say('Oi, qual o horário da loja?');
    expect(await settledClaim(first.messageId)).toMatchObject({ status: 'answered' });
    expect((await botMessages(server, first.ticketId)).map((m) => m.body)).toEqual([
      `[${c.provider}] resposta a: Oi, qual o horário da loja?`,
    ]);
    const call = sim.calls.at(-1)!;
    expect(call.protocol).toBe(c.protocol);
    expect(call.model).toBe(c.model);
    expect(call.system).toBe('Você é o assistente da Loja Azul.');
    expect(call.messages).toEqual([{ role: 'user', content: 'Oi, qual o horário da loja?' }]);
    expect((await statusesOf(first.ticketId))[AI_PROVIDER_INFO[c.provider].statusKey]).toBe(true);

    // The context carries the conversation so far: the bot's own answer as the assistant's turn.
    const second = await say('E no sábado?');
    expect(await settledClaim(second.messageId)).toMatchObject({ status: 'answered' });
    expect(sim.calls.at(-1)!.messages).toEqual([
      { role: 'user', content: 'Oi, qual o horário da loja?' },
      { role: 'assistant', content: `[${c.provider}] resposta a: Oi, qual o horário da loja?` },
      { role: 'user', content: 'E no sábado?' },
    ]);

    const stop = await say('  parar ');
    await eventually(async () => (await logTypes(first.ticketId)).some((log) => log.type === 'aiBotStopped'), {
      what: 'the stop word to be logged',
    });
    expect((await statusesOf(first.ticketId))[AI_PROVIDER_INFO[c.provider].statusKey]).toBe(false);
    const ignored = await say('Alguém aí?');
    const restart = await say('Robô');
    expect(await settledClaim(restart.messageId)).toMatchObject({ status: 'answered' });
    // The chain takes a ticket's messages in order: the restart answered means the two before were decided, unanswered.
    expect(await claimOf(stop.messageId)).toBeUndefined();
    expect(await claimOf(ignored.messageId)).toBeUndefined();
    expect(await botMessages(server, first.ticketId)).toHaveLength(3);
    expect((await logTypes(first.ticketId)).map((log) => log.type)).toEqual(
      expect.arrayContaining(['aiBotStarted', 'aiBotStopped', 'aiBotRestarted']),
    );
  });

  it("stops when an agent takes the ticket over; the header's switch brings it back", async () => {
    c.sim().answerWith('Posso ajudar?');
    const channel = await aiChannel(t, c.provider);
    const say = customerOf(t, channel.id);
    const first = await say('Preciso de ajuda');
    expect(await settledClaim(first.messageId)).toMatchObject({ status: 'answered' });

    const taken = await api.put(`/tickets/${first.ticketId}`, { status: 'open', userId: t.agent.id }, { token: t.agent.token });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.integrationStatuses[AI_PROVIDER_INFO[c.provider].statusKey]).toBe(false);
    const whileAttended = await say('Obrigado, atendente');

    const key = AI_PROVIDER_INFO[c.provider].statusKey;
    const switched = await api.put(`/tickets/${first.ticketId}`, { [key]: true }, { token: t.agent.token });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    const after = await say('E agora, robô?');
    expect(await settledClaim(after.messageId)).toMatchObject({ status: 'answered' });
    expect(await claimOf(whileAttended.messageId)).toBeUndefined();
    expect(await botMessages(server, first.ticketId)).toHaveLength(2);
  });

  it('leaves the ticket to humans on a timeout, with a line in its logs', async () => {
    await configure(t, c, { timeoutMs: 1000 });
    const sim = c.sim();
    const callsBefore = sim.calls.length;
    sim.delay(1500);
    try {
      const channel = await aiChannel(t, c.provider);
      const message = await customerOf(t, channel.id)('Alô?');
      const claim = await settledClaim(message.messageId);
      expect(claim.status).toBe('failed');
      expect(claim.error).toContain('no answer within 1000 ms');
      expect((await statusesOf(message.ticketId))[AI_PROVIDER_INFO[c.provider].statusKey]).toBe(false);
      const failed = (await logTypes(message.ticketId)).find((log) => log.type === 'aiBotFailed');
      expect(failed?.payload.reason).toContain('no answer within 1000 ms');
      expect(await botMessages(server, message.ticketId)).toEqual([]);
    } finally {
      sim.delay(0);
      // The abandoned call still reaches the provider once its delay is over: wait for it, so that it
      // does not take the error the next test injects.
      await eventually(async () => sim.calls.length > callsBefore, { what: 'the timed-out call to reach the simulator' });
      await configure(t, c);
    }
  });

  it("leaves the ticket to humans on a provider's error, with its words in the logs", async () => {
    const sim = c.sim();
    sim.injectError('overloaded');
    const channel = await aiChannel(t, c.provider);
    const message = await customerOf(t, channel.id)('Oi');
    const claim = await settledClaim(message.messageId);
    expect(claim.status).toBe('failed');
    expect(claim.error).toMatch(/HTTP (503|529)/);
    expect((await statusesOf(message.ticketId))[AI_PROVIDER_INFO[c.provider].statusKey]).toBe(false);
    expect((await logTypes(message.ticketId)).map((log) => log.type)).toContain('aiBotFailed');
  });
});

describe('one reply per message', () => {
  it('sends one answer when the job runs twice for a claim (a retry after a crash)', async () => {
    openai.answerWith('Uma só resposta');
    const channel = await aiChannel(t, 'chat-gpt', { answerNewTickets: false });
    const message = await customerOf(t, channel.id)('Olá');
    // Not a new-ticket channel: nothing claimed yet. Switch on and claim by hand, as the step does.
    await api.put(`/tickets/${message.ticketId}`, { chatgptStatus: true }, { token: t.agent.token });
    const claim = await transact(server.ctx, (tx) =>
      insertAiReplyClaim(tx, {
        tenantId: t.tenant.id,
        ticketId: message.ticketId,
        inboundMessageId: message.messageId,
        provider: 'chat-gpt',
      }),
    );
    const calls = openai.calls.length;
    await Promise.all([
      deliverAiReply(server.ctx, { tenantId: t.tenant.id, replyId: claim!.id }),
      deliverAiReply(server.ctx, { tenantId: t.tenant.id, replyId: claim!.id }),
    ]);
    await deliverAiReply(server.ctx, { tenantId: t.tenant.id, replyId: claim!.id });
    expect(openai.calls.length - calls).toBeGreaterThanOrEqual(1);
    expect((await botMessages(server, message.ticketId)).map((m) => m.body)).toEqual(['Uma só resposta']);
    expect(await claimOf(message.messageId)).toMatchObject({ status: 'answered' });
  });
});

describe("the flow's AI interaction", () => {
  it("sends the provider's answer inside a flow and goes on", async () => {
    anthropic.answerWith((call) => `Claude (${call.system}) diz oi`);
    const flow = await publishedFlow(api, t.admin.token, {
      steps: [
        {
          id: 'inicio',
          name: 'Início',
          interactions: [
            { id: 'ia', kind: 'ai', provider: 'claude', prompt: 'Seja breve.' },
            { id: 'fim', kind: 'text', text: 'Um atendente já vem.' },
          ],
        },
      ],
    });
    const channel = await buildChannel(server.ctx, t.tenant.id, { chatFlowId: flow.id, queueId: t.queue.id });
    const message = await customerOf(t, channel.id)('Bom dia');
    const bodies = await eventually(async () => {
      const messages = await botMessages(server, message.ticketId);
      return messages.length >= 2 && messages.map((m) => m.body);
    });
    expect(bodies).toEqual(['Claude (Seja breve.) diz oi', 'Um atendente já vem.']);
    expect(anthropic.calls.at(-1)!.messages.at(-1)).toEqual({ role: 'user', content: 'Bom dia' });
  });

  it('refuses an AI interaction of an unknown provider when the flow is saved', async () => {
    const response = await api.post(
      '/chat-flow',
      {
        name: 'IA ruim',
        definition: { startStepId: 'a', steps: [{ id: 'a', name: 'A', interactions: [{ id: 'x', kind: 'ai', provider: 'skynet' }] }] },
      },
      { token: t.admin.token },
    );
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
  });
});
