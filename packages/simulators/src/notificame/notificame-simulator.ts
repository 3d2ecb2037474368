import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { startSimServer, type SimServer } from '../shared/sim-server.js';

/**
 * NotificaMe Hub (the `hub` channel type) for one account: the part of its API Conversa uses, as
 * the official SDK (npm notificamehubsdk, a rebranded fork of @zenvia/sdk) calls it — see
 * fixtures/notificame/SOURCES.md:
 * - auth: the account token in the `X-API-Token` header;
 * - GET /v1/channels: the account's hub channels (WhatsApp numbers, Instagram and Facebook pages);
 * - GET|POST /v1/subscriptions, DELETE /v1/subscriptions/:id: webhooks per channel and event type
 *   (MESSAGE, MESSAGE_STATUS);
 * - POST /v2/channels/{whatsapp|instagram}/messages and /v1/channels/facebook/messages (the SDK's
 *   paths; the other version of each path is accepted too): `{ from, to, contents }`.
 * Webhooks are posted as JSON, unsigned (no signature is documented), in the Zenvia event shapes.
 *
 * As a tool: sendInbound() (MESSAGE), sendStatus() (MESSAGE_STATUS), post() (any event), and
 * fail()/delay() from the skeleton for errors, 429s and latency.
 */

export type HubChannelKind = 'whatsapp' | 'instagram' | 'facebook';

export interface HubSimChannel {
  id: string;
  name: string;
  channel: HubChannelKind;
}

export interface HubSimSubscription {
  id: string;
  eventType: 'MESSAGE' | 'MESSAGE_STATUS';
  webhook: { url: string; headers?: Record<string, string> };
  criteria: { channel: string; direction?: 'IN' | 'OUT' };
  status: 'ACTIVE' | 'INACTIVE';
  createdAt: string;
  updatedAt: string;
}

export interface HubSimSentMessage {
  id: string;
  path: string;
  from: string;
  to: string;
  channel: HubChannelKind;
  contents: Record<string, unknown>[];
}

export interface HubInboundOptions {
  /** The hub channel that receives it (default: the first of its kind, or the first channel). */
  channelId?: string;
  /** The customer: a phone number on WhatsApp, a page-scoped id on Instagram / Messenger. */
  from: string;
  id?: string;
  text?: string;
  file?: { content: Buffer; mimetype: string; name?: string; caption?: string };
  visitor?: { name?: string; firstName?: string; lastName?: string; picture?: string };
}

export interface HubWebhookDelivery {
  status: number;
  body: unknown;
  event: Record<string, unknown>;
  url: string;
}

export interface NotificameSimulator extends SimServer {
  token: string;
  channels: HubSimChannel[];
  subscriptions: HubSimSubscription[];
  sent: HubSimSentMessage[];
  /** Media served to the adapter at /files/:id (the provider's file URLs). */
  files: Map<string, { data: Buffer; mimetype: string }>;
  sendInbound(options: HubInboundOptions): Promise<{ id: string; event: Record<string, unknown>; deliveries: HubWebhookDelivery[] }>;
  sendStatus(
    messageId: string,
    code: 'SENT' | 'DELIVERED' | 'READ' | 'REJECTED' | 'NOT_DELIVERED',
    options?: { description?: string },
  ): Promise<{ event: Record<string, unknown>; deliveries: HubWebhookDelivery[] }>;
  /** Posts an event to every active subscription of its type and channel. */
  post(event: Record<string, unknown>, channelId: string): Promise<HubWebhookDelivery[]>;
}

const KINDS: readonly HubChannelKind[] = ['whatsapp', 'instagram', 'facebook'];
const id = () => randomUUID();

/** The Zenvia API error object (`{ code, message, details? }`, see fixtures/notificame/error-validation.json). */
function fail(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  details?: { code: string; path: string; message: string }[],
) {
  return reply.status(status).send({ code, message, ...(details ? { details } : {}) });
}

export async function startNotificameSimulator(options: { token?: string; channels?: HubSimChannel[] } = {}): Promise<NotificameSimulator> {
  const token = options.token ?? randomUUID();
  const channels: HubSimChannel[] = options.channels ?? [
    { id: randomUUID(), name: 'WhatsApp 5511999990000', channel: 'whatsapp' },
    { id: randomUUID(), name: 'Instagram @conversa', channel: 'instagram' },
    { id: randomUUID(), name: 'Facebook Conversa', channel: 'facebook' },
  ];
  const subscriptions: HubSimSubscription[] = [];
  const sent: HubSimSentMessage[] = [];
  const files = new Map<string, { data: Buffer; mimetype: string }>();
  let baseUrl = '';

  async function post(event: Record<string, unknown>, channelId: string): Promise<HubWebhookDelivery[]> {
    const deliveries: HubWebhookDelivery[] = [];
    const direction = (event.direction as string | undefined) ?? undefined;
    for (const subscription of subscriptions) {
      if (subscription.status !== 'ACTIVE' || subscription.eventType !== event.type || subscription.criteria.channel !== channelId)
        continue;
      if (subscription.criteria.direction && direction && subscription.criteria.direction !== direction) continue;
      const body = { ...event, subscriptionId: subscription.id };
      const response = await fetch(subscription.webhook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(subscription.webhook.headers ?? {}) },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON */
      }
      deliveries.push({ status: response.status, body: parsed, event: body, url: subscription.webhook.url });
    }
    return deliveries;
  }

  const authorized = (request: FastifyRequest) => request.headers['x-api-token'] === token;

  const sim = await startSimServer((app) => {
    app.addHook('preHandler', async (request, reply) => {
      if (request.url.startsWith('/files/')) return;
      if (!authorized(request)) return fail(reply, 401, 'UNAUTHORIZED', 'Invalid API token');
    });

    app.get<{ Params: { id: string } }>('/files/:id', async (request, reply) => {
      const file = files.get(request.params.id);
      if (!file) return reply.status(404).send();
      return reply.header('content-type', file.mimetype).send(file.data);
    });

    app.get('/v1/channels', async () => channels);

    app.get('/v1/subscriptions', async () => subscriptions);

    app.post<{ Body: Record<string, unknown> | undefined }>('/v1/subscriptions', async (request, reply) => {
      const body = request.body ?? {};
      const webhook = body.webhook as { url?: unknown; headers?: Record<string, string> } | undefined;
      const criteria = body.criteria as { channel?: unknown; direction?: unknown } | undefined;
      const details = [];
      if (body.eventType !== 'MESSAGE' && body.eventType !== 'MESSAGE_STATUS')
        details.push({ code: 'INVALID_PARAMETER', path: 'eventType', message: 'must be MESSAGE or MESSAGE_STATUS' });
      if (typeof webhook?.url !== 'string' || !/^https?:\/\//.test(webhook.url))
        details.push({ code: 'INVALID_PARAMETER', path: 'webhook.url', message: 'must be an http(s) URL' });
      if (typeof criteria?.channel !== 'string' || !channels.some((c) => c.id === criteria.channel))
        details.push({ code: 'INVALID_PARAMETER', path: 'criteria.channel', message: 'unknown channel' });
      if (details.length) return fail(reply, 400, 'VALIDATION_ERROR', 'Validation error', details);
      const now = new Date().toISOString();
      const subscription: HubSimSubscription = {
        id: id(),
        eventType: body.eventType as HubSimSubscription['eventType'],
        webhook: { url: webhook!.url as string, ...(webhook!.headers ? { headers: webhook!.headers } : {}) },
        criteria: {
          channel: criteria!.channel as string,
          ...(criteria!.direction === 'IN' || criteria!.direction === 'OUT' ? { direction: criteria!.direction } : {}),
        },
        status: body.status === 'INACTIVE' ? 'INACTIVE' : 'ACTIVE',
        createdAt: now,
        updatedAt: now,
      };
      subscriptions.push(subscription);
      return reply.status(200).send(subscription);
    });

    app.delete<{ Params: { id: string } }>('/v1/subscriptions/:id', async (request, reply) => {
      const index = subscriptions.findIndex((s) => s.id === request.params.id);
      if (index < 0) return fail(reply, 404, 'NOT_FOUND', 'Subscription not found');
      subscriptions.splice(index, 1);
      return reply.status(204).send();
    });

    app.post<{ Params: { version: string; kind: string }; Body: Record<string, unknown> | undefined }>(
      '/:version/channels/:kind/messages',
      async (request, reply) => {
        const { version, kind } = request.params;
        if ((version !== 'v1' && version !== 'v2') || !KINDS.includes(kind as HubChannelKind))
          return fail(reply, 404, 'NOT_FOUND', 'Not found');
        const body = request.body ?? {};
        const contents = body.contents;
        const details = [];
        const channel = channels.find((c) => c.id === body.from);
        if (!channel) details.push({ code: 'INVALID_PARAMETER', path: 'from', message: 'unknown channel' });
        else if (channel.channel !== kind) details.push({ code: 'INVALID_PARAMETER', path: 'from', message: `not a ${kind} channel` });
        if (typeof body.to !== 'string' || !body.to) details.push({ code: 'INVALID_PARAMETER', path: 'to', message: 'required' });
        if (!Array.isArray(contents) || contents.length === 0)
          details.push({ code: 'INVALID_PARAMETER', path: 'contents', message: 'required' });
        else
          contents.forEach((content: Record<string, unknown>, index: number) => {
            if (content?.type === 'text' && typeof content.text === 'string' && content.text) return;
            if (content?.type === 'file' && typeof content.fileUrl === 'string' && /^https?:\/\//.test(content.fileUrl)) return;
            details.push({ code: 'INVALID_PARAMETER', path: `contents[${index}]`, message: 'unsupported content' });
          });
        if (details.length) return fail(reply, 400, 'VALIDATION_ERROR', 'Validation error', details);
        const message: HubSimSentMessage = {
          id: id(),
          path: request.url,
          from: body.from as string,
          to: body.to as string,
          channel: kind as HubChannelKind,
          contents: contents as Record<string, unknown>[],
        };
        sent.push(message);
        return reply
          .status(200)
          .send({ id: message.id, from: message.from, to: message.to, direction: 'OUT', channel: kind, contents: message.contents });
      },
    );
  });
  baseUrl = sim.url;

  const channelFor = (options: { channelId?: string }) => channels.find((c) => c.id === options.channelId) ?? channels[0];

  return Object.assign(sim, {
    token,
    channels,
    subscriptions,
    sent,
    files,
    post,
    async sendInbound(options: HubInboundOptions) {
      const channel = channelFor(options);
      const messageId = options.id ?? randomBytes(12).toString('hex');
      const contents: Record<string, unknown>[] = [];
      if (options.file) {
        const fileId = id();
        files.set(fileId, { data: options.file.content, mimetype: options.file.mimetype });
        contents.push({
          type: 'file',
          fileUrl: `${baseUrl}/files/${fileId}`,
          fileMimeType: options.file.mimetype,
          ...(options.file.name ? { fileName: options.file.name } : {}),
          ...(options.file.caption ? { fileCaption: options.file.caption } : {}),
        });
      }
      if (options.text !== undefined) contents.push({ type: 'text', text: options.text });
      const timestamp = new Date().toISOString();
      const event = {
        id: id(),
        timestamp,
        type: 'MESSAGE',
        channel: channel.channel,
        direction: 'IN',
        message: {
          id: messageId,
          from: options.from,
          to: channel.id,
          direction: 'IN',
          channel: channel.channel,
          contents,
          visitor: { name: '', firstName: '', lastName: '', picture: '', ...options.visitor },
          timestamp,
        },
      };
      return { id: messageId, event, deliveries: await post(event, channel.id) };
    },
    async sendStatus(
      messageId: string,
      code: 'SENT' | 'DELIVERED' | 'READ' | 'REJECTED' | 'NOT_DELIVERED',
      statusOptions: { description?: string } = {},
    ) {
      const message = sent.find((m) => m.id === messageId);
      const channel = channels.find((c) => c.id === message?.from) ?? channels[0];
      const timestamp = new Date().toISOString();
      const event = {
        id: id(),
        timestamp,
        type: 'MESSAGE_STATUS',
        channel: channel.channel,
        messageId,
        contentIndex: 0,
        messageStatus: {
          timestamp,
          code,
          description: statusOptions.description ?? code.charAt(0) + code.slice(1).toLowerCase().replace('_', ' '),
        },
      };
      return { event, deliveries: await post(event, channel.id) };
    },
  });
}
