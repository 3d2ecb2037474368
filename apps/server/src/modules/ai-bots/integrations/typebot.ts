import { BOT_INTEGRATION_INFO, type BotIntegrationSettingsInput } from '@conversa/shared';
import { z } from 'zod';
import type { Fetch } from '../protocols/llm-client.js';
import { callJson, LlmCallError } from '../protocols/llm-client.js';

type TypebotConfig = Extract<BotIntegrationSettingsInput, { kind: 'typebot' }>;

/**
 * Typebot's public chat API (https://docs.typebot.io/api-reference/chat/start-chat and
 * …/continue-chat): `POST {url}/api/v1/typebots/{publicId}/startChat` (the builder's draft:
 * `…/typebots/{typebotId}/preview/startChat`) opens a session and answers the bot's first bubbles
 * and its first input; `POST {url}/api/v1/sessions/{sessionId}/continueChat` with the customer's
 * message `{ type: 'text', text }` answers the next ones. Bubbles are asked as markdown
 * (`textBubbleContentFormat`), Slate rich text read too; an answer without `input` ends the bot.
 */
const contentSchema = z
  .object({
    type: z.string().optional(),
    markdown: z.string().optional(),
    richText: z.unknown().optional(),
    plainText: z.string().optional(),
  })
  .passthrough();
const chatAnswerSchema = z.object({
  sessionId: z.string().optional(),
  messages: z.array(z.object({ type: z.string(), content: contentSchema.optional() }).passthrough()).default([]),
  input: z
    .object({
      type: z.string(),
      items: z.array(z.object({ id: z.string().optional(), content: z.string().optional() }).passthrough()).optional(),
    })
    .passthrough()
    .nullish(),
});

export interface TypebotTurn {
  sessionId: string;
  texts: string[];
  /** The choice input's options (null: another input, or none). */
  choices: string[] | null;
  /** No input awaited: the bot's flow is over. */
  ended: boolean;
}

const describeError = (body: unknown) =>
  body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : undefined;

function headers(config: TypebotConfig & { apiKey: string }): Record<string, string> {
  return config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {};
}

/** The text of a Slate rich-text value (Typebot's default bubble format): paragraphs' leaves joined. */
function slateText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(slateText).join('\n');
  if (value && typeof value === 'object') {
    const node = value as { text?: unknown; children?: unknown };
    if (typeof node.text === 'string') return node.text;
    if (Array.isArray(node.children)) return node.children.map(slateText).join('');
  }
  return '';
}

function turnOf(raw: unknown, sessionId: string | undefined): TypebotTurn {
  const parsed = chatAnswerSchema.safeParse(raw);
  if (!parsed.success) throw new LlmCallError('refused', 'Typebot: the answer is not a chat reply');
  const answer = parsed.data;
  const id = answer.sessionId ?? sessionId;
  if (!id) throw new LlmCallError('refused', 'Typebot: the answer has no sessionId');
  const texts = answer.messages
    .filter((m) => m.type === 'text' && m.content)
    .map((m) => (m.content!.markdown ?? m.content!.plainText ?? slateText(m.content!.richText)).trim())
    .filter(Boolean);
  const input = answer.input ?? null;
  const choices = input?.type === 'choice input' ? (input.items ?? []).map((item) => (item.content ?? '').trim()).filter(Boolean) : null;
  return { sessionId: id, texts, choices: choices?.length ? choices : null, ended: !input };
}

export async function typebotStartChat(
  http: Fetch,
  config: TypebotConfig & { apiKey: string },
  options: { onlyRegistering?: boolean } = {},
) {
  const path = config.type === 'preview' ? `typebots/${config.botName}/preview/startChat` : `typebots/${config.botName}/startChat`;
  const body = await callJson(
    http,
    `${config.url}/api/v1/${path}`,
    {
      method: 'POST',
      headers: headers(config),
      body: {
        isStreamEnabled: false,
        textBubbleContentFormat: 'markdown',
        ...(options.onlyRegistering ? { isOnlyRegistering: true } : {}),
      },
      timeoutMs: config.timeoutMs,
    },
    describeError,
  );
  return turnOf(body, undefined);
}

export async function typebotContinueChat(http: Fetch, config: TypebotConfig & { apiKey: string }, sessionId: string, text: string) {
  const body = await callJson(
    http,
    `${config.url}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`,
    {
      method: 'POST',
      headers: headers(config),
      body: { message: { type: 'text', text }, textBubbleContentFormat: 'markdown' },
      timeoutMs: config.timeoutMs,
    },
    describeError,
  );
  return turnOf(body, sessionId);
}

export const TYPEBOT_LABEL = BOT_INTEGRATION_INFO.typebot.label;
