import { z } from 'zod';
import { alternate, callJson, LlmCallError, trimmedAnswer, type LlmProtocolAdapter } from './llm-client.js';

const answerSchema = z.object({
  candidates: z
    .array(z.object({ content: z.object({ parts: z.array(z.object({ text: z.string().optional() })).optional() }).optional() }))
    .min(1),
});
const modelsSchema = z.object({ models: z.array(z.object({ name: z.string() })) });
const errorSchema = z.object({ error: z.object({ message: z.string(), status: z.string().optional() }) });

const headers = (apiKey: string): Record<string, string> => ({ 'x-goog-api-key': apiKey });
const describe = (body: unknown) => {
  const error = errorSchema.safeParse(body).data?.error;
  return error && [error.status, error.message].filter(Boolean).join(': ');
};

/**
 * Gemini generateContent (https://ai.google.dev/api/generate-content):
 * `POST {base}/models/{model}:generateContent` with `x-goog-api-key`, the prompt as
 * `systemInstruction`, turns as `contents` with roles user/model, `generationConfig.maxOutputTokens`;
 * the answer is the text parts of the first candidate. The base URL includes the version
 * (`https://generativelanguage.googleapis.com/v1beta`).
 */
export const geminiGenerateContent: LlmProtocolAdapter = {
  async chat(http, endpoint, request) {
    const contents = alternate(request.turns).map((turn) => ({
      role: turn.role === 'assistant' ? 'model' : 'user',
      parts: [{ text: turn.content }],
    }));
    const body = await callJson(
      http,
      `${endpoint.baseUrl}/models/${encodeURIComponent(endpoint.model)}:generateContent`,
      {
        method: 'POST',
        headers: headers(endpoint.apiKey),
        body: {
          ...(request.system ? { systemInstruction: { parts: [{ text: request.system }] } } : {}),
          contents,
          generationConfig: { maxOutputTokens: request.maxTokens },
        },
        timeoutMs: endpoint.timeoutMs,
      },
      describe,
    );
    const parsed = answerSchema.safeParse(body);
    if (!parsed.success) throw new LlmCallError('empty', 'the answer has no candidates (blocked or empty)');
    return trimmedAnswer((parsed.data.candidates[0].content?.parts ?? []).map((part) => part.text ?? '').join(''));
  },
  async models(http, endpoint) {
    const body = await callJson(
      http,
      `${endpoint.baseUrl}/models`,
      { method: 'GET', headers: headers(endpoint.apiKey), timeoutMs: endpoint.timeoutMs },
      describe,
    );
    return modelsSchema.safeParse(body).data?.models.map((model) => model.name.replace(/^models\//, '')) ?? [];
  },
};
