import { z } from 'zod';
import { alternate, callJson, LlmCallError, trimmedAnswer, type LlmProtocolAdapter } from './llm-client.js';

const answerSchema = z.object({ choices: z.array(z.object({ message: z.object({ content: z.string().nullable().optional() }) })).min(1) });
const modelsSchema = z.object({ data: z.array(z.object({ id: z.string() })) });
const errorSchema = z.object({ error: z.object({ message: z.string() }) });

const headers = (apiKey: string): Record<string, string> => (apiKey ? { authorization: `Bearer ${apiKey}` } : {});
const describe = (body: unknown) => errorSchema.safeParse(body).data?.error.message;

/**
 * OpenAI Chat Completions (https://platform.openai.com/docs/api-reference/chat/create):
 * `POST {base}/chat/completions` with `Authorization: Bearer`, the prompt as the `system` message,
 * `max_tokens`, not streamed; the answer is `choices[0].message.content`. The base URL includes the
 * version (`https://api.openai.com/v1`, `https://api.x.ai/v1`, `http://localhost:11434/v1`…).
 * Also DeepSeek, Grok, Qwen (compatible mode), LM Studio and Ollama's compatibility layer.
 */
export const openAiChatCompletions: LlmProtocolAdapter = {
  async chat(http, endpoint, request) {
    const messages = [...(request.system ? [{ role: 'system', content: request.system }] : []), ...alternate(request.turns)];
    const body = await callJson(
      http,
      `${endpoint.baseUrl}/chat/completions`,
      {
        method: 'POST',
        headers: headers(endpoint.apiKey),
        body: { model: endpoint.model, messages, max_tokens: request.maxTokens, stream: false },
        timeoutMs: endpoint.timeoutMs,
      },
      describe,
    );
    const parsed = answerSchema.safeParse(body);
    if (!parsed.success) throw new LlmCallError('empty', 'the answer has no choices');
    return trimmedAnswer(parsed.data.choices[0].message.content);
  },
  async models(http, endpoint) {
    const body = await callJson(
      http,
      `${endpoint.baseUrl}/models`,
      { method: 'GET', headers: headers(endpoint.apiKey), timeoutMs: endpoint.timeoutMs },
      describe,
    );
    return modelsSchema.safeParse(body).data?.data.map((model) => model.id) ?? [];
  },
};
