import { n8nAnswerSchema, type BotIntegrationSettingsInput, type N8nAnswer, type N8nRequest } from '@conversa/shared';
import { callText, LlmCallError, parseJson, type Fetch } from '../protocols/llm-client.js';

type N8nConfig = Extract<BotIntegrationSettingsInput, { kind: 'n8n' }>;

/**
 * An n8n workflow's Webhook node (https://docs.n8n.io/integrations/builtin/core-nodes/n8n-nodes-base.webhook/):
 * the message POSTed as JSON (N8nRequest); its answer read as N8N_ANSWER (n8nAnswerSchema): an
 * object, or an array whose first item is read ("Respond with all items"); an empty body (204, or
 * "Respond: immediately" with no data) is an answer without text.
 */
export async function n8nWebhook(http: Fetch, config: N8nConfig, request: N8nRequest): Promise<N8nAnswer> {
  const response = await callText(http, config.url, { method: 'POST', headers: {}, body: request, timeoutMs: config.timeoutMs });
  const body = parseJson(response.text);
  if (!response.ok) {
    const words =
      body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
        ? body.message
        : response.text.slice(0, 200);
    throw new LlmCallError('refused', `HTTP ${response.status}: ${words}`, response.status);
  }
  if (!response.text.trim()) return {};
  const first: unknown = Array.isArray(body) ? (body as unknown[])[0] : body;
  if (first === undefined || first === null) return {};
  const parsed = n8nAnswerSchema.safeParse(first);
  if (!parsed.success) throw new LlmCallError('refused', 'the answer is not JSON of the documented shape ({ "reply": "…" })');
  return parsed.data;
}
