import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { startSimServer, type SimServer } from '../shared/sim-server.js';

/**
 * Local stand-ins for the LLM providers' chat APIs, built from their public references
 * (fixtures/llm/SOURCES.md), one server per protocol:
 *
 * - OpenAI Chat Completions: `POST /v1/chat/completions` (`Authorization: Bearer <key>`; `model`,
 *   `messages` [{ role system|developer|user|assistant, content }]) answering a `chat.completion`;
 *   `GET /v1/models`; its audio endpoints `POST /v1/audio/transcriptions` (multipart `file` and
 *   `model`, answering `{ text }`) and `POST /v1/audio/speech` (JSON `model`, `input`, `voice`,
 *   `response_format`, answering the audio file). Also what DeepSeek, Grok (xAI), Qwen (Model Studio compatible mode), LM
 *   Studio and Ollama's compatibility layer speak.
 * - Anthropic Messages: `POST /v1/messages` (`x-api-key`, `anthropic-version`; `model`,
 *   `max_tokens`, `system`, `messages` alternating user/assistant); `GET /v1/models`.
 * - Gemini: `POST /v1beta/models/{model}:generateContent` (`x-goog-api-key` or `?key=`;
 *   `system_instruction`/`systemInstruction`, `contents` [{ role user|model, parts [{ text }] }]);
 *   `GET /v1beta/models`.
 * - Ollama: `POST /api/chat` (`stream: false`) and `GET /api/tags`, plus its OpenAI-compatible
 *   `POST /v1/chat/completions` and `GET /v1/models`.
 *
 * Every call is kept (`calls`) as the normalized conversation it carried; the answer is scripted
 * per test (`answerWith`), errors are the providers' documented bodies (`injectError`) and
 * slowness is `delay(ms)` of the common skeleton.
 */

export type LlmProtocol = 'openai' | 'anthropic' | 'gemini' | 'ollama';

export interface LlmTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmCall {
  /** The wire protocol the call came in (Ollama's simulator takes 'ollama' and 'openai'). */
  protocol: LlmProtocol;
  model: string;
  /** The instructions (system / developer / systemInstruction), joined; null when none. */
  system: string | null;
  /** The conversation, oldest first, without the instructions. */
  messages: LlmTurn[];
  /** The answer length asked (max_tokens, maxOutputTokens, num_predict), when given. */
  maxTokens: number | null;
}

export type LlmAnswerer = (call: LlmCall) => string;

/** A `POST /v1/audio/transcriptions` served: the file as it came and the model asked. */
export interface TranscriptionCall {
  model: string;
  fileName: string;
  mime: string;
  content: Buffer;
  responseFormat: string | null;
}

/** A `POST /v1/audio/speech` served. */
export interface SpeechCall {
  model: string;
  input: string;
  voice: string;
  responseFormat: string;
}

/** The voices of OpenAI's text-to-speech (https://platform.openai.com/docs/guides/text-to-speech#voice-options). */
export const OPENAI_VOICES = ['alloy', 'ash', 'ballad', 'coral', 'echo', 'fable', 'nova', 'onyx', 'sage', 'shimmer', 'verse'] as const;

/** The audio models OpenAI documents (https://platform.openai.com/docs/models): others answer 404 model_not_found. */
export const OPENAI_TRANSCRIPTION_MODELS = ['whisper-1', 'gpt-4o-transcribe', 'gpt-4o-mini-transcribe'] as const;
export const OPENAI_SPEECH_MODELS = ['tts-1', 'tts-1-hd', 'gpt-4o-mini-tts'] as const;

const SPEECH_MIME: Record<string, string> = {
  mp3: 'audio/mpeg',
  opus: 'audio/ogg',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
  pcm: 'audio/pcm',
};

/** The audio the speech endpoint answers: an MPEG-1 Layer III frame header (128 kbit/s, 44.1 kHz) then the text's bytes, recognisable in tests. */
export function simulatedSpeech(input: string, voice: string): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.from(`${voice}:${input}`, 'utf8')]);
}

export type LlmErrorKind = 'auth' | 'rateLimit' | 'overloaded' | 'modelNotFound';

export interface LlmSimulator extends SimServer {
  readonly protocol: LlmProtocol;
  /** The key the simulator accepts (null: any, or none). */
  readonly apiKey: string | null;
  readonly models: readonly string[];
  /** Every chat call answered normally, in order. */
  readonly calls: LlmCall[];
  /** What the assistant answers (default: `Echo: <the last user message>`). */
  answerWith(answer: string | LlmAnswerer): void;
  /** The next `times` chat calls answer this documented error. */
  injectError(kind: LlmErrorKind, times?: number): void;
  /** OpenAI protocol: every transcription served, in order. */
  readonly transcriptions: TranscriptionCall[];
  /** OpenAI protocol: every speech served, in order (the audio answered is simulatedSpeech(input, voice)). */
  readonly speeches: SpeechCall[];
  /** The transcript answered (default: the documented example's text). */
  transcribeWith(text: string | ((call: TranscriptionCall) => string)): void;
}

export interface LlmSimulatorOptions {
  apiKey?: string | null;
  models?: string[];
  port?: number;
}

const FIXTURES = new URL('../../fixtures/llm/', import.meta.url);

/** A fixture of packages/simulators/fixtures/llm/, parsed (a fresh copy each call). */
export function llmFixture<T = Record<string, unknown>>(name: string): T {
  return JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES), 'utf8')) as T;
}

const defaultAnswer: LlmAnswerer = (call) => `Echo: ${[...call.messages].reverse().find((m) => m.role === 'user')?.content ?? ''}`;

interface Wiring {
  answer: LlmAnswerer;
  transcript: (call: TranscriptionCall) => string;
  transcriptions: TranscriptionCall[];
  speeches: SpeechCall[];
  errors: { kind: LlmErrorKind; left: number }[];
  calls: LlmCall[];
}

/** The error this protocol documents for a kind: [status, body]. */
function errorOf(protocol: LlmProtocol, kind: LlmErrorKind, model: string): [number, unknown] {
  switch (protocol) {
    case 'openai':
      if (kind === 'auth') return [401, llmFixture('openai-error-401')];
      if (kind === 'modelNotFound')
        return [
          404,
          {
            error: {
              message: `The model \`${model}\` does not exist or you do not have access to it.`,
              type: 'invalid_request_error',
              param: null,
              code: 'model_not_found',
            },
          },
        ];
      if (kind === 'overloaded')
        return [
          503,
          {
            error: { message: 'The engine is currently overloaded, please try again later', type: 'server_error', param: null, code: null },
          },
        ];
      return [429, llmFixture('openai-error-429')];
    case 'anthropic':
      if (kind === 'auth') return [401, llmFixture('anthropic-error-401')];
      if (kind === 'modelNotFound') return [404, { type: 'error', error: { type: 'not_found_error', message: `model: ${model}` } }];
      if (kind === 'overloaded') return [529, llmFixture('anthropic-error-529')];
      return [
        429,
        { type: 'error', error: { type: 'rate_limit_error', message: 'Number of request tokens has exceeded your per-minute rate limit' } },
      ];
    case 'gemini':
      if (kind === 'auth') return [400, llmFixture('gemini-error-400')];
      if (kind === 'modelNotFound')
        return [404, { error: { code: 404, message: `models/${model} is not found for API version v1beta`, status: 'NOT_FOUND' } }];
      if (kind === 'overloaded')
        return [503, { error: { code: 503, message: 'The model is overloaded. Please try again later.', status: 'UNAVAILABLE' } }];
      return [429, llmFixture('gemini-error-429')];
    case 'ollama':
      if (kind === 'modelNotFound') return [404, { error: `model "${model}" not found, try pulling it first` }];
      if (kind === 'auth') return [401, { error: 'unauthorized' }];
      return [503, { error: 'server busy, please try again.  maximum pending requests exceeded' }];
  }
}

function takeError(wiring: Wiring): LlmErrorKind | undefined {
  const next = wiring.errors[0];
  if (!next) return undefined;
  if (--next.left <= 0) wiring.errors.shift();
  return next.kind;
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value))
    return value.map((part: unknown) => (part && typeof part === 'object' && 'text' in part ? String(part.text) : '')).join('');
  return '';
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : undefined;
}

/** Answers the documented error and returns true when the call must not be served. */
function refuse(
  reply: FastifyReply,
  protocol: LlmProtocol,
  wiring: Wiring,
  authorized: boolean,
  model: string,
  known: readonly string[],
): boolean {
  const kind: LlmErrorKind | undefined = !authorized
    ? 'auth'
    : (takeError(wiring) ?? (known.includes(model) ? undefined : 'modelNotFound'));
  if (!kind) return false;
  const [status, body] = errorOf(protocol, kind, model);
  void reply.status(status).send(body);
  return true;
}

/** OpenAI's routes (also Ollama's compatibility layer). */
function openAiRoutes(app: FastifyInstance, wiring: Wiring, apiKey: string | null, models: readonly string[]) {
  app.post('/v1/chat/completions', async (request, reply) => {
    const body = (request.body ?? {}) as {
      model?: string;
      messages?: { role?: string; content?: unknown }[];
      max_tokens?: number;
      max_completion_tokens?: number;
      stream?: boolean;
    };
    const model = String(body.model ?? '');
    if (!Array.isArray(body.messages) || !model)
      return reply.status(400).send({
        error: { message: "'messages' and 'model' are required properties", type: 'invalid_request_error', param: null, code: null },
      });
    if (refuse(reply, 'openai', wiring, apiKey === null || bearer(request) === apiKey, model, models)) return reply;
    const system = body.messages.filter((m) => m.role === 'system' || m.role === 'developer').map((m) => text(m.content));
    const call: LlmCall = {
      protocol: 'openai',
      model,
      system: system.length ? system.join('\n') : null,
      messages: body.messages
        .filter((m) => m.role === 'user' || m.role === 'assistant')
        .map((m) => ({ role: m.role as 'user' | 'assistant', content: text(m.content) })),
      maxTokens: body.max_completion_tokens ?? body.max_tokens ?? null,
    };
    wiring.calls.push(call);
    const answer = wiring.answer(call);
    const fixture = llmFixture<{
      choices: { message: { content: string } }[];
      usage: Record<string, number>;
      model: string;
      id: string;
      created: number;
    }>('openai-chat-response');
    fixture.id = `chatcmpl-${randomBytes(12).toString('hex')}`;
    fixture.created = Math.floor(Date.now() / 1000);
    fixture.model = model;
    fixture.choices[0].message.content = answer;
    return reply.send(fixture);
  });
  openAiAudioRoutes(app, wiring, apiKey);
  app.get('/v1/models', async (request, reply) => {
    if (apiKey !== null && bearer(request) !== apiKey) return reply.status(401).send(llmFixture('openai-error-401'));
    return reply.send({
      object: 'list',
      data: models.map((id) => ({ id, object: 'model', created: 1686935002, owned_by: 'organization-owner' })),
    });
  });
}

const invalidRequest = (message: string, param: string | null = null) => ({
  error: { message, type: 'invalid_request_error', param, code: null },
});

/** OpenAI's audio endpoints (https://platform.openai.com/docs/api-reference/audio). */
function openAiAudioRoutes(app: FastifyInstance, wiring: Wiring, apiKey: string | null) {
  void app.register(fastifyMultipart, { limits: { fileSize: 25 * 1024 * 1024, files: 1 } });
  const audioRefused = (request: FastifyRequest, reply: FastifyReply, model: string, known: readonly string[]) =>
    refuse(reply, 'openai', wiring, apiKey === null || bearer(request) === apiKey, model, known);

  app.post('/v1/audio/transcriptions', async (request, reply) => {
    if (!request.isMultipart()) return reply.status(400).send(invalidRequest('The request must be multipart/form-data.'));
    const fields: Record<string, string> = {};
    let file: { name: string; mime: string; content: Buffer } | undefined;
    for await (const part of request.parts()) {
      if (part.type === 'file') file = { name: part.filename, mime: part.mimetype, content: await part.toBuffer() };
      else fields[part.fieldname] = String(part.value);
    }
    if (!file) return reply.status(400).send(invalidRequest("Missing required parameter: 'file'.", 'file'));
    if (!fields.model) return reply.status(400).send(invalidRequest("Missing required parameter: 'model'.", 'model'));
    if (audioRefused(request, reply, fields.model, OPENAI_TRANSCRIPTION_MODELS)) return reply;
    const call: TranscriptionCall = {
      model: fields.model,
      fileName: file.name,
      mime: file.mime,
      content: file.content,
      responseFormat: fields.response_format ?? null,
    };
    wiring.transcriptions.push(call);
    const fixture = llmFixture<{ text: string }>('openai-transcription-response');
    fixture.text = wiring.transcript(call);
    if (call.responseFormat === 'text') return reply.type('text/plain').send(fixture.text);
    return reply.send(fixture);
  });

  app.post('/v1/audio/speech', async (request, reply) => {
    const body = (request.body ?? {}) as { model?: string; input?: unknown; voice?: unknown; response_format?: string };
    const model = String(body.model ?? '');
    if (!model || typeof body.input !== 'string' || typeof body.voice !== 'string')
      return reply.status(400).send(invalidRequest("'model', 'input' and 'voice' are required properties"));
    if (body.input.length > 4096) return reply.status(400).send(invalidRequest("'input' is longer than 4096 characters", 'input'));
    if (!(OPENAI_VOICES as readonly string[]).includes(body.voice))
      return reply
        .status(400)
        .send(invalidRequest(`Invalid value: '${body.voice}'. Supported values are: ${OPENAI_VOICES.join(', ')}.`, 'voice'));
    const format = body.response_format ?? 'mp3';
    if (!SPEECH_MIME[format]) return reply.status(400).send(invalidRequest(`Invalid value: '${format}'.`, 'response_format'));
    if (audioRefused(request, reply, model, OPENAI_SPEECH_MODELS)) return reply;
    wiring.speeches.push({ model, input: body.input, voice: body.voice, responseFormat: format });
    return reply.type(SPEECH_MIME[format]).send(simulatedSpeech(body.input, body.voice));
  });
}

function anthropicRoutes(app: FastifyInstance, wiring: Wiring, apiKey: string | null, models: readonly string[]) {
  const authorized = (request: FastifyRequest) => apiKey === null || request.headers['x-api-key'] === apiKey;
  app.post('/v1/messages', async (request, reply) => {
    const body = (request.body ?? {}) as {
      model?: string;
      max_tokens?: number;
      system?: unknown;
      messages?: { role?: string; content?: unknown }[];
    };
    const model = String(body.model ?? '');
    if (!request.headers['anthropic-version'])
      return reply
        .status(400)
        .send({ type: 'error', error: { type: 'invalid_request_error', message: 'anthropic-version: header is required' } });
    if (!Array.isArray(body.messages) || !model || typeof body.max_tokens !== 'number')
      return reply
        .status(400)
        .send({ type: 'error', error: { type: 'invalid_request_error', message: 'model, max_tokens and messages: Field required' } });
    if (body.messages.some((m, i) => m.role !== (i % 2 === 0 ? 'user' : 'assistant')))
      return reply.status(400).send({
        type: 'error',
        error: {
          type: 'invalid_request_error',
          message: 'messages: roles must alternate between "user" and "assistant", starting with "user"',
        },
      });
    if (refuse(reply, 'anthropic', wiring, authorized(request), model, models)) return reply;
    const call: LlmCall = {
      protocol: 'anthropic',
      model,
      system: body.system === undefined ? null : text(body.system),
      messages: body.messages.map((m) => ({ role: m.role as 'user' | 'assistant', content: text(m.content) })),
      maxTokens: body.max_tokens,
    };
    wiring.calls.push(call);
    const fixture = llmFixture<{ id: string; model: string; content: { type: string; text: string }[] }>('anthropic-messages-response');
    fixture.id = `msg_${randomBytes(12).toString('hex')}`;
    fixture.model = model;
    fixture.content = [{ type: 'text', text: wiring.answer(call) }];
    return reply.send(fixture);
  });
  app.get('/v1/models', async (request, reply) => {
    if (!authorized(request)) return reply.status(401).send(llmFixture('anthropic-error-401'));
    return reply.send({
      data: models.map((id) => ({ type: 'model', id, display_name: id, created_at: '2025-05-22T00:00:00Z' })),
      has_more: false,
      first_id: models[0] ?? null,
      last_id: models.at(-1) ?? null,
    });
  });
}

function geminiRoutes(app: FastifyInstance, wiring: Wiring, apiKey: string | null, models: readonly string[]) {
  const authorized = (request: FastifyRequest) =>
    apiKey === null || request.headers['x-goog-api-key'] === apiKey || (request.query as Record<string, unknown>).key === apiKey;
  app.post('/v1beta/models/:action', async (request, reply) => {
    const action = (request.params as { action: string }).action;
    const match = /^(.+):generateContent$/.exec(action);
    if (!match) return reply.status(404).send({ error: { code: 404, message: 'Method not found.', status: 'NOT_FOUND' } });
    const model = match[1];
    type Content = { role?: string; parts?: { text?: string }[] };
    const body = (request.body ?? {}) as {
      contents?: Content[];
      systemInstruction?: Content;
      system_instruction?: Content;
      generationConfig?: { maxOutputTokens?: number };
    };
    if (!Array.isArray(body.contents) || body.contents.length === 0)
      return reply.status(400).send({
        error: { code: 400, message: '* GenerateContentRequest.contents: contents is not specified', status: 'INVALID_ARGUMENT' },
      });
    if (refuse(reply, 'gemini', wiring, authorized(request), model, models)) return reply;
    const instruction = body.systemInstruction ?? body.system_instruction;
    const call: LlmCall = {
      protocol: 'gemini',
      model,
      system: instruction ? text(instruction.parts) : null,
      messages: body.contents.map((c) => ({ role: c.role === 'model' ? 'assistant' : 'user', content: text(c.parts) })),
      maxTokens: body.generationConfig?.maxOutputTokens ?? null,
    };
    wiring.calls.push(call);
    const fixture = llmFixture<{ candidates: { content: { parts: { text: string }[] } }[]; modelVersion: string }>(
      'gemini-generate-response',
    );
    fixture.candidates[0].content.parts = [{ text: wiring.answer(call) }];
    fixture.modelVersion = model;
    return reply.send(fixture);
  });
  app.get('/v1beta/models', async (request, reply) => {
    if (!authorized(request)) return reply.status(400).send(llmFixture('gemini-error-400'));
    return reply.send({
      models: models.map((id) => ({
        ...llmFixture<{ models: Record<string, unknown>[] }>('gemini-models-response').models[0],
        name: `models/${id}`,
        displayName: id,
      })),
    });
  });
}

function ollamaRoutes(app: FastifyInstance, wiring: Wiring, apiKey: string | null, models: readonly string[]) {
  const authorized = (request: FastifyRequest) => apiKey === null || bearer(request) === apiKey;
  app.post('/api/chat', async (request, reply) => {
    const body = (request.body ?? {}) as {
      model?: string;
      messages?: { role?: string; content?: unknown }[];
      stream?: boolean;
      options?: { num_predict?: number };
    };
    const model = String(body.model ?? '');
    if (!model) return reply.status(400).send({ error: 'model is required' });
    if (body.stream !== false) return reply.status(400).send({ error: 'this simulator answers only "stream": false requests' });
    if (refuse(reply, 'ollama', wiring, authorized(request), model, models)) return reply;
    const messages = body.messages ?? [];
    const system = messages.filter((m) => m.role === 'system').map((m) => text(m.content));
    const call: LlmCall = {
      protocol: 'ollama',
      model,
      system: system.length ? system.join('\n') : null,
      messages: messages
        .filter((m) => m.role === 'user' || m.role === 'assistant')
        .map((m) => ({ role: m.role as 'user' | 'assistant', content: text(m.content) })),
      maxTokens: body.options?.num_predict ?? null,
    };
    wiring.calls.push(call);
    const fixture = llmFixture<{ model: string; created_at: string; message: { content: string } }>('ollama-chat-response');
    fixture.model = model;
    fixture.created_at = new Date().toISOString();
    fixture.message.content = wiring.answer(call);
    return reply.send(fixture);
  });
  app.get('/api/tags', async (_request, reply) =>
    reply.send({
      models: models.map((name) => ({
        ...llmFixture<{ models: Record<string, unknown>[] }>('ollama-tags-response').models[0],
        name,
        model: name,
      })),
    }),
  );
}

async function startLlmSimulator(
  protocol: LlmProtocol,
  defaults: { models: string[] },
  options: LlmSimulatorOptions,
): Promise<LlmSimulator> {
  const apiKey =
    options.apiKey === undefined ? (protocol === 'ollama' ? null : `sk-sim-${randomBytes(8).toString('hex')}`) : options.apiKey;
  const models = options.models ?? defaults.models;
  const wiring: Wiring = {
    answer: defaultAnswer,
    errors: [],
    calls: [],
    transcript: () => llmFixture<{ text: string }>('openai-transcription-response').text,
    transcriptions: [],
    speeches: [],
  };
  const server = await startSimServer(
    (app) => {
      if (protocol === 'openai') openAiRoutes(app, wiring, apiKey, models);
      if (protocol === 'anthropic') anthropicRoutes(app, wiring, apiKey, models);
      if (protocol === 'gemini') geminiRoutes(app, wiring, apiKey, models);
      if (protocol === 'ollama') {
        ollamaRoutes(app, wiring, apiKey, models);
        openAiRoutes(app, wiring, apiKey, models);
      }
    },
    { port: options.port },
  );
  return Object.assign(server, {
    protocol,
    apiKey,
    models,
    calls: wiring.calls,
    transcriptions: wiring.transcriptions,
    speeches: wiring.speeches,
    transcribeWith(text: string | ((call: TranscriptionCall) => string)) {
      wiring.transcript = typeof text === 'string' ? () => text : text;
    },
    answerWith(answer: string | LlmAnswerer) {
      wiring.answer = typeof answer === 'string' ? () => answer : answer;
    },
    injectError(kind: LlmErrorKind, times = 1) {
      wiring.errors.push({ kind, left: times });
    },
  });
}

export const startOpenAiSimulator = (options: LlmSimulatorOptions = {}) =>
  startLlmSimulator('openai', { models: ['gpt-4o-mini', 'deepseek-chat', 'grok-3-mini', 'qwen-plus'] }, options);
export const startAnthropicSimulator = (options: LlmSimulatorOptions = {}) =>
  startLlmSimulator('anthropic', { models: ['claude-3-5-haiku-latest'] }, options);
export const startGeminiSimulator = (options: LlmSimulatorOptions = {}) =>
  startLlmSimulator('gemini', { models: ['gemini-2.0-flash'] }, options);
export const startOllamaSimulator = (options: LlmSimulatorOptions = {}) => startLlmSimulator('ollama', { models: ['llama3.2'] }, options);
