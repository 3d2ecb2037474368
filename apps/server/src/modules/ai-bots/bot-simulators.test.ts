/**
 * The Typebot, Dify and n8n simulators against their fixtures (fixtures/bots/SOURCES.md): the
 * documented request samples are accepted and the answers have the documented answers' paths and
 * types; the documented error bodies come back; Conversa's adapters read them.
 */
import {
  botFixture,
  startDifySimulator,
  startN8nSimulator,
  startTypebotSimulator,
  type DifySimulator,
  type N8nSimulator,
  type TypebotSimulator,
} from '@conversa/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingFrom } from '../../../test/payload-shapes.js';
import { createOutboundHttp } from '../../platform/http/outbound-http.js';
import { difyAnswer } from './integrations/dify.js';
import { n8nWebhook } from './integrations/n8n.js';
import { typebotContinueChat, typebotStartChat } from './integrations/typebot.js';
import { LlmCallError } from './protocols/llm-client.js';

let typebot: TypebotSimulator;
let dify: DifySimulator;
let agent: DifySimulator;
let n8n: N8nSimulator;
const http = createOutboundHttp({ allowPrivateNetworks: true });

beforeAll(async () => {
  [typebot, dify, agent, n8n] = await Promise.all([
    startTypebotSimulator(),
    startDifySimulator(),
    startDifySimulator({ mode: 'agent-chat' }),
    startN8nSimulator(),
  ]);
});

afterAll(async () => {
  await Promise.all([typebot, dify, agent, n8n].map((sim) => sim?.close()));
});

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const typebotConfig = () =>
  ({
    kind: 'typebot',
    apiKey: '',
    url: typebot.url,
    botName: typebot.publicId,
    type: 'published',
    stopWord: null,
    restartWord: null,
    unknownMessage: '',
    buttonChoiceMessage: '',
    buttons: true,
    timeoutMs: 5000,
  }) as const;

describe('Typebot', () => {
  it('answers the documented samples in the documented shapes', async () => {
    const start = await post(`${typebot.url}/api/v1/typebots/${typebot.publicId}/startChat`, botFixture('typebot-start-chat-request'));
    expect(start.status).toBe(200);
    expect(
      missingFrom(start.body, botFixture('typebot-start-chat-response'), { ignore: /\.typebot\.|\.logs|\.clientSideActions/ }),
    ).toEqual([]);
    const sessionId = (start.body as { sessionId: string }).sessionId;
    const next = await post(`${typebot.url}/api/v1/sessions/${sessionId}/continueChat`, botFixture('typebot-continue-chat-request'));
    expect(missingFrom(next.body, botFixture('typebot-continue-chat-response'), { ignore: /\.logs|\.clientSideActions/ })).toEqual([]);
    const rich = await post(`${typebot.url}/api/v1/typebots/${typebot.publicId}/startChat`, {});
    expect(
      missingFrom((rich.body as { messages: unknown[] }).messages[0], botFixture('typebot-rich-text-message'), { ignore: /bold/ }),
    ).toEqual([]);
    const unknown = await post(`${typebot.url}/api/v1/sessions/nope/continueChat`, botFixture('typebot-continue-chat-request'));
    expect(unknown).toEqual({ status: 404, body: botFixture('typebot-error-404') });
  });

  it("is read by Conversa's adapter: bubbles, choices, the end; rich text too", async () => {
    const first = await typebotStartChat(http, typebotConfig());
    expect(first).toMatchObject({ texts: ['Olá! Sou o assistente da loja.'], choices: ['Vendas', 'Suporte'], ended: false });
    const second = await typebotContinueChat(http, typebotConfig(), first.sessionId, 'Suporte');
    expect(second).toMatchObject({ texts: ['Perfeito, qual o seu nome?'], choices: null, ended: false });
    const last = await typebotContinueChat(http, typebotConfig(), first.sessionId, 'Ana');
    expect(last).toMatchObject({ ended: true });
    const error = await typebotContinueChat(http, typebotConfig(), first.sessionId, 'de novo').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmCallError);
    expect((error as LlmCallError).status).toBe(404);
    // The default bubble format (Slate rich text), as servers older than `textBubbleContentFormat` answer.
    const richSim = await startTypebotSimulator({ richTextOnly: true, script: [{ bubbles: ['Olá, tudo bem?'], input: null }] });
    try {
      const rich = await typebotStartChat(http, { ...typebotConfig(), url: richSim.url, botName: richSim.publicId });
      expect(rich).toMatchObject({ texts: ['Olá, tudo bem?'], ended: true });
    } finally {
      await richSim.close();
    }
  });
});

describe('Dify', () => {
  const config = (sim: DifySimulator, type: 'chatbot' | 'agent') =>
    ({ kind: 'dify', apiKey: sim.apiKey, url: `${sim.url}/v1`, type, stopWord: null, restartWord: null, timeoutMs: 5000 }) as const;

  it('answers the documented samples in the documented shapes; its error bodies', async () => {
    const auth = { authorization: `Bearer ${dify.apiKey}` };
    const chat = await post(`${dify.url}/v1/chat-messages`, botFixture('dify-chat-request'), auth);
    expect(chat.status).toBe(200);
    expect(missingFrom(chat.body, botFixture('dify-chat-response'))).toEqual([]);
    expect(await post(`${dify.url}/v1/chat-messages`, botFixture('dify-chat-request'), { authorization: 'Bearer app-x' })).toEqual({
      status: 401,
      body: botFixture('dify-error-401'),
    });
    const blocking = await post(`${agent.url}/v1/chat-messages`, botFixture('dify-chat-request'), {
      authorization: `Bearer ${agent.apiKey}`,
    });
    expect(blocking.status).toBe(400);
  });

  it("is read by Conversa's adapter, blocking and streaming", async () => {
    dify.answerWith((query) => `eco ${query}`);
    agent.answerWith((query) => `agente ${query}`);
    const chat = await difyAnswer(http, config(dify, 'chatbot'), 'oi', 'u1', null);
    expect(chat).toEqual({ text: 'eco oi', conversationId: expect.any(String) });
    const streamed = await difyAnswer(http, config(agent, 'agent'), 'oi', 'u1', null);
    expect(streamed).toEqual({ text: 'agente oi', conversationId: expect.any(String) });
    const unknown = await difyAnswer(http, config(dify, 'chatbot'), 'oi', 'u1', 'nao-existe').catch((e: unknown) => e);
    expect((unknown as LlmCallError).status).toBe(404);
    expect((unknown as LlmCallError).message).toContain('Conversation Not Exists.');
  });
});

describe('n8n', () => {
  const config = () => ({ kind: 'n8n', url: n8n.webhookUrl, stopWord: null, restartWord: null, timeoutMs: 5000 }) as const;
  const request = {
    event: 'message',
    ticketId: 1,
    contactId: 2,
    channelId: 3,
    message: { id: 'm', body: 'oi', mediaType: null, timestamp: new Date().toISOString() },
  } as const;

  it("reads a Respond-to-Webhook answer, an AI Agent's items and an empty answer; an inactive workflow's 404", async () => {
    n8n.answerWith(() => botFixture('n8n-respond-to-webhook'));
    expect(await n8nWebhook(http, config(), request)).toEqual(botFixture('n8n-respond-to-webhook'));
    n8n.answerWith(() => botFixture('n8n-ai-agent-output'));
    expect(await n8nWebhook(http, config(), request)).toEqual({ output: 'Olá! Como posso ajudar?' });
    n8n.answerWith(() => undefined);
    expect(await n8nWebhook(http, config(), request)).toEqual({});
    const inactive = await n8nWebhook(http, { ...config(), url: `${n8n.url}/webhook/outro` }, request).catch((e: unknown) => e);
    expect((inactive as LlmCallError).message).toContain('is not registered');
    expect(n8n.calls.at(-1)!.body).toEqual(request);
  });
});
