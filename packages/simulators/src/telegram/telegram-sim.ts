import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { startSimServer, type SimServer } from '../shared/sim-server.js';

/**
 * A local Telegram Bot API (https://core.telegram.org/bots/api), the part Conversa uses:
 * `/bot<token>/<method>` by GET or POST (query string, JSON, urlencoded or multipart form),
 * answers `{ok: true, result}` or `{ok: false, error_code, description, parameters?}`, file
 * downloads at `/file/bot<token>/<file_path>`, and webhooks delivered as the Bot API delivers them
 * (a JSON Update POSTed to the URL of setWebhook, with the `X-Telegram-Bot-Api-Secret-Token`
 * header when a secret_token was set), or kept for getUpdates (long polling: offset confirms
 * updates, timeout waits for them, allowed_updates filters them; 409 Conflict while a webhook is
 * set or when a newer getUpdates ends an older one, as the Bot API answers).
 */

export interface TgUser {
  id: number;
  is_bot: boolean;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

export interface TgChat {
  id: number;
  type: 'private' | 'group' | 'supergroup' | 'channel';
  first_name?: string;
  last_name?: string;
  username?: string;
  title?: string;
}

export interface TgPhotoSize {
  file_id: string;
  file_unique_id: string;
  width: number;
  height: number;
  file_size?: number;
}

export interface TgMessage {
  message_id: number;
  from?: TgUser;
  chat: TgChat;
  date: number;
  edit_date?: number;
  text?: string;
  caption?: string;
  photo?: TgPhotoSize[];
  document?: { file_id: string; file_unique_id: string; file_name?: string; mime_type?: string; file_size?: number };
  voice?: { file_id: string; file_unique_id: string; duration: number; mime_type?: string; file_size?: number };
  audio?: { file_id: string; file_unique_id: string; duration: number; file_name?: string; mime_type?: string; file_size?: number };
  video?: {
    file_id: string;
    file_unique_id: string;
    width: number;
    height: number;
    duration: number;
    file_name?: string;
    mime_type?: string;
    file_size?: number;
  };
  location?: { latitude: number; longitude: number };
  reply_to_message?: TgMessage;
}

export interface TgUpdate {
  update_id: number;
  message?: TgMessage;
  /** A new version of a message (https://core.telegram.org/bots/api#update): same message_id, with edit_date. */
  edited_message?: TgMessage;
  channel_post?: TgMessage;
  edited_channel_post?: TgMessage;
}

/** The update's type, as allowed_updates names it. */
const UPDATE_KINDS = ['message', 'edited_message', 'channel_post', 'edited_channel_post'] as const;
const kindOf = (update: TgUpdate): string => UPDATE_KINDS.find((kind) => update[kind] !== undefined) ?? 'message';

/** A message the bot sent (sendMessage, sendPhoto…), as the simulator stored it. */
export interface SentTgMessage {
  method: string;
  params: Record<string, unknown>;
  /** Uploaded files of a multipart request, by field name. */
  files: Record<string, { filename: string; mime: string; content: Buffer }>;
  message: TgMessage;
  deleted: boolean;
}

export interface UpdateInput {
  chat?: Partial<TgChat> & { id: number };
  /** The sender (default: the private chat's user). */
  from?: TgUser;
  messageId?: number;
  updateId?: number;
  date?: number;
  /**
   * The message was edited: delivered as edited_message with edit_date (pass the original's
   * messageId and date to edit a message sent earlier).
   */
  edited?: boolean;
  caption?: string;
  replyTo?: number;
}

export type UpdateKind =
  | { kind: 'text'; text: string }
  | { kind: 'photo'; content: Buffer; width?: number; height?: number }
  | { kind: 'document'; content: Buffer; fileName: string; mimeType: string }
  | { kind: 'voice'; content: Buffer; duration?: number }
  | { kind: 'location'; latitude: number; longitude: number };

export interface WebhookDelivery {
  update: TgUpdate;
  status: number;
  body: unknown;
}

export interface TelegramSim {
  url: string;
  server: SimServer;
  /** The token of the simulated bot; any other token answers 401. */
  token: string;
  bot: TgUser;
  /** What setWebhook registered (null after deleteWebhook). */
  webhook: { url: string; secretToken?: string; allowedUpdates?: string[] } | null;
  sent: SentTgMessage[];
  /** Chats the bot may write to (known once they wrote to the bot, or added). */
  addChat(chat: TgChat): void;
  /** Builds an Update of a customer's message and POSTs it to the webhook, as Telegram does. */
  sendUpdate(input: UpdateKind & UpdateInput): Promise<WebhookDelivery>;
  /**
   * Builds an Update of a customer's message and keeps it for getUpdates (long polling), as
   * Telegram does for a bot without a webhook; a waiting getUpdates answers at once.
   */
  queueUpdate(input: UpdateKind & UpdateInput): TgUpdate;
  /** Updates kept for getUpdates and not yet confirmed (by a later call with a higher offset). */
  readonly pendingUpdates: readonly TgUpdate[];
  /** Whether a getUpdates call is waiting for updates (long polling). */
  readonly polling: boolean;
  /** POSTs an Update as is (a redelivery), with the registered secret or the given one (null: none). */
  deliver(update: TgUpdate, options?: { secretToken?: string | null }): Promise<WebhookDelivery>;
  /** The next `times` send*, edit and delete calls answer 429 with parameters.retry_after. */
  rateLimit(retryAfter: number, times?: number): void;
  close(): Promise<void>;
}

const SEND_METHODS = new Set(['sendMessage', 'sendPhoto', 'sendDocument', 'sendVoice', 'sendAudio', 'sendVideo']);
const MEDIA_FIELD: Record<string, string> = {
  sendPhoto: 'photo',
  sendDocument: 'document',
  sendVoice: 'voice',
  sendAudio: 'audio',
  sendVideo: 'video',
};

/** Thrown inside a method to answer a Bot API error. */
class BotApiError extends Error {
  constructor(
    readonly errorCode: number,
    readonly description: string,
    readonly parameters?: { retry_after?: number; migrate_to_chat_id?: number },
  ) {
    super(description);
  }
}

interface ParsedBody {
  fields: Record<string, unknown>;
  files: Record<string, { filename: string; mime: string; content: Buffer }>;
}

/** Form values arrive as strings; the Bot API reads JSON-serialised values (arrays, objects) from them. */
function formValue(value: string): unknown {
  const trimmed = value.trim();
  if (/^[[{]/.test(trimmed)) {
    try {
      return JSON.parse(trimmed);
    } catch {
      return value;
    }
  }
  return value;
}

async function parseMultipart(body: Buffer, contentType: string): Promise<ParsedBody> {
  const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  const parsed: ParsedBody = { fields: {}, files: {} };
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') parsed.fields[name] = formValue(value);
    else
      parsed.files[name] = {
        filename: value.name,
        mime: value.type || 'application/octet-stream',
        content: Buffer.from(await value.arrayBuffer()),
      };
  }
  return parsed;
}

const str = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : value === undefined || value === null
        ? undefined
        : JSON.stringify(value);
const int = (value: unknown) => {
  const n = Number(value);
  return Number.isInteger(n) ? n : undefined;
};

export async function startTelegramSim(options: { token?: string; port?: number } = {}): Promise<TelegramSim> {
  const botId = 7_000_000_000 + Math.floor(Math.random() * 1_000_000);
  const token = options.token ?? `${botId}:AA${randomBytes(24).toString('base64url')}`;
  const bot: TgUser = {
    id: Number(token.split(':')[0]) || botId,
    is_bot: true,
    first_name: 'Conversa Sim Bot',
    username: 'conversa_sim_bot',
  };
  const chats = new Map<number, TgChat>();
  const files = new Map<string, { content: Buffer; path: string; uniqueId: string }>();
  const filesByPath = new Map<string, Buffer>();
  const sent: SentTgMessage[] = [];
  let nextMessageId = 1;
  let nextUpdateId = 100_000;
  let rateLimit: { retryAfter: number; left: number } | undefined;
  /** Updates for getUpdates, oldest first (Telegram keeps them up to 24 hours). */
  let pending: TgUpdate[] = [];
  /** allowed_updates of the last getUpdates that gave one (it applies to the later calls). */
  let pollAllowed: string[] | undefined;
  /** The getUpdates call waiting for updates (long polling), if any. */
  let waiting: { wake(force?: boolean): void; conflict(): void } | undefined;

  const state: { webhook: TelegramSim['webhook'] } = { webhook: null };

  function storeFile(content: Buffer, folder: string, extension: string): { file_id: string; file_unique_id: string; file_size: number } {
    const fileId = `AgAC${randomBytes(30).toString('base64url')}`;
    const uniqueId = `AQAD${randomBytes(8).toString('base64url')}`;
    const path = `${folder}/file_${files.size}.${extension}`;
    files.set(fileId, { content, path, uniqueId });
    filesByPath.set(path, content);
    return { file_id: fileId, file_unique_id: uniqueId, file_size: content.length };
  }

  const chatOf = (chatId: unknown): TgChat => {
    const id = int(chatId);
    const chat = id === undefined ? undefined : chats.get(id);
    if (!chat) throw new BotApiError(400, 'Bad Request: chat not found');
    return chat;
  };

  function outgoingMessage(method: string, params: Record<string, unknown>, upload: ParsedBody['files']): TgMessage {
    const chat = chatOf(params.chat_id);
    const message: TgMessage = { message_id: nextMessageId++, from: bot, chat, date: Math.floor(Date.now() / 1000) };
    const replyTo = int((params.reply_parameters as { message_id?: unknown } | undefined)?.message_id ?? params.reply_to_message_id);
    if (replyTo !== undefined) {
      const quoted = sent.find((s) => s.message.chat.id === chat.id && s.message.message_id === replyTo)?.message;
      if (quoted) message.reply_to_message = quoted;
    }
    if (method === 'sendMessage') {
      const text = str(params.text);
      if (!text) throw new BotApiError(400, 'Bad Request: message text is empty');
      if (text.length > 4096) throw new BotApiError(400, 'Bad Request: message is too long');
      message.text = text;
      return message;
    }
    const field = MEDIA_FIELD[method];
    const file = upload[field];
    const reference = str(params[field]);
    if (!file && !reference) throw new BotApiError(400, `Bad Request: there is no ${field} in the request`);
    const content = file?.content ?? files.get(reference ?? '')?.content;
    if (!content) throw new BotApiError(400, 'Bad Request: wrong file identifier/HTTP URL specified');
    const caption = str(params.caption);
    if (caption !== undefined) {
      if (caption.length > 1024) throw new BotApiError(400, 'Bad Request: message caption is too long');
      message.caption = caption;
    }
    if (method === 'sendPhoto') {
      const stored = storeFile(content, 'photos', 'jpg');
      message.photo = [{ ...stored, width: 320, height: 240 }];
    } else if (method === 'sendDocument') {
      message.document = { ...storeFile(content, 'documents', 'bin'), file_name: file?.filename ?? 'file', mime_type: file?.mime };
    } else if (method === 'sendVoice') {
      message.voice = { ...storeFile(content, 'voice', 'oga'), duration: 1, mime_type: 'audio/ogg' };
    } else if (method === 'sendAudio') {
      message.audio = { ...storeFile(content, 'music', 'mp3'), duration: 1, file_name: file?.filename, mime_type: file?.mime };
    } else {
      message.video = {
        ...storeFile(content, 'videos', 'mp4'),
        width: 320,
        height: 240,
        duration: 1,
        file_name: file?.filename,
        mime_type: file?.mime,
      };
    }
    return message;
  }

  const findSent = (params: Record<string, unknown>) => {
    const chatId = int(params.chat_id);
    const messageId = int(params.message_id);
    return sent.find((s) => !s.deleted && s.message.chat.id === chatId && s.message.message_id === messageId);
  };

  function call(method: string, params: Record<string, unknown>, upload: ParsedBody['files']): unknown {
    if (rateLimit && (SEND_METHODS.has(method) || method === 'editMessageText' || method === 'deleteMessage')) {
      const { retryAfter } = rateLimit;
      if (--rateLimit.left <= 0) rateLimit = undefined;
      throw new BotApiError(429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter });
    }
    switch (method) {
      case 'getMe':
        return { ...bot, can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false };
      case 'setWebhook': {
        const url = str(params.url) ?? '';
        if (url === '') {
          state.webhook = null;
          return true;
        }
        if (!/^https?:\/\//.test(url)) throw new BotApiError(400, 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook');
        const secretToken = str(params.secret_token);
        if (secretToken !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(secretToken))
          throw new BotApiError(400, 'Bad Request: secret token contains unallowed characters');
        const allowed = params.allowed_updates;
        state.webhook = { url, secretToken, allowedUpdates: Array.isArray(allowed) ? allowed.map(String) : undefined };
        return true;
      }
      case 'deleteWebhook':
        state.webhook = null;
        if (params.drop_pending_updates === true || params.drop_pending_updates === 'true') pending = [];
        return true;
      case 'getWebhookInfo':
        return {
          url: state.webhook?.url ?? '',
          has_custom_certificate: false,
          pending_update_count: 0,
          ...(state.webhook?.allowedUpdates ? { allowed_updates: state.webhook.allowedUpdates } : {}),
        };
      case 'getFile': {
        const fileId = str(params.file_id) ?? '';
        const file = files.get(fileId);
        if (!file) throw new BotApiError(400, 'Bad Request: invalid file_id');
        return { file_id: fileId, file_unique_id: file.uniqueId, file_size: file.content.length, file_path: file.path };
      }
      case 'editMessageText': {
        const target = findSent(params);
        const text = str(params.text);
        if (!text) throw new BotApiError(400, 'Bad Request: message text is empty');
        if (!target) throw new BotApiError(400, 'Bad Request: message to edit not found');
        if (target.message.text === text)
          throw new BotApiError(
            400,
            'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
          );
        target.message = { ...target.message, text, edit_date: Math.floor(Date.now() / 1000) };
        return target.message;
      }
      case 'deleteMessage': {
        const target = findSent(params);
        if (!target) throw new BotApiError(400, 'Bad Request: message to delete not found');
        target.deleted = true;
        return true;
      }
      default: {
        if (!SEND_METHODS.has(method)) throw new BotApiError(404, 'Not Found');
        const message = outgoingMessage(method, params, upload);
        const { [MEDIA_FIELD[method] ?? '']: _file, ...rest } = params;
        sent.push({ method, params: rest, files: upload, message, deleted: false });
        return message;
      }
    }
  }

  /** The updates a getUpdates with these parameters answers now (confirming those below offset). */
  function takeUpdates(params: Record<string, unknown>): TgUpdate[] {
    const offset = int(params.offset);
    if (offset !== undefined && offset < 0) pending = pending.slice(Math.max(0, pending.length + offset));
    else if (offset !== undefined && offset > 0) pending = pending.filter((u) => u.update_id >= offset);
    const limit = Math.min(100, Math.max(1, int(params.limit) ?? 100));
    const allowed = pollAllowed;
    return pending.filter((u) => !allowed || allowed.length === 0 || allowed.includes(kindOf(u))).slice(0, limit);
  }

  /**
   * getUpdates (https://core.telegram.org/bots/api#getupdates): refused with 409 while a webhook is
   * set; waits up to `timeout` seconds for an update; a newer call ends a waiting one with 409.
   */
  async function getUpdates(params: Record<string, unknown>): Promise<TgUpdate[]> {
    if (state.webhook)
      throw new BotApiError(
        409,
        "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      );
    if (Array.isArray(params.allowed_updates)) pollAllowed = params.allowed_updates.map(String);
    waiting?.conflict();
    waiting = undefined;
    const now = takeUpdates(params);
    const timeout = Math.min(50, Math.max(0, int(params.timeout) ?? 0));
    if (now.length > 0 || timeout === 0) return now;
    return new Promise<TgUpdate[]>((resolve, reject) => {
      const self = {
        wake: (force = false) => {
          const updates = takeUpdates(params);
          // An update the call does not take (allowed_updates) keeps it waiting.
          if (updates.length > 0 || force) finish(() => resolve(updates));
        },
        conflict: () =>
          finish(() =>
            reject(
              new BotApiError(409, 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running'),
            ),
          ),
      };
      const timer = setTimeout(() => self.wake(true), timeout * 1000);
      function finish(answer: () => void) {
        clearTimeout(timer);
        if (waiting === self) waiting = undefined;
        answer();
      }
      waiting = self;
    });
  }

  async function answerMethod(request: FastifyRequest, reply: FastifyReply, botToken: string, method: string) {
    // An unknown or revoked token: the Bot API answers 401 Unauthorized to every method.
    if (botToken !== token) return reply.status(401).send({ ok: false, error_code: 401, description: 'Unauthorized' });
    const body = request.body as ParsedBody | Record<string, unknown> | undefined;
    const parsed: ParsedBody =
      body && 'fields' in body && 'files' in body ? (body as ParsedBody) : { fields: (body as Record<string, unknown>) ?? {}, files: {} };
    const params = { ...(request.query as Record<string, unknown>), ...parsed.fields };
    for (const [key, value] of Object.entries(params)) if (typeof value === 'string') params[key] = formValue(value);
    try {
      const result = method === 'getUpdates' ? await getUpdates(params) : call(method, params, parsed.files);
      return reply.send({ ok: true, result });
    } catch (error) {
      if (!(error instanceof BotApiError)) throw error;
      return reply.status(error.errorCode).send({
        ok: false,
        error_code: error.errorCode,
        description: error.description,
        ...(error.parameters ? { parameters: error.parameters } : {}),
      });
    }
  }

  const server = await startSimServer(
    (app) => {
      app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, async (request: FastifyRequest, body: Buffer) =>
        parseMultipart(body, String(request.headers['content-type'])),
      );
      app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, async (_request: FastifyRequest, body: string) =>
        Object.fromEntries(new URLSearchParams(body)),
      );
      app.route({
        method: ['GET', 'POST'],
        url: '/*',
        handler: async (request, reply) => {
          const path = request.url.split('?')[0];
          const file = /^\/file\/bot([^/]+)\/(.+)$/.exec(path);
          if (file) {
            if (file[1] !== token) return reply.status(401).send({ ok: false, error_code: 401, description: 'Unauthorized' });
            const content = filesByPath.get(decodeURIComponent(file[2]));
            if (!content) return reply.status(404).send({ ok: false, error_code: 404, description: 'Not Found' });
            return reply.type('application/octet-stream').send(content);
          }
          const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(path);
          if (!match) return reply.status(404).send({ ok: false, error_code: 404, description: 'Not Found' });
          return answerMethod(request, reply, decodeURIComponent(match[1]), match[2]);
        },
      });
    },
    { port: options.port },
  );

  async function deliver(update: TgUpdate, deliverOptions: { secretToken?: string | null } = {}): Promise<WebhookDelivery> {
    const webhook = state.webhook;
    if (!webhook) throw new Error('No webhook is set: call setWebhook first (start the channel).');
    const kind = kindOf(update);
    if (webhook.allowedUpdates && webhook.allowedUpdates.length > 0 && !webhook.allowedUpdates.includes(kind)) {
      throw new Error(`The webhook does not take ${kind} updates (allowed_updates: ${webhook.allowedUpdates.join(', ')}).`);
    }
    const secret = deliverOptions.secretToken === undefined ? webhook.secretToken : deliverOptions.secretToken;
    const response = await fetch(webhook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(secret ? { 'x-telegram-bot-api-secret-token': secret } : {}) },
      body: JSON.stringify(update),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { update, status: response.status, body };
  }

  function buildUpdate(input: UpdateKind & UpdateInput): TgUpdate {
    const chatId = input.chat?.id ?? 1_111_111;
    const chat: TgChat = { type: 'private', first_name: 'Test', last_name: 'Lastname', username: 'Test', ...input.chat, id: chatId };
    chats.set(chat.id, chat);
    const from: TgUser = input.from ?? {
      id: chat.id,
      is_bot: false,
      first_name: chat.first_name ?? 'Test',
      language_code: 'en',
      ...(chat.last_name ? { last_name: chat.last_name } : {}),
      ...(chat.username ? { username: chat.username } : {}),
    };
    const message: TgMessage = {
      message_id: input.messageId ?? nextMessageId++,
      from,
      chat,
      date: input.date ?? Math.floor(Date.now() / 1000),
    };
    if (input.edited) message.edit_date = Math.max(message.date + 1, Math.floor(Date.now() / 1000));
    if (input.replyTo !== undefined) {
      const quoted = sent.find((s) => s.message.chat.id === chat.id && s.message.message_id === input.replyTo);
      if (quoted) message.reply_to_message = quoted.message;
    }
    if (input.caption !== undefined && input.kind !== 'text' && input.kind !== 'location') message.caption = input.caption;
    switch (input.kind) {
      case 'text':
        message.text = input.text;
        break;
      case 'photo': {
        // Telegram sends the photo in several sizes, smallest first.
        const width = input.width ?? 1280;
        const height = input.height ?? 960;
        const small = storeFile(input.content.subarray(0, Math.max(1, Math.floor(input.content.length / 4))), 'photos', 'jpg');
        const large = storeFile(input.content, 'photos', 'jpg');
        message.photo = [
          { ...small, width: Math.round(width / 4), height: Math.round(height / 4) },
          { ...large, width, height },
        ];
        break;
      }
      case 'document':
        message.document = {
          ...storeFile(input.content, 'documents', input.fileName.split('.').pop() ?? 'bin'),
          file_name: input.fileName,
          mime_type: input.mimeType,
        };
        break;
      case 'voice':
        message.voice = { ...storeFile(input.content, 'voice', 'oga'), duration: input.duration ?? 2, mime_type: 'audio/ogg' };
        break;
      case 'location':
        message.location = { latitude: input.latitude, longitude: input.longitude };
        break;
    }
    return { update_id: input.updateId ?? nextUpdateId++, ...(input.edited ? { edited_message: message } : { message }) };
  }

  const sendUpdate = (input: UpdateKind & UpdateInput): Promise<WebhookDelivery> => deliver(buildUpdate(input));

  function queueUpdate(input: UpdateKind & UpdateInput): TgUpdate {
    const update = buildUpdate(input);
    pending.push(update);
    waiting?.wake();
    return update;
  }

  return {
    url: server.url,
    server,
    token,
    bot,
    get webhook() {
      return state.webhook;
    },
    sent,
    addChat: (chat) => void chats.set(chat.id, chat),
    sendUpdate,
    queueUpdate,
    get pendingUpdates() {
      return pending;
    },
    get polling() {
      return waiting !== undefined;
    },
    deliver,
    rateLimit: (retryAfter, times = 1) => {
      rateLimit = { retryAfter, left: times };
    },
    close: () => {
      waiting?.wake(true);
      return server.close();
    },
  };
}
