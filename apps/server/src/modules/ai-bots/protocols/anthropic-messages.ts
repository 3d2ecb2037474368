import { z } from 'zod';
import { alternate, callJson, LlmCallError, trimmedAnswer, type LlmProtocolAdapter } from './llm-client.js';

/** The API version header Anthropic requires (https://docs.anthropic.com/en/api/versioning). */
export const ANTHROPIC_VERSION = '2023-06-01';

const answerSchema = z.object({ content: z.array(z.object({ type: z.string(), text: z.string().optional() })) });
const modelsSchema = z.object({ data: z.array(z.object({ id: z.string() })) });
const errorSchema = z.object({ error: z.object({ type: z.string(), message: z.string() }) });

const headers = (apiKey: string): Record<string, string> => ({ 'x-api-key': apiKey, 'anthropic-version': ANTHROPIC_VERSION });
const describe = (body: unknown) => {
  const error = errorSchema.safeParse(body).data?.error;
  return error && `${error.type}: ${error.message}`;
};

/**
 * Anthropic Messages (https://docs.anthropic.com/en/api/messages): `POST {base}/messages` with
 * `x-api-key` and `anthropic-version`, the prompt as top-level `system`, `max_tokens` required,
 * messages alternating user/assistant from a user turn; the answer is the text blocks of `content`.
 * The base URL includes the version (`https://api.anthropic.com/v1`).
 */
export const anthropicMessages: LlmProtocolAdapter = {
  async chat(http, endpoint, request) {
    const body = await callJson(
      http,
      `${endpoint.baseUrl}/messages`,
      {
        method: 'POST',
        headers: headers(endpoint.apiKey),
        body: {
          model: endpoint.model,
          max_tokens: request.maxTokens,
          ...(request.system ? { system: request.system } : {}),
          messages: alternate(request.turns),
        },
        timeoutMs: endpoint.timeoutMs,
      },
      describe,
    );
    const parsed = answerSchema.safeParse(body);
    if (!parsed.success) throw new LlmCallError('empty', 'the answer has no content');
    return trimmedAnswer(
      parsed.data.content
        .filter((block) => block.type === 'text')
        .map((block) => block.text ?? '')
        .join(''),
    );
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
