import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyRequest } from 'fastify';
import { startSimServer, type SimServer } from '../shared/sim-server.js';

/**
 * Local stand-ins for the chatbot-builder and automation services Conversa's integration bots
 * call, built from their public references (fixtures/bots/SOURCES.md):
 *
 * - Typebot's chat API: `POST /api/v1/typebots/{publicId}/startChat` (and
 *   `/api/v1/typebots/{id}/preview/startChat`, token required), `POST
 *   /api/v1/sessions/{sessionId}/continueChat`. The bot is a script of steps (bubbles, then a
 *   choice input, a text input or nothing: the end); a choice answered with none of its items gets
 *   Typebot's retry bubble and the same input again.
 * - Dify's app API: `POST /v1/chat-messages` (blocking; streaming for agent apps, which refuse
 *   blocking), `POST /v1/completion-messages`, `POST /v1/workflows/run`, `GET /v1/info`; Bearer app key.
 * - n8n: `POST /webhook/{path}` answering what the test scripts; unknown paths answer n8n's 404.
 *
 * Every call is kept (`calls`); errors are the documented bodies; slowness is `delay(ms)` and
 * arbitrary faults `fail()` of the common skeleton.
 */

const FIXTURES = new URL('../../fixtures/bots/', import.meta.url);

/** A fixture of packages/simulators/fixtures/bots/, parsed (a fresh copy each call). */
export function botFixture<T extends object = Record<string, unknown>>(name: string): T {
  return JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES), 'utf8')) as T;
}

export function botFixtureText(name: string): string {
  return readFileSync(new URL(name, FIXTURES), 'utf8');
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : undefined;
}

// ---- Typebot ----

export interface TypebotStep {
  bubbles: string[];
  /** The input awaited after the bubbles: a choice (its items), free text, or none (the flow ends). */
  input: { type: 'choice input'; items: string[] } | { type: 'text input' } | null;
}

export interface TypebotCall {
  kind: 'start' | 'preview' | 'continue' | 'register';
  botName: string | null;
  sessionId: string | null;
  /** The customer's text (continueChat). */
  text: string | null;
}

export interface TypebotSimulator extends SimServer {
  readonly publicId: string;
  readonly calls: TypebotCall[];
  /** The sessions alive, by id: the index of the step awaiting its answer. */
  readonly sessions: Map<string, number>;
  /** Forgets every session (as an expired one): continueChat answers 404. */
  expireSessions(): void;
}

const TYPEBOT_RETRY = 'Invalid message. Please, try again.';

/**
 * Bubbles come as markdown when the request asks `textBubbleContentFormat: 'markdown'`, as Slate
 * rich text otherwise (Typebot's default) — always rich text with `richTextOnly` (a server older than the option).
 */
export async function startTypebotSimulator(
  options: { publicId?: string; token?: string | null; script?: TypebotStep[]; richTextOnly?: boolean; port?: number } = {},
): Promise<TypebotSimulator> {
  const publicId = options.publicId ?? 'loja-azul-bot';
  const token = options.token ?? null;
  const script: TypebotStep[] = options.script ?? [
    { bubbles: ['Olá! Sou o assistente da loja.'], input: { type: 'choice input', items: ['Vendas', 'Suporte'] } },
    { bubbles: ['Perfeito, qual o seu nome?'], input: { type: 'text input' } },
    { bubbles: ['Obrigado! Um atendente vai falar com você.'], input: null },
  ];
  const calls: TypebotCall[] = [];
  const sessions = new Map<string, number>();

  const reply = (request: FastifyRequest, index: number, sessionId: string | undefined, extraBubbles: string[] = []) => {
    const step = script[index];
    const bubbles = [...extraBubbles, ...(extraBubbles.length ? [] : step.bubbles)];
    const markdown =
      !options.richTextOnly && (request.body as { textBubbleContentFormat?: string } | undefined)?.textBubbleContentFormat === 'markdown';
    const messages = bubbles.map((text, i) => ({
      id: `m${index}-${i}`,
      type: 'text',
      content: markdown ? { type: 'markdown', markdown: text } : { type: 'richText', richText: [{ type: 'p', children: [{ text }] }] },
    }));
    const input = step.input
      ? step.input.type === 'choice input'
        ? {
            id: `i${index}`,
            type: 'choice input',
            outgoingEdgeId: `e${index}`,
            items: step.input.items.map((content, i) => ({ id: `c${index}-${i}`, outgoingEdgeId: `e${index}-${i}`, content })),
            options: { isMultipleChoice: false },
          }
        : { ...botFixture<{ input: Record<string, unknown> }>('typebot-continue-chat-response').input, id: `i${index}` }
      : undefined;
    return {
      ...(sessionId
        ? { sessionId, resultId: randomUUID(), typebot: botFixture<{ typebot: unknown }>('typebot-start-chat-response').typebot }
        : {}),
      messages,
      ...(input ? { input } : {}),
      clientSideActions: [],
      logs: [],
    };
  };

  const sim = await startSimServer((app) => {
    const start =
      (preview: boolean) => async (request: FastifyRequest<{ Params: { id: string } }>, res: import('fastify').FastifyReply) => {
        const body = (request.body ?? {}) as { isOnlyRegistering?: boolean };
        if ((preview || token) && bearer(request) !== token)
          return res.status(401).send({ message: 'You must be authenticated to perform this action', code: 'UNAUTHORIZED' });
        if (request.params.id !== publicId) return res.status(404).send({ message: 'Typebot not found', code: 'NOT_FOUND' });
        const sessionId = `sess_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
        calls.push({
          kind: body.isOnlyRegistering ? 'register' : preview ? 'preview' : 'start',
          botName: request.params.id,
          sessionId,
          text: null,
        });
        if (body.isOnlyRegistering) {
          sessions.set(sessionId, -1);
          return { sessionId, typebot: botFixture<{ typebot: unknown }>('typebot-start-chat-response').typebot, messages: [] };
        }
        if (script[0].input) sessions.set(sessionId, 0);
        return reply(request, 0, sessionId);
      };
    app.post('/api/v1/typebots/:id/startChat', start(false));
    app.post('/api/v1/typebots/:id/preview/startChat', start(true));
    app.post<{ Params: { sessionId: string } }>('/api/v1/sessions/:sessionId/continueChat', async (request, res) => {
      const { sessionId } = request.params;
      const body = (request.body ?? {}) as { message?: { type?: string; text?: string } | string };
      const text = typeof body.message === 'string' ? body.message : (body.message?.text ?? '');
      calls.push({ kind: 'continue', botName: null, sessionId, text });
      const at = sessions.get(sessionId);
      if (at === undefined) return res.status(404).send(botFixture('typebot-error-404'));
      if (at === -1) {
        // A registered session starts at its first message.
        if (script[0].input) sessions.set(sessionId, 0);
        else sessions.delete(sessionId);
        return reply(request, 0, undefined);
      }
      const input = script[at].input;
      if (input?.type === 'choice input' && !input.items.some((item) => item.toLowerCase() === text.trim().toLowerCase()))
        return reply(request, at, undefined, [TYPEBOT_RETRY]);
      const next = at + 1;
      if (next >= script.length) {
        sessions.delete(sessionId);
        return { messages: [], clientSideActions: [], logs: [] };
      }
      if (script[next].input) sessions.set(sessionId, next);
      else sessions.delete(sessionId);
      return reply(request, next, undefined);
    });
  }, options);
  return { ...sim, publicId, calls, sessions, expireSessions: () => sessions.clear() };
}

// ---- Dify ----

export type DifyMode = 'chat' | 'agent-chat' | 'completion' | 'workflow';

export interface DifyCall {
  endpoint: 'chat-messages' | 'completion-messages' | 'workflows/run' | 'info';
  query: string | null;
  user: string | null;
  conversationId: string | null;
  responseMode: string | null;
}

export interface DifySimulator extends SimServer {
  readonly apiKey: string;
  readonly calls: DifyCall[];
  /** The conversations Dify holds, by id: the queries received, oldest first. */
  readonly conversations: Map<string, string[]>;
  answerWith(answer: (query: string, history: string[]) => string): void;
  /** The next call answers this documented error. */
  injectError(kind: 'auth' | 'appUnavailable'): void;
}

export async function startDifySimulator(options: { apiKey?: string; mode?: DifyMode; port?: number } = {}): Promise<DifySimulator> {
  const apiKey = options.apiKey ?? 'app-sim-key';
  const mode = options.mode ?? 'chat';
  const calls: DifyCall[] = [];
  const conversations = new Map<string, string[]>();
  let answer: (query: string, history: string[]) => string = (query) => `Dify: ${query}`;
  const errors: ('auth' | 'appUnavailable')[] = [];

  const sim = await startSimServer((app) => {
    app.addHook('preHandler', async (request, reply) => {
      const injected = errors.shift();
      if (bearer(request) !== apiKey || injected === 'auth') return reply.status(401).send(botFixture('dify-error-401'));
      if (injected === 'appUnavailable') return reply.status(400).send(botFixture('dify-error-400-app-unavailable'));
    });
    app.get('/v1/info', async () => {
      calls.push({ endpoint: 'info', query: null, user: null, conversationId: null, responseMode: null });
      return { ...botFixture('dify-info-response'), mode: mode === 'chat' ? 'chat' : mode };
    });
    app.post('/v1/chat-messages', async (request, reply) => {
      const body = (request.body ?? {}) as { query?: string; user?: string; conversation_id?: string; response_mode?: string };
      const query = String(body.query ?? '');
      if (mode === 'completion' || mode === 'workflow')
        return reply
          .status(400)
          .send({ code: 'not_chat_app', message: 'Please check if your Chat app mode matches the right API route.', status: 400 });
      if (!query || !body.user)
        return reply.status(400).send({ code: 'invalid_param', message: 'query and user are required', status: 400 });
      if (mode === 'agent-chat' && body.response_mode !== 'streaming')
        return reply.status(400).send({ code: 'invalid_param', message: 'Agent Chat App does not support blocking mode', status: 400 });
      let conversationId = body.conversation_id || '';
      if (conversationId && !conversations.has(conversationId)) return reply.status(404).send(botFixture('dify-error-404-conversation'));
      if (!conversationId) {
        conversationId = randomUUID();
        conversations.set(conversationId, []);
      }
      const history = conversations.get(conversationId)!;
      calls.push({
        endpoint: 'chat-messages',
        query,
        user: body.user,
        conversationId: body.conversation_id || null,
        responseMode: body.response_mode ?? null,
      });
      const text = answer(query, [...history]);
      history.push(query);
      if (mode === 'agent-chat') {
        // The documented event stream, its ids and chunks replaced.
        const half = Math.ceil(text.length / 2);
        const events = botFixtureText('dify-agent-stream.txt')
          .split('\n\n')
          .filter((chunk) => chunk.startsWith('data:'))
          .map((chunk) => JSON.parse(chunk.slice(5)) as Record<string, unknown>);
        const chunks = [text.slice(0, half), text.slice(half)];
        let part = 0;
        const lines = events.map((event) => {
          const out: Record<string, unknown> = { ...event, conversation_id: conversationId };
          if (event.event === 'agent_message') out.answer = chunks[part++] ?? '';
          return `data: ${JSON.stringify(out)}\n\n`;
        });
        return reply.header('content-type', 'text/event-stream').send(lines.join(''));
      }
      return {
        ...botFixture('dify-chat-response'),
        id: randomUUID(),
        message_id: randomUUID(),
        conversation_id: conversationId,
        answer: text,
      };
    });
    app.post('/v1/completion-messages', async (request, reply) => {
      const body = (request.body ?? {}) as { inputs?: { query?: string }; user?: string; response_mode?: string };
      if (mode !== 'completion')
        return reply
          .status(400)
          .send({ code: 'app_unavailable', message: 'App unavailable, please check your app configurations.', status: 400 });
      const query = String(body.inputs?.query ?? '');
      calls.push({
        endpoint: 'completion-messages',
        query,
        user: body.user ?? null,
        conversationId: null,
        responseMode: body.response_mode ?? null,
      });
      return { ...botFixture('dify-completion-response'), id: randomUUID(), message_id: randomUUID(), answer: answer(query, []) };
    });
    app.post('/v1/workflows/run', async (request, reply) => {
      const body = (request.body ?? {}) as { inputs?: { query?: string }; user?: string; response_mode?: string };
      if (mode !== 'workflow')
        return reply
          .status(400)
          .send({ code: 'app_unavailable', message: 'App unavailable, please check your app configurations.', status: 400 });
      const query = String(body.inputs?.query ?? '');
      calls.push({
        endpoint: 'workflows/run',
        query,
        user: body.user ?? null,
        conversationId: null,
        responseMode: body.response_mode ?? null,
      });
      const fixture = botFixture<{ data: Record<string, unknown> }>('dify-workflow-response');
      return { ...fixture, workflow_run_id: randomUUID(), data: { ...fixture.data, outputs: { text: answer(query, []) } } };
    });
  }, options);
  return {
    ...sim,
    apiKey,
    calls,
    conversations,
    answerWith: (fn) => {
      answer = fn;
    },
    injectError: (kind) => errors.push(kind),
  };
}

// ---- n8n ----

export interface N8nCall {
  path: string;
  body: unknown;
}

export interface N8nSimulator extends SimServer {
  /** The production URL of the one active webhook. */
  readonly webhookUrl: string;
  readonly calls: N8nCall[];
  /** What the workflow answers (status 200 and this JSON; undefined: an empty body). */
  answerWith(answer: (body: unknown) => unknown): void;
}

export async function startN8nSimulator(options: { path?: string; port?: number } = {}): Promise<N8nSimulator> {
  const path = options.path ?? 'conversa';
  const calls: N8nCall[] = [];
  let answer: (body: unknown) => unknown = (body) => {
    const text = (body as { message?: { body?: string } }).message?.body ?? '';
    return { reply: `n8n: ${text}` };
  };
  const sim = await startSimServer((app) => {
    app.post<{ Params: { path: string } }>('/webhook/:path', async (request, reply) => {
      if (request.params.path !== path)
        return reply.status(404).send({
          ...botFixture('n8n-webhook-not-registered'),
          message: `The requested webhook "POST ${request.params.path}" is not registered.`,
        });
      calls.push({ path: request.params.path, body: request.body });
      const out = answer(request.body);
      if (out === undefined) return reply.status(200).send('');
      return out;
    });
  }, options);
  return {
    ...sim,
    webhookUrl: `${sim.url}/webhook/${path}`,
    calls,
    answerWith: (fn) => {
      answer = fn;
    },
  };
}
