import { z } from 'zod';
import { alternate, callJson, LlmCallError, trimmedAnswer, type LlmProtocolAdapter } from './llm-client.js';

const answerSchema = z.object({ message: z.object({ content: z.string() }) });
const tagsSchema = z.object({ models: z.array(z.object({ name: z.string() })) });
const errorSchema = z.object({ error: z.string() });

const headers = (apiKey: string): Record<string, string> => (apiKey ? { authorization: `Bearer ${apiKey}` } : {});
const describe = (body: unknown) => errorSchema.safeParse(body).data?.error;

/**
 * Ollama's native chat (https://github.com/ollama/ollama/blob/main/docs/api.md#generate-a-chat-completion):
 * `POST {base}/api/chat` with `"stream": false`, the prompt as the `system` message and
 * `options.num_predict` as the length cap; the answer is `message.content`. The base URL is the
 * server's root (`http://localhost:11434`); a key, when given, goes as a Bearer token (for a proxy).
 */
export const ollamaChat: LlmProtocolAdapter = {
  async chat(http, endpoint, request) {
    const messages = [...(request.system ? [{ role: 'system', content: request.system }] : []), ...alternate(request.turns)];
    const body = await callJson(
      http,
      `${endpoint.baseUrl}/api/chat`,
      {
        method: 'POST',
        headers: headers(endpoint.apiKey),
        body: { model: endpoint.model, messages, stream: false, options: { num_predict: request.maxTokens } },
        timeoutMs: endpoint.timeoutMs,
      },
      describe,
    );
    const parsed = answerSchema.safeParse(body);
    if (!parsed.success) throw new LlmCallError('empty', 'the answer has no message');
    return trimmedAnswer(parsed.data.message.content);
  },
  async models(http, endpoint) {
    const body = await callJson(
      http,
      `${endpoint.baseUrl}/api/tags`,
      { method: 'GET', headers: headers(endpoint.apiKey), timeoutMs: endpoint.timeoutMs },
      describe,
    );
    return tagsSchema.safeParse(body).data?.models.map((model) => model.name) ?? [];
  },
};
