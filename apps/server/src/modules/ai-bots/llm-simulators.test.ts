/**
 * The LLM simulators against their fixtures (fixtures/llm/SOURCES.md): the documented request
 * sample is accepted and the answer has the documented answer's keys (same nesting, same types);
 * the documented error bodies come back for an injected error; the adapters read both.
 */
import {
  llmFixture,
  startAnthropicSimulator,
  startGeminiSimulator,
  startOllamaSimulator,
  startOpenAiSimulator,
  type LlmSimulator,
} from '@conversa/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundHttp } from '../../platform/http/outbound-http.js';
import { LlmCallError } from './protocols/llm-client.js';
import { LLM_PROTOCOLS } from './protocols/protocols.js';

/** The shape of a JSON value: its keys (recursively) and the types of its leaves. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length ? [shape(value[0])] : [];
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]));
  return value === null ? 'null' : typeof value;
}

let openai: LlmSimulator;
let anthropic: LlmSimulator;
let gemini: LlmSimulator;
let ollama: LlmSimulator;
const http = createOutboundHttp({ allowPrivateNetworks: true });

beforeAll(async () => {
  [openai, anthropic, gemini, ollama] = await Promise.all([
    startOpenAiSimulator({ models: ['gpt-4.1'] }),
    startAnthropicSimulator({ models: ['claude-sonnet-4-20250514'] }),
    startGeminiSimulator({ models: ['gemini-2.0-flash'] }),
    startOllamaSimulator({ models: ['llama3.2'] }),
  ]);
});

afterAll(async () => {
  await Promise.all([openai, anthropic, gemini, ollama].map((sim) => sim?.close()));
});

async function post(url: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

describe('documented samples', () => {
  it('OpenAI Chat Completions', async () => {
    const answer = await post(`${openai.url}/v1/chat/completions`, llmFixture('openai-chat-request'), {
      authorization: `Bearer ${openai.apiKey}`,
    });
    expect(answer.status).toBe(200);
    expect(shape(answer.body)).toEqual(shape(llmFixture('openai-chat-response')));
    expect(openai.calls.at(-1)).toMatchObject({ system: 'You are a helpful assistant.', messages: [{ role: 'user', content: 'Hello!' }] });
  });

  it('Anthropic Messages', async () => {
    const answer = await post(`${anthropic.url}/v1/messages`, llmFixture('anthropic-messages-request'), {
      'x-api-key': anthropic.apiKey!,
      'anthropic-version': '2023-06-01',
    });
    expect(answer.status).toBe(200);
    expect(shape(answer.body)).toEqual(shape(llmFixture('anthropic-messages-response')));
    const noVersion = await post(`${anthropic.url}/v1/messages`, llmFixture('anthropic-messages-request'), {
      'x-api-key': anthropic.apiKey!,
    });
    expect(noVersion.status).toBe(400);
  });

  it('Gemini generateContent (system_instruction as in the reference sample)', async () => {
    const answer = await post(`${gemini.url}/v1beta/models/gemini-2.0-flash:generateContent`, llmFixture('gemini-generate-request'), {
      'x-goog-api-key': gemini.apiKey!,
    });
    expect(answer.status).toBe(200);
    const expected = llmFixture<Record<string, unknown>>('gemini-generate-response');
    expect(shape(answer.body)).toEqual(shape(expected));
    expect(gemini.calls.at(-1)).toMatchObject({
      system: 'You are a cat. Your name is Neko.',
      messages: [{ role: 'user', content: 'Hello there' }],
    });
  });

  it('Ollama chat', async () => {
    const answer = await post(`${ollama.url}/api/chat`, llmFixture('ollama-chat-request'), {});
    expect(answer.status).toBe(200);
    expect(shape(answer.body)).toEqual(shape(llmFixture('ollama-chat-response')));
  });

  it('answers the documented error bodies, which the adapters put in words', async () => {
    const cases = [
      {
        sim: openai,
        protocol: 'openai' as const,
        base: `${openai.url}/v1`,
        model: 'gpt-4.1',
        fixture: 'openai-error-401',
        kind: 'auth' as const,
        words: 'Incorrect API key',
      },
      {
        sim: anthropic,
        protocol: 'anthropic' as const,
        base: `${anthropic.url}/v1`,
        model: 'claude-sonnet-4-20250514',
        fixture: 'anthropic-error-529',
        kind: 'overloaded' as const,
        words: 'overloaded_error: Overloaded',
      },
      {
        sim: gemini,
        protocol: 'gemini' as const,
        base: `${gemini.url}/v1beta`,
        model: 'gemini-2.0-flash',
        fixture: 'gemini-error-429',
        kind: 'rateLimit' as const,
        words: 'RESOURCE_EXHAUSTED',
      },
      {
        sim: ollama,
        protocol: 'ollama' as const,
        base: ollama.url,
        model: 'llama3.3',
        fixture: 'ollama-error-404',
        kind: undefined,
        words: 'not found',
      },
    ];
    for (const c of cases) {
      const endpoint = { baseUrl: c.base, apiKey: c.sim.apiKey ?? '', model: c.model, timeoutMs: 5000 };
      const request = { system: '', turns: [{ role: 'user' as const, content: 'oi' }], maxTokens: 10 };
      if (c.kind) c.sim.injectError(c.kind, 2);
      // The raw answer is the documented body…
      const raw = await fetch(
        c.protocol === 'ollama'
          ? `${c.base}/api/chat`
          : c.protocol === 'gemini'
            ? `${c.base}/models/${c.model}:generateContent`
            : `${c.base}/${c.protocol === 'anthropic' ? 'messages' : 'chat/completions'}`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${c.sim.apiKey}`,
            'x-api-key': c.sim.apiKey ?? '',
            'x-goog-api-key': c.sim.apiKey ?? '',
            'anthropic-version': '2023-06-01',
          },
          body: JSON.stringify({
            model: c.model,
            max_tokens: 10,
            stream: false,
            messages: [{ role: 'user', content: 'oi' }],
            contents: [{ role: 'user', parts: [{ text: 'oi' }] }],
          }),
        },
      );
      expect(await raw.json(), c.protocol).toEqual(llmFixture(c.fixture));
      // …and the adapter puts it in words.
      const error = await LLM_PROTOCOLS[c.protocol].chat(http, endpoint, request).catch((e: unknown) => e);
      expect(error, c.protocol).toBeInstanceOf(LlmCallError);
      expect((error as LlmCallError).kind).toBe('refused');
      expect((error as LlmCallError).message).toContain(c.words);
    }
  });
});
