import type { BotIntegrationSettingsInput } from '@conversa/shared';
import { z } from 'zod';
import { callJson, callText, LlmCallError, parseJson, type Fetch } from '../protocols/llm-client.js';

type DifyConfig = Extract<BotIntegrationSettingsInput, { kind: 'dify' }> & { apiKey: string };

/**
 * Dify's app API (https://docs.dify.ai/api-reference), `Authorization: Bearer <app key>`:
 * - chatbot: `POST {url}/chat-messages` `{ inputs: {}, query, response_mode: 'blocking',
 *   conversation_id, user }` → `{ answer, conversation_id }`;
 * - agent: the same in `streaming` mode (agent apps take no blocking mode): the server-sent events'
 *   `agent_message`/`message` chunks joined, `error` events refused;
 * - text generator: `POST {url}/completion-messages` `{ inputs: { query }, response_mode: 'blocking', user }` → `{ answer }`;
 * - workflow: `POST {url}/workflows/run` `{ inputs: { query }, response_mode: 'blocking', user }` →
 *   `{ data: { status, outputs, error } }`: the output `answer`, `text`, `result` or `output`, else the first text output.
 * Errors answer `{ code, message, status }`.
 */
const describeError = (body: unknown) =>
  body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
    ? `${'code' in body && typeof body.code === 'string' ? `${body.code}: ` : ''}${body.message}`
    : undefined;

const chatSchema = z.object({ answer: z.string(), conversation_id: z.string().optional() });
const workflowSchema = z.object({
  data: z.object({ status: z.string(), outputs: z.record(z.string(), z.unknown()).nullish(), error: z.string().nullish() }),
});

function auth(config: DifyConfig) {
  return { authorization: `Bearer ${config.apiKey}` };
}

function text(answer: string): string {
  const trimmed = answer.trim();
  if (!trimmed) throw new LlmCallError('empty', 'the answer has no text');
  return trimmed;
}

/** An agent's server-sent events: the answer's chunks and the conversation's id. */
function readStream(body: string): { answer: string; conversationId?: string } {
  let answer = '';
  let conversationId: string | undefined;
  for (const line of body.split('\n')) {
    if (!line.startsWith('data:')) continue;
    const event = parseJson(line.slice(5).trim()) as
      { event?: string; answer?: string; conversation_id?: string; message?: string } | undefined;
    if (!event) continue;
    if (event.event === 'error') throw new LlmCallError('refused', `stream error: ${event.message ?? 'unknown'}`);
    if ((event.event === 'agent_message' || event.event === 'message') && typeof event.answer === 'string') answer += event.answer;
    if (event.conversation_id) conversationId = event.conversation_id;
  }
  return { answer, conversationId };
}

export async function difyAnswer(
  http: Fetch,
  config: DifyConfig,
  query: string,
  user: string,
  conversationId: string | null,
): Promise<{ text: string; conversationId: string | null }> {
  if (config.type === 'textGenerator') {
    const body = chatSchema.safeParse(
      await callJson(
        http,
        `${config.url}/completion-messages`,
        {
          method: 'POST',
          headers: auth(config),
          body: { inputs: { query }, response_mode: 'blocking', user },
          timeoutMs: config.timeoutMs,
        },
        describeError,
      ),
    );
    if (!body.success) throw new LlmCallError('refused', 'the answer has no `answer`');
    return { text: text(body.data.answer), conversationId: null };
  }
  if (config.type === 'workflow') {
    const body = workflowSchema.safeParse(
      await callJson(
        http,
        `${config.url}/workflows/run`,
        {
          method: 'POST',
          headers: auth(config),
          body: { inputs: { query }, response_mode: 'blocking', user },
          timeoutMs: config.timeoutMs,
        },
        describeError,
      ),
    );
    if (!body.success) throw new LlmCallError('refused', 'the answer has no workflow `data`');
    const { status, outputs, error } = body.data.data;
    if (status !== 'succeeded') throw new LlmCallError('refused', `workflow ${status}${error ? `: ${error}` : ''}`);
    const values = outputs ?? {};
    const named = ['answer', 'text', 'result', 'output'].map((key) => values[key]).find((value) => typeof value === 'string');
    const first = Object.values(values).find((value) => typeof value === 'string');
    return { text: text(String(named ?? first ?? '')), conversationId: null };
  }
  const request = { inputs: {}, query, user, conversation_id: conversationId ?? '' };
  if (config.type === 'agent') {
    const response = await callText(http, `${config.url}/chat-messages`, {
      method: 'POST',
      headers: { ...auth(config), accept: 'text/event-stream' },
      body: { ...request, response_mode: 'streaming' },
      timeoutMs: config.timeoutMs,
    });
    if (!response.ok) {
      const words = describeError(parseJson(response.text)) ?? response.text.slice(0, 200);
      throw new LlmCallError('refused', `HTTP ${response.status}: ${words}`, response.status);
    }
    const streamed = readStream(response.text);
    return { text: text(streamed.answer), conversationId: streamed.conversationId ?? conversationId };
  }
  const body = chatSchema.safeParse(
    await callJson(
      http,
      `${config.url}/chat-messages`,
      { method: 'POST', headers: auth(config), body: { ...request, response_mode: 'blocking' }, timeoutMs: config.timeoutMs },
      describeError,
    ),
  );
  if (!body.success) throw new LlmCallError('refused', 'the answer has no `answer`');
  return { text: text(body.data.answer), conversationId: body.data.conversation_id ?? conversationId };
}

/** The connection test: `GET {url}/info` (the app's name). */
export async function difyInfo(http: Fetch, config: DifyConfig): Promise<string> {
  const body = await callJson(
    http,
    `${config.url}/info`,
    { method: 'GET', headers: auth(config), timeoutMs: config.timeoutMs },
    describeError,
  );
  const name = body && typeof body === 'object' && 'name' in body && typeof body.name === 'string' ? body.name : '';
  return name;
}
