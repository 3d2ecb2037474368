import type { AppContext } from '../../../app-context.js';
import { OutboundBlockedError } from '../../../platform/http/outbound-http.js';

/** One turn of the conversation given to a model, oldest first. */
export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface LlmEndpoint {
  baseUrl: string;
  /** '' when the server takes none (LM Studio, Ollama). */
  apiKey: string;
  model: string;
  timeoutMs: number;
}

export interface ChatRequest {
  /** The instructions (the channel's or the flow step's prompt); '' none. */
  system: string;
  /** Starts with a user turn (Anthropic and Gemini require it); consecutive turns of one role are merged. */
  turns: ChatTurn[];
  maxTokens: number;
}

/**
 * Why a provider gave no answer: `refused` (it answered an error: key, model, quota — its status and
 * words kept), `unreachable` (no answer in time, refused connection, blocked address), `empty` (an
 * answer without text).
 */
export class LlmCallError extends Error {
  constructor(
    readonly kind: 'refused' | 'unreachable' | 'empty' | 'blocked',
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'LlmCallError';
  }
}

export type Fetch = AppContext['http'];

export interface LlmProtocolAdapter {
  chat(http: Fetch, endpoint: LlmEndpoint, request: ChatRequest): Promise<string>;
  /** The models the endpoint lists (the connection test). */
  models(http: Fetch, endpoint: LlmEndpoint): Promise<string[]>;
}

/**
 * A call within the endpoint's timeout through the SSRF-safe client: the answer's status and raw
 * text (any status), or an LlmCallError when nothing came back (blocked, refused connection, timeout).
 */
export async function callText(
  http: Fetch,
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown; timeoutMs: number },
): Promise<{ status: number; ok: boolean; text: string }> {
  const response = await fetchOrFail(http, url, {
    method: init.method,
    headers: { accept: 'application/json', ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    timeoutMs: init.timeoutMs,
  });
  try {
    return { status: response.status, ok: response.ok, text: await response.text() };
  } catch (error) {
    throw unreachable(error, init.timeoutMs);
  }
}

export function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One request within `timeoutMs` through the SSRF-safe client: the answer (any status), or an
 * LlmCallError `blocked` / `unreachable`.
 */
export async function fetchOrFail(http: Fetch, url: string, init: Parameters<Fetch>[1] & { timeoutMs: number }) {
  const { timeoutMs, ...rest } = init;
  try {
    return await http(url, { ...rest, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    if (error instanceof OutboundBlockedError) throw new LlmCallError('blocked', error.message);
    throw unreachable(error, timeoutMs);
  }
}

/** A request that failed on the way or timed out (the answer's body included). */
export function unreachable(error: unknown, timeoutMs: number): LlmCallError {
  const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
  return new LlmCallError(
    'unreachable',
    timedOut ? `no answer within ${timeoutMs} ms` : `could not be reached (${(error as Error).message})`,
  );
}

/** The body of an error answer as the provider's words (`describeError` reads its JSON), for an LlmCallError `refused`. */
export function refusal(status: number, text: string, describeError: (body: unknown) => string | undefined): LlmCallError {
  return new LlmCallError('refused', `HTTP ${status}: ${describeError(parseJson(text)) ?? text.slice(0, 200)}`, status);
}

/**
 * A JSON call within the endpoint's timeout through the SSRF-safe client: the parsed answer, or an
 * LlmCallError (the provider's error words read by `describeError`).
 */
export async function callJson(
  http: Fetch,
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown; timeoutMs: number },
  describeError: (body: unknown) => string | undefined,
): Promise<unknown> {
  const response = await callText(http, url, init);
  if (!response.ok) throw refusal(response.status, response.text, describeError);
  const body = parseJson(response.text);
  if (body === undefined) throw new LlmCallError('refused', `HTTP ${response.status}: the answer is not JSON`, response.status);
  return body;
}

/** Turns of one role in a row merged (Anthropic and Gemini require alternation), starting with a user turn. */
export function alternate(turns: readonly ChatTurn[]): ChatTurn[] {
  const merged: ChatTurn[] = [];
  for (const turn of turns) {
    const last = merged.at(-1);
    if (last && last.role === turn.role) last.content = `${last.content}\n${turn.content}`;
    else merged.push({ ...turn });
  }
  while (merged[0]?.role === 'assistant') merged.shift();
  return merged;
}

export function trimmedAnswer(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) throw new LlmCallError('empty', 'the answer has no text');
  return text;
}
