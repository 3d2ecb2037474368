import { createHash, randomBytes } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import { startSimServer, type SimServer } from '../shared/sim-server.js';
import {
  buildMetaInboundNotification,
  buildMetaStatusNotification,
  graphError,
  newGraphId,
  newWamid,
  signMetaWebhook,
  type MetaBusiness,
  type MetaInboundMessageSpec,
  type MetaMediaKind,
  type MetaOutboundStatus,
  type MetaStatusSpec,
} from './payloads.js';
import { buildMetaTemplate, listTemplatesPage, placeholderCount, type MetaTemplate, type MetaTemplateInput } from './templates.js';

/**
 * A local stand-in for Meta's WhatsApp Cloud API (Graph API), built from the public docs:
 *
 * - `GET /{version}/{phone-number-id}`: the business phone number;
 * - `POST /{version}/{phone-number-id}/messages`: sends (text, media by id or link, template,
 *   interactive, location, contacts, reaction) and mark-as-read, answering `messages[0].id` wamids;
 * - `GET /{version}/{waba-id}/message_templates`: the account's templates (paged, filtered by status, name, language);
 * - `POST /{version}/{phone-number-id}/media` (multipart), `GET /{version}/{media-id}` (its
 *   short-lived download URL), `DELETE /{version}/{media-id}`, and the download URL itself;
 * - bearer-token auth everywhere (401 with Graph's OAuthException 190 body otherwise).
 *
 * Control methods play the customer and Meta's side: inbound messages and statuses POSTed to the
 * configured webhook URL and signed with the app secret exactly as Meta signs them, injected
 * errors, and optional automatic delivered → read statuses for every accepted send.
 */

export interface MetaCloudOptions {
  token?: string;
  appSecret?: string;
  phoneNumberId?: string;
  businessAccountId?: string;
  /** Digits with the country code. */
  displayPhoneNumber?: string;
  verifiedName?: string;
  /** Where notifications are POSTed (can be set later with setWebhookUrl). */
  webhookUrl?: string;
  /** After each accepted send, POST 'delivered' then 'read' statuses, `delayMs` apart (default 100). */
  autoStatuses?: boolean | { delayMs?: number };
  /**
   * The account's templates; when given, sending any other name fails with 132001. A name alone is
   * listed as an approved en_US template and sent in any language with any parameters; a template
   * given whole is sent only in its language (132001 otherwise) and with as many body parameters as
   * its body has placeholders (132000 otherwise).
   */
  templates?: MetaTemplateInput[];
  /**
   * How an automatic status that could not be delivered (no connection, or an answer other than
   * 200) is tried again, as Meta does: after `firstDelayMs`, doubling up to `maxDelayMs`, for
   * `forMs` in all (defaults 500 ms, 4 s, 120 s; Meta itself keeps trying for days). `false`: once.
   */
  webhookRetry?: false | { firstDelayMs?: number; maxDelayMs?: number; forMs?: number };
  port?: number;
}

export interface MetaSentMessage {
  id: string;
  to: string;
  type: string;
  payload: Record<string, unknown>;
  at: number;
}

export interface MetaStoredMedia {
  id: string;
  content: Buffer;
  mime: string;
  sha256: string;
  filename?: string;
}

export interface MetaWebhookDelivery {
  payload: Record<string, unknown>;
  rawBody: string;
  signature: string;
  status: number;
  responseBody: string;
  /** When the answer came (ms since the epoch). */
  at: number;
}

type WithoutContext<T> = T extends unknown
  ? Omit<T, 'context'> & { /** The business message this one replies to. */ replyTo?: string }
  : never;

/** A customer's message for sendInbound: media as bytes (the simulator stores them and sends the media id). */
export type MetaInboundInput =
  | WithoutContext<Exclude<MetaInboundMessageSpec, { type: MetaMediaKind }>>
  | {
      type: MetaMediaKind;
      from: string;
      name?: string;
      id?: string;
      content: Buffer;
      mime: string;
      caption?: string;
      filename?: string;
      replyTo?: string;
    };

export interface MetaCloudSimulator extends SimServer {
  readonly token: string;
  readonly appSecret: string;
  readonly phoneNumberId: string;
  readonly businessAccountId: string;
  readonly displayPhoneNumber: string;
  /** Messages accepted by POST /messages, in order. */
  readonly sent: MetaSentMessage[];
  /** Every notification POSTed to the webhook, with the answer it got. */
  readonly deliveries: MetaWebhookDelivery[];
  /** Webhook POSTs that got no answer at all (nobody listening, connection cut). */
  readonly unansweredDeliveries: number;
  readonly media: Map<string, MetaStoredMedia>;
  /** The account's templates (GET /message_templates lists them; add or change them freely). */
  readonly templates: MetaTemplate[];
  setWebhookUrl(url: string): void;
  setAutoStatuses(options: boolean | { delayMs?: number }): void;
  /** Recipients whose sends are accepted but then fail asynchronously (status 'failed', 131026). */
  markUndeliverable(number: string): void;
  /** Stores a file as if the customer had sent it (under a new media id, or the given one). */
  storeMedia(content: Buffer, mime: string, filename?: string, id?: string): MetaStoredMedia;
  /** A customer's message, POSTed to the webhook as Meta would (signed). */
  sendInbound(input: MetaInboundInput): Promise<MetaWebhookDelivery & { messageId: string }>;
  /** A status of a message the business sent. */
  sendStatus(
    wamid: string,
    status: MetaOutboundStatus,
    options?: { recipientId?: string; error?: MetaStatusSpec['error'] },
  ): Promise<MetaWebhookDelivery>;
  /** POSTs any payload to the webhook, signed with the app secret (or with the given signature, or unsigned with false). */
  postWebhook(payload: Record<string, unknown>, options?: { signature?: string | false; appSecret?: string }): Promise<MetaWebhookDelivery>;
  /** The GET verification request Meta sends when a webhook is configured. */
  verifyWebhook(verifyToken: string, challenge?: string, mode?: string): Promise<{ status: number; body: string }>;
  /** The next `times` sends (POST /messages) fail with this Graph error code (its documented body and HTTP status). */
  injectError(code: number, options?: { status?: number; times?: number; details?: string }): void;
  /**
   * The next `times` sends (POST /messages) are accepted (in `sent`, statuses follow as usual) but
   * the connection is destroyed instead of answering: the sender cannot know they arrived.
   */
  dropAnswers(times?: number): void;
  /** Waits for the automatic statuses still scheduled. */
  settle(): Promise<void>;
}

const VERSION = /^v\d{1,2}\.\d$/;
const MEDIA_LIMITS: Record<MetaMediaKind, number> = { image: 5, audio: 16, video: 16, document: 100, sticker: 0.5 };

export async function startMetaCloudSimulator(options: MetaCloudOptions = {}): Promise<MetaCloudSimulator> {
  const token = options.token ?? `EAAG${randomBytes(24).toString('base64url')}`;
  const appSecret = options.appSecret ?? randomBytes(16).toString('hex');
  const business: MetaBusiness = {
    businessAccountId: options.businessAccountId ?? '102290129340398',
    phoneNumberId: options.phoneNumberId ?? '106540352242922',
    displayPhoneNumber: options.displayPhoneNumber ?? '5511930000000',
  };
  const verifiedName = options.verifiedName ?? 'Conversa Demo';
  const templates: MetaTemplate[] = (options.templates ?? []).map(buildMetaTemplate);
  const checkTemplates = options.templates !== undefined;
  const looseNames = new Set((options.templates ?? []).filter((t): t is string => typeof t === 'string'));
  const sent: MetaSentMessage[] = [];
  const deliveries: MetaWebhookDelivery[] = [];
  let unansweredDeliveries = 0;
  const media = new Map<string, MetaStoredMedia>();
  const undeliverable = new Set<string>();
  const pending = new Set<Promise<unknown>>();
  let webhookUrl = options.webhookUrl;
  let autoStatuses = options.autoStatuses ?? false;
  const retry =
    options.webhookRetry === false ? undefined : { firstDelayMs: 500, maxDelayMs: 4_000, forMs: 120_000, ...options.webhookRetry };
  let closed = false;
  let answersToDrop = 0;
  let baseUrl = '';

  const storeMedia = (content: Buffer, mime: string, filename?: string, id = newGraphId()): MetaStoredMedia => {
    const item = { id, content, mime, sha256: createHash('sha256').update(content).digest('base64'), filename };
    media.set(item.id, item);
    return item;
  };

  const fail = (reply: FastifyReply, code: number, overrides: Parameters<typeof graphError>[1] = {}) => {
    const { status, body } = graphError(code, overrides);
    return reply.status(status).send(body);
  };

  const sim = await startSimServer(
    async (app) => {
      await app.register(fastifyMultipart, { limits: { fileSize: 100 * 1024 * 1024, files: 1 } });

      // Graph auth: a bearer token (or access_token in the query) on every request.
      app.addHook('preHandler', async (request, reply) => {
        const header = request.headers.authorization ?? '';
        const given = header.startsWith('Bearer ') ? header.slice(7) : (request.query as Record<string, string | undefined>).access_token;
        if (given !== token) return fail(reply, 190);
        const version = request.url.split('/')[1] ?? '';
        if (!request.url.startsWith('/whatsapp_business/') && !VERSION.test(version)) {
          return fail(reply, 100, { message: `Unknown path components: /${version}`, details: null });
        }
      });

      app.get('/:version/:id', async (request, reply) => {
        const { id } = request.params as { id: string };
        if (id === business.phoneNumberId) {
          const full: Record<string, unknown> = {
            verified_name: verifiedName,
            code_verification_status: 'VERIFIED',
            display_phone_number: formatDisplay(business.displayPhoneNumber),
            quality_rating: 'GREEN',
            platform_type: 'CLOUD_API',
            throughput: { level: 'STANDARD' },
            id,
          };
          const fields = (request.query as { fields?: string }).fields;
          if (!fields) return full;
          const wanted = new Set(fields.split(',').map((f) => f.trim()));
          return Object.fromEntries(Object.entries(full).filter(([key]) => key === 'id' || wanted.has(key)));
        }
        const item = media.get(id);
        if (item) {
          const ext = Math.floor(Date.now() / 1000) + 300;
          return {
            messaging_product: 'whatsapp',
            url: `${baseUrl}/whatsapp_business/attachments/?mid=${item.id}&ext=${ext}&hash=${randomBytes(16).toString('base64url')}`,
            mime_type: item.mime,
            sha256: item.sha256,
            file_size: item.content.length,
            id: item.id,
          };
        }
        return unknownObject(reply, id);
      });

      app.get('/:version/:wabaId/message_templates', async (request, reply) => {
        const { version, wabaId } = request.params as { version: string; wabaId: string };
        if (wabaId !== business.businessAccountId) return unknownObject(reply, wabaId);
        const query = request.query as Record<string, string | undefined>;
        return listTemplatesPage(templates, query, (after) => {
          const next = new URL(`${baseUrl}/${version}/${wabaId}/message_templates`);
          for (const [key, value] of Object.entries(query)) if (value !== undefined && key !== 'after') next.searchParams.set(key, value);
          next.searchParams.set('after', after);
          return next.toString();
        });
      });

      app.delete('/:version/:id', async (request, reply) => {
        const { id } = request.params as { id: string };
        if (!media.delete(id)) return unknownObject(reply, id);
        return { success: true };
      });

      app.get('/whatsapp_business/attachments/', async (request, reply) => {
        const item = media.get((request.query as { mid?: string }).mid ?? '');
        if (!item) return reply.status(404).send();
        return reply.type(item.mime).send(item.content);
      });

      app.post('/:version/:phoneNumberId/media', async (request, reply) => {
        const { phoneNumberId } = request.params as { phoneNumberId: string };
        if (phoneNumberId !== business.phoneNumberId) return unknownObject(reply, phoneNumberId);
        if (!request.isMultipart()) return fail(reply, 100, { message: '(#100) The parameter file is required.' });
        const fields: Record<string, string> = {};
        let file: { content: Buffer; mime: string; name: string } | undefined;
        for await (const part of request.parts()) {
          if (part.type === 'file') file = { content: await part.toBuffer(), mime: part.mimetype, name: part.filename };
          else fields[part.fieldname] = String(part.value);
        }
        if (fields.messaging_product !== 'whatsapp')
          return fail(reply, 100, { message: '(#100) The parameter messaging_product is required.' });
        if (!file || file.content.length === 0) return fail(reply, 100, { message: '(#100) The parameter file is required.' });
        const item = storeMedia(file.content, fields.type ?? file.mime, file.name);
        return { id: item.id };
      });

      app.post('/:version/:phoneNumberId/messages', async (request, reply) => {
        const { phoneNumberId } = request.params as { phoneNumberId: string };
        if (phoneNumberId !== business.phoneNumberId) return unknownObject(reply, phoneNumberId);
        const body = (request.body ?? {}) as Record<string, unknown>;
        if (body.messaging_product !== 'whatsapp')
          return fail(reply, 100, { message: '(#100) The parameter messaging_product is required.' });
        if (body.status === 'read') {
          if (typeof body.message_id !== 'string') return fail(reply, 100, { message: '(#100) The parameter message_id is required.' });
          return { success: true };
        }
        const problem = checkSend(body, media, checkTemplates ? { templates, looseNames } : undefined);
        if (problem) return fail(reply, problem.code, { message: problem.message });
        const to = String(body.to);
        const id = newWamid();
        sent.push({ id, to, type: typeof body.type === 'string' ? body.type : 'text', payload: body, at: Date.now() });
        const waId = to.replace(/\D/g, '');
        if (undeliverable.has(waId)) schedule(() => deliverRetrying(() => sendStatus(id, 'failed', { recipientId: waId })), 20);
        else if (autoStatuses) {
          const delay = typeof autoStatuses === 'object' ? (autoStatuses.delayMs ?? 100) : 100;
          schedule(async () => {
            await deliverRetrying(() => sendStatus(id, 'delivered', { recipientId: waId }));
            await new Promise((resolve) => setTimeout(resolve, delay));
            await deliverRetrying(() => sendStatus(id, 'read', { recipientId: waId }));
          }, delay);
        }
        if (answersToDrop > 0) {
          answersToDrop--;
          void reply.hijack();
          request.raw.socket.destroy();
          return;
        }
        return { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: waId }], messages: [{ id }] };
      });
    },
    { port: options.port },
  );
  baseUrl = sim.url;

  function unknownObject(reply: FastifyReply, id: string) {
    return fail(reply, 100, {
      subcode: 33,
      details: null,
      type: 'GraphMethodException',
      message: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    });
  }

  /**
   * An automatic notification, tried again until the webhook answers 200 (see `webhookRetry`): Meta
   * retries every notification it could not deliver, with growing delays ("Webhooks", WhatsApp
   * Cloud API docs, https://developers.facebook.com/docs/whatsapp/cloud-api/guides/set-up-webhooks),
   * so a status is not lost while the receiver restarts.
   */
  async function deliverRetrying(post: () => Promise<MetaWebhookDelivery>): Promise<void> {
    const started = Date.now();
    for (let wait = retry?.firstDelayMs ?? 0; ; wait = Math.min(wait * 2, retry?.maxDelayMs ?? 0)) {
      const answered = await post().then(
        (delivery) => delivery.status === 200,
        () => {
          unansweredDeliveries++;
          return false;
        },
      );
      if (answered || !retry || closed || Date.now() - started + wait > retry.forMs) return;
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (closed) return;
    }
  }

  function schedule(task: () => Promise<void>, delayMs: number) {
    const run = new Promise<void>((resolve) => setTimeout(resolve, delayMs)).then(task).catch(() => undefined);
    pending.add(run);
    void run.finally(() => pending.delete(run));
  }

  async function postWebhook(
    payload: Record<string, unknown>,
    postOptions: { signature?: string | false; appSecret?: string } = {},
  ): Promise<MetaWebhookDelivery> {
    if (!webhookUrl) throw new Error('Meta Cloud simulator: no webhook URL (setWebhookUrl)');
    const rawBody = JSON.stringify(payload);
    const signature =
      postOptions.signature === undefined ? signMetaWebhook(rawBody, postOptions.appSecret ?? appSecret) : postOptions.signature;
    const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'facebookexternalua' };
    if (signature !== false) headers['x-hub-signature-256'] = signature;
    const response = await fetch(webhookUrl, { method: 'POST', headers, body: rawBody });
    const delivery: MetaWebhookDelivery = {
      payload,
      rawBody,
      signature: signature || '',
      status: response.status,
      responseBody: await response.text(),
      at: Date.now(),
    };
    deliveries.push(delivery);
    return delivery;
  }

  async function sendStatus(
    wamid: string,
    status: MetaOutboundStatus,
    statusOptions: { recipientId?: string; error?: MetaStatusSpec['error'] } = {},
  ) {
    const message = sent.find((m) => m.id === wamid);
    const recipientId = statusOptions.recipientId ?? message?.to.replace(/\D/g, '') ?? '';
    const callbackData = message?.payload.biz_opaque_callback_data;
    return postWebhook(
      buildMetaStatusNotification(business, {
        id: wamid,
        status,
        recipientId,
        error: statusOptions.error,
        bizOpaqueCallbackData: typeof callbackData === 'string' ? callbackData : undefined,
      }),
    );
  }

  async function sendInbound(input: MetaInboundInput): Promise<MetaWebhookDelivery & { messageId: string }> {
    const id = input.id ?? newWamid();
    const context = input.replyTo ? { context: { id: input.replyTo, from: business.displayPhoneNumber } } : {};
    let spec: MetaInboundMessageSpec;
    if ('content' in input) {
      const item = storeMedia(input.content, input.mime, input.filename);
      spec = {
        type: input.type,
        from: input.from,
        name: input.name,
        id,
        mediaId: item.id,
        mime: input.mime,
        sha256: item.sha256,
        caption: input.caption,
        filename: input.filename,
        ...(input.type === 'audio' ? { voice: input.mime.startsWith('audio/ogg') } : {}),
        ...context,
      };
    } else {
      const { replyTo: _replyTo, ...rest } = input;
      spec = { ...rest, id, ...context };
    }
    const delivery = await postWebhook(buildMetaInboundNotification(business, spec));
    return { ...delivery, messageId: id };
  }

  return {
    ...sim,
    async close() {
      closed = true;
      await sim.close();
    },
    token,
    appSecret,
    phoneNumberId: business.phoneNumberId,
    businessAccountId: business.businessAccountId,
    displayPhoneNumber: business.displayPhoneNumber,
    sent,
    deliveries,
    get unansweredDeliveries() {
      return unansweredDeliveries;
    },
    media,
    templates,
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    setAutoStatuses: (value) => {
      autoStatuses = value;
    },
    markUndeliverable: (number) => void undeliverable.add(number.replace(/\D/g, '')),
    storeMedia,
    sendInbound,
    sendStatus,
    postWebhook,
    async verifyWebhook(verifyToken, challenge = String(Math.floor(Math.random() * 1e10)), mode = 'subscribe') {
      if (!webhookUrl) throw new Error('Meta Cloud simulator: no webhook URL (setWebhookUrl)');
      const url = new URL(webhookUrl);
      url.searchParams.set('hub.mode', mode);
      url.searchParams.set('hub.challenge', challenge);
      url.searchParams.set('hub.verify_token', verifyToken);
      const response = await fetch(url);
      return { status: response.status, body: await response.text() };
    },
    injectError(code, errorOptions = {}) {
      const { status, body } = graphError(code, { details: errorOptions.details });
      sim.fail({ path: /\/messages(\?|$)/, status: errorOptions.status ?? status, body, times: errorOptions.times });
    },
    dropAnswers(times = 1) {
      answersToDrop += times;
    },
    async settle() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}

/** '5511930000000' → '+55 11930000000': Graph shows the number formatted; only its digits matter here. */
function formatDisplay(digits: string): string {
  return `+${digits.slice(0, 2)} ${digits.slice(2)}`;
}

const MEDIA_TYPES = new Set<string>(['image', 'audio', 'video', 'document', 'sticker']);

/** The documented checks of a send; undefined when it is valid. */
function checkSend(
  body: Record<string, unknown>,
  media: Map<string, MetaStoredMedia>,
  known: { templates: readonly MetaTemplate[]; looseNames: ReadonlySet<string> } | undefined,
): { code: number; message: string } | undefined {
  const param = (name: string) => ({ code: 100, message: `(#100) The parameter ${name} is required.` });
  const invalid = (message: string) => ({ code: 131009, message: `(#131009) Parameter value is not valid: ${message}` });
  if (typeof body.to !== 'string' || !body.to) return param('to');
  if (!/^\+?\d{6,15}$/.test(body.to)) return { code: 100, message: '(#100) Invalid parameter: to' };
  if (body.recipient_type !== undefined && body.recipient_type !== 'individual') return invalid('recipient_type');
  const callbackData = body.biz_opaque_callback_data;
  if (callbackData !== undefined && (typeof callbackData !== 'string' || callbackData.length > 512))
    return invalid('biz_opaque_callback_data must be a string of at most 512 characters');
  const type = typeof body.type === 'string' ? body.type : 'text';
  const object = body[type] as Record<string, unknown> | undefined;
  if (!object || typeof object !== 'object') return param(type);
  const context = body.context as { message_id?: unknown } | undefined;
  if (context !== undefined && typeof context?.message_id !== 'string') return param('context.message_id');
  switch (type) {
    case 'text': {
      const text = object.body;
      if (typeof text !== 'string' || !text) return param('text.body');
      if (text.length > 4096) return invalid('text.body is longer than 4096 characters');
      return undefined;
    }
    case 'template': {
      if (typeof object.name !== 'string' || !object.name) return param('template.name');
      const language = object.language as { code?: unknown } | undefined;
      if (typeof language?.code !== 'string') return param('template.language.code');
      if (!known || known.looseNames.has(object.name)) return undefined;
      // A template is sent in the language code it was approved in ('pt_BR', 'en_US', 'es').
      const template = known.templates.find((t) => t.name === object.name && t.language === language.code);
      if (!template || template.status !== 'APPROVED')
        return { code: 132001, message: '(#132001) Template name does not exist in the translation' };
      const expected = placeholderCount(template.components.find((c) => c.type === 'BODY')?.text);
      const components = Array.isArray(object.components) ? (object.components as { type?: unknown; parameters?: unknown }[]) : [];
      const bodyParams = components.find((c) => String(c.type).toLowerCase() === 'body')?.parameters;
      const given = Array.isArray(bodyParams) ? bodyParams.length : 0;
      if (given !== expected)
        return {
          code: 132000,
          message: `(#132000) Number of parameters does not match the expected number of params (body: ${given} given, ${expected} expected)`,
        };
      if (
        Array.isArray(bodyParams) &&
        bodyParams.some((p) => typeof (p as { text?: unknown }).text !== 'string' || !(p as { text: string }).text)
      )
        return invalid('a text parameter needs a non-empty text');
      return undefined;
    }
    case 'interactive':
      return checkInteractive(object, invalid);
    case 'reaction':
      return typeof object.message_id === 'string' ? undefined : param('reaction.message_id');
    case 'location':
      return typeof object.latitude === 'number' && typeof object.longitude === 'number' ? undefined : param('location.latitude');
    case 'contacts':
      return Array.isArray(object) ? undefined : param('contacts');
    default: {
      if (!MEDIA_TYPES.has(type))
        return {
          code: 100,
          message: `(#100) Param type must be one of {AUDIO, CONTACTS, DOCUMENT, IMAGE, INTERACTIVE, LOCATION, REACTION, STICKER, TEMPLATE, TEXT, VIDEO} - got "${type}".`,
        };
      if (typeof object.id === 'string') {
        const item = media.get(object.id);
        if (!item) return { code: 131053, message: '(#131053) Media upload error' };
        if (item.content.length > MEDIA_LIMITS[type as MetaMediaKind] * 1024 * 1024)
          return { code: 131053, message: '(#131053) Media upload error: file too large' };
        return undefined;
      }
      if (typeof object.link === 'string' && /^https?:\/\//.test(object.link)) return undefined;
      return param(`${type}.id or ${type}.link`);
    }
  }
}

function checkInteractive(object: Record<string, unknown>, invalid: (message: string) => { code: number; message: string }) {
  const body = object.body as { text?: unknown } | undefined;
  if (typeof body?.text !== 'string' || !body.text || body.text.length > 1024)
    return invalid('interactive.body.text must have 1 to 1024 characters');
  const action = (object.action ?? {}) as { buttons?: unknown; sections?: unknown; button?: unknown };
  if (object.type === 'button') {
    const buttons = Array.isArray(action.buttons) ? (action.buttons as { reply?: { id?: unknown; title?: unknown } }[]) : [];
    if (buttons.length < 1 || buttons.length > 3) return invalid('interactive.action.buttons must have 1 to 3 buttons');
    const ids = new Set<unknown>();
    for (const button of buttons) {
      const title = button.reply?.title;
      if (typeof title !== 'string' || !title || title.length > 20) return invalid('button titles must have 1 to 20 characters');
      if (typeof button.reply?.id !== 'string' || ids.has(button.reply.id)) return invalid('button ids must be unique');
      ids.add(button.reply.id);
    }
    return undefined;
  }
  if (object.type === 'list') {
    if (typeof action.button !== 'string' || !action.button || action.button.length > 20)
      return invalid('interactive.action.button must have 1 to 20 characters');
    const sections = Array.isArray(action.sections) ? (action.sections as { rows?: { id?: unknown; title?: unknown }[] }[]) : [];
    if (sections.length < 1 || sections.length > 10) return invalid('interactive.action.sections must have 1 to 10 sections');
    const rows = sections.flatMap((s) => s.rows ?? []);
    if (rows.length < 1 || rows.length > 10) return invalid('a list has 1 to 10 rows');
    if (new Set(rows.map((r) => r.id)).size !== rows.length) return invalid('row ids must be unique');
    if (rows.some((r) => typeof r.title !== 'string' || !r.title || r.title.length > 24))
      return invalid('row titles must have 1 to 24 characters');
    return undefined;
  }
  return invalid(`interactive.type ${String(object.type)}`);
}
