import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { startSimServer, type SimServer } from '../shared/sim-server.js';

/**
 * Evolution API v2 (https://doc.evolution-api.com/v2), the part a helpdesk uses: instances
 * (create, connect with QR or pairing code, connection state, logout), text, media and voice-note
 * (sendWhatsAppAudio) sends (to a number or a group JID), media download, group info, the instance
 * webhook and the instance settings (settings/find, settings/set). Shapes follow the upstream sources
 * (EvolutionAPI/evolution-api: instance.controller.ts, whatsapp.baileys.service.ts,
 * integrations/event/webhook/webhook.controller.ts, validate/message.schema.ts, routes/settings.router.ts,
 * validate/settings.schema.ts, services/settings.service.ts, services/channel.service.ts) and the v2 docs.
 *
 * Auth: the `apikey` header, either the server's global key or the instance's own token (hash).
 * Errors: `{ status, error, response: { message } }` like Evolution's exception filter.
 *
 * As a tool: scanQr() (the phone scans → CONNECTION_UPDATE open), rotateQr() (QRCODE_UPDATED),
 * disconnect() (CONNECTION_UPDATE close), sendInbound() (MESSAGES_UPSERT, from a customer, a group
 * participant or the phone itself), sendHistory() (MESSAGES_SET, a history sync chunk), addGroup()
 * (a group the phone is in), sendStatus() (MESSAGES_UPDATE), and fail()/delay() from the shared skeleton.
 */

export const EVOLUTION_EVENTS = [
  'MESSAGES_SET',
  'MESSAGES_UPSERT',
  'MESSAGES_UPDATE',
  'CONNECTION_UPDATE',
  'QRCODE_UPDATED',
  'SEND_MESSAGE',
] as const;
export type EvolutionConnectionState = 'open' | 'connecting' | 'close';
export type EvolutionAckStatus = 'SERVER_ACK' | 'DELIVERY_ACK' | 'READ' | 'PLAYED' | 'ERROR';

/** A real PNG (1×1): stands in for the QR image Evolution renders with the `qrcode` package. */
const QR_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export interface EvolutionWebhookConfig {
  url: string;
  byEvents: boolean;
  base64: boolean;
  events: string[];
  enabled: boolean;
}

export interface EvolutionInstance {
  instanceName: string;
  instanceId: string;
  /** The instance's own API key (Evolution's "hash"). */
  token: string;
  integration: string;
  state: EvolutionConnectionState;
  webhook: EvolutionWebhookConfig | null;
  qrcode: { pairingCode: string | null; code: string; base64: string; count: number } | null;
  /** The connected phone (after scanQr). */
  ownerJid: string | null;
  /** Media of messages this instance received, for /chat/getBase64FromMediaMessage. */
  media: Map<string, { base64: string; mimetype: string; fileName: string; caption: string; mediaType: string }>;
  /** The groups the phone is in, by JID (GET /group/findGroupInfos; sends to a group need it). */
  groups: Map<string, { subject: string; participants: string[] }>;
  /** Ids of messages deleted for everyone, and edited texts by id. */
  deleted: Set<string>;
  edited: Map<string, string>;
  /** The instance settings given at creation (v2 InstanceDto: groupsIgnore, syncFullHistory…), as create answers them. */
  settings: {
    rejectCall: boolean;
    msgCall: string;
    groupsIgnore: boolean;
    alwaysOnline: boolean;
    readMessages: boolean;
    readStatus: boolean;
    syncFullHistory: boolean;
  };
  /** The settings row's wavoipToken column (recent v2 releases): null until a settings/set gives one. */
  wavoipToken: string | null;
}

export interface EvolutionInboundOptions {
  instanceName?: string;
  /** The customer's number (digits with country code); in a group, the participant who wrote. */
  from: string;
  pushName?: string;
  id?: string;
  text?: string;
  /** Use extendedTextMessage instead of conversation (as WhatsApp does for replies and links). */
  extended?: boolean;
  image?: { content: Buffer; mimetype: string; caption?: string };
  /** Leave the media out of the webhook even when webhook base64 is on (the adapter must fetch it). */
  omitBase64?: boolean;
  /** Any other WhatsApp message content (location, contacts…): { locationMessage: {…} }, named by its key. */
  content?: Record<string, unknown>;
  /** Typed on the connected phone (key.fromMe): `from` is then the chat's customer. */
  fromMe?: boolean;
  /** A group chat ('<id>@g.us') instead of the customer's own chat. */
  groupJid?: string;
  timestamp?: number;
}

/** One message of a history sync chunk (MESSAGES_SET): as sendInbound's, with its own time. */
export type EvolutionHistoryMessage = Omit<EvolutionInboundOptions, 'instanceName' | 'omitBase64' | 'timestamp'> & { timestamp: number };

export interface EvolutionWebhookDelivery {
  status: number;
  body: unknown;
  payload: Record<string, unknown>;
}

export interface EvolutionSimulator extends SimServer {
  apiKey: string;
  instances: Map<string, EvolutionInstance>;
  /** Webhook deliveries made so far (payload and our answer). */
  deliveries: EvolutionWebhookDelivery[];
  scanQr(instanceName?: string): Promise<EvolutionWebhookDelivery | undefined>;
  rotateQr(instanceName?: string): Promise<EvolutionWebhookDelivery | undefined>;
  disconnect(instanceName?: string): Promise<EvolutionWebhookDelivery | undefined>;
  sendInbound(options: EvolutionInboundOptions): Promise<EvolutionWebhookDelivery & { id: string }>;
  /**
   * A history sync chunk: MESSAGES_SET with the messages as Evolution's prepareMessage shapes them
   * (no base64: files through getBase64FromMediaMessage). Undefined when the webhook does not take MESSAGES_SET.
   */
  sendHistory(
    messages: EvolutionHistoryMessage[],
    options?: { instanceName?: string; isLatest?: boolean; progress?: number },
  ): Promise<(EvolutionWebhookDelivery & { ids: string[] }) | undefined>;
  /** A group the connected phone is in (its subject, answered by /group/findGroupInfos). */
  addGroup(jid: string, subject: string, options?: { instanceName?: string; participants?: string[] }): void;
  sendStatus(
    keyId: string,
    status: EvolutionAckStatus,
    options?: { instanceName?: string; remoteJid?: string },
  ): Promise<EvolutionWebhookDelivery>;
  /** Posts an arbitrary event (already in Evolution's envelope) to the instance's webhook. */
  post(instanceName: string, event: string, data: unknown, extra?: Record<string, unknown>): Promise<EvolutionWebhookDelivery>;
}

const messageId = () => `3EB0${randomBytes(8).toString('hex').toUpperCase()}`;
const jidOf = (number: string) => `${number.replace(/\D/g, '')}@s.whatsapp.net`;
const isGroupJid = (jid: string) => /^[\d-]+@g\.us$/.test(jid);

/** Baileys' getDevice(id), which Evolution reports as `source`. */
function deviceOf(id: string): string {
  if (/^3A.{18}$/.test(id)) return 'ios';
  if (/^3E.{20}$/.test(id)) return 'web';
  if (/^(.{21}|.{32})$/.test(id)) return 'android';
  if (/^(3F|.{18}$)/.test(id)) return 'desktop';
  return 'unknown';
}

function evolutionError(reply: FastifyReply, status: number, message: unknown) {
  const error = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' }[status] ?? 'Internal Server Error';
  return reply.status(status).send({ status, error, response: { message } });
}

export async function startEvolutionSimulator(options: { apiKey?: string } = {}): Promise<EvolutionSimulator> {
  const apiKey = options.apiKey ?? randomUUID().toUpperCase();
  const instances = new Map<string, EvolutionInstance>();
  const deliveries: EvolutionWebhookDelivery[] = [];
  let serverUrl = '';

  const newQr = (instance: EvolutionInstance, number?: string) => {
    const count = (instance.qrcode?.count ?? 0) + 1;
    instance.qrcode = {
      pairingCode: number ? randomBytes(4).toString('hex').toUpperCase() : null,
      code: `2@${randomBytes(32).toString('base64')},${randomBytes(32).toString('base64')},${randomBytes(32).toString('base64')}`,
      base64: `data:image/png;base64,${QR_PNG}`,
      count,
    };
    return instance.qrcode;
  };

  /** Global key or the instance's own token, like Evolution's authGuard. */
  const authorized = (request: FastifyRequest, instance?: EvolutionInstance) => {
    const given = request.headers.apikey;
    return typeof given === 'string' && (given === apiKey || (instance !== undefined && given === instance.token));
  };

  /** Resolves the instance of `/:instance` routes with Evolution's guards (auth, then existence). */
  const guard = (request: FastifyRequest<{ Params: { instance: string } }>, reply: FastifyReply): EvolutionInstance | undefined => {
    const instance = instances.get(request.params.instance);
    if (!authorized(request, instance)) {
      void evolutionError(reply, 401, 'Unauthorized');
      return undefined;
    }
    if (!instance) {
      void evolutionError(reply, 404, [`The "${request.params.instance}" instance does not exist`]);
      return undefined;
    }
    return instance;
  };

  async function post(
    instanceName: string,
    event: string,
    data: unknown,
    extra: Record<string, unknown> = {},
  ): Promise<EvolutionWebhookDelivery> {
    const instance = instances.get(instanceName);
    if (!instance?.webhook?.enabled) throw new Error(`instance ${instanceName} has no webhook`);
    const upper = event.replace(/[.-]/g, '_').toUpperCase();
    const url = instance.webhook.byEvents ? `${instance.webhook.url}/${upper.replace(/_/g, '-').toLowerCase()}` : instance.webhook.url;
    const payload = {
      event,
      instance: instanceName,
      data,
      destination: instance.webhook.url,
      date_time: new Date().toISOString(),
      sender: instance.ownerJid,
      server_url: serverUrl,
      apikey: instance.token,
      ...extra,
    };
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    const delivery = { status: response.status, body, payload };
    deliveries.push(delivery);
    return delivery;
  }

  /** Emits an event only when the instance subscribed to it, as Evolution does. */
  async function emit(
    instance: EvolutionInstance,
    event: string,
    data: unknown,
    extra?: Record<string, unknown>,
  ): Promise<EvolutionWebhookDelivery | undefined> {
    const upper = event.replace(/[.-]/g, '_').toUpperCase();
    if (!instance.webhook?.enabled || !instance.webhook.events.includes(upper)) return undefined;
    return post(instance.instanceName, event, data, extra);
  }

  /** A message's content as WhatsApp carries it, its files kept for getBase64FromMediaMessage. */
  function contentOf(instance: EvolutionInstance, id: string, options: Omit<EvolutionInboundOptions, 'from'>, inlineBase64: boolean) {
    let message: Record<string, unknown>;
    let messageType: string;
    if (options.image) {
      const base64 = options.image.content.toString('base64');
      instance.media.set(id, {
        base64,
        mimetype: options.image.mimetype,
        fileName: `${id}.jpeg`,
        caption: options.image.caption ?? '',
        mediaType: 'imageMessage',
      });
      message = {
        imageMessage: {
          url: 'https://mmg.whatsapp.net/o1/v/t62.7118-24/simulated',
          mimetype: options.image.mimetype,
          caption: options.image.caption ?? '',
          fileLength: String(options.image.content.length),
          height: 1,
          width: 1,
          mediaKey: randomBytes(32).toString('base64'),
        },
      };
      if (inlineBase64) message.base64 = base64;
      messageType = 'imageMessage';
    } else if (options.content) {
      message = options.content;
      messageType = Object.keys(options.content)[0] ?? 'unknown';
    } else if (options.extended) {
      message = { extendedTextMessage: { text: options.text ?? '' } };
      messageType = 'extendedTextMessage';
    } else {
      message = { conversation: options.text ?? '' };
      messageType = 'conversation';
    }
    return { message, messageType };
  }

  /** The key and pushName prepareMessage gives: 'Você' for the phone's own, the participant's number in a group. */
  function keyOf(options: EvolutionInboundOptions, id: string) {
    const key: Record<string, unknown> = { remoteJid: options.groupJid ?? jidOf(options.from), fromMe: options.fromMe === true, id };
    if (options.groupJid) key.participant = jidOf(options.from);
    const pushName = options.pushName || (options.fromMe ? 'Você' : options.groupJid ? options.from.replace(/\D/g, '') : '');
    return { key, pushName };
  }

  const only = (name?: string): EvolutionInstance => {
    const instance = name ? instances.get(name) : [...instances.values()].at(-1);
    if (!instance) throw new Error(name ? `no instance ${name}` : 'no instance created yet');
    return instance;
  };

  const sim = await startSimServer((app) => {
    app.post<{ Body: Record<string, unknown> }>('/instance/create', async (request, reply) => {
      if (!authorized(request)) return evolutionError(reply, 401, 'Unauthorized');
      const body = request.body ?? {};
      const instanceName = body.instanceName;
      if (typeof instanceName !== 'string' || !instanceName) return evolutionError(reply, 400, ['instanceName is required']);
      if (instances.has(instanceName)) return evolutionError(reply, 403, [`This name "${instanceName}" is already in use.`]);
      const integration = typeof body.integration === 'string' ? body.integration : 'WHATSAPP-BAILEYS';
      if (!['WHATSAPP-BAILEYS', 'WHATSAPP-BUSINESS', 'EVOLUTION'].includes(integration))
        return evolutionError(reply, 400, ['Invalid integration']);
      const hook = body.webhook as Record<string, unknown> | undefined;
      if (hook && (typeof hook.url !== 'string' || !/^https?:\/\//.test(hook.url)))
        return evolutionError(reply, 400, ['Invalid "url" property']);
      const events = Array.isArray(hook?.events) ? (hook.events as string[]) : [];
      const instance: EvolutionInstance = {
        instanceName,
        instanceId: randomUUID(),
        token: typeof body.token === 'string' && body.token ? body.token : randomUUID().toUpperCase(),
        integration,
        state: 'close',
        webhook: hook
          ? {
              url: hook.url as string,
              byEvents: hook.byEvents === true,
              base64: hook.base64 === true,
              events: events.length ? events : [...EVOLUTION_EVENTS],
              enabled: hook.enabled !== false,
            }
          : null,
        qrcode: null,
        ownerJid: null,
        media: new Map(),
        groups: new Map(),
        deleted: new Set(),
        edited: new Map(),
        settings: {
          rejectCall: body.rejectCall === true,
          msgCall: typeof body.msgCall === 'string' ? body.msgCall : '',
          groupsIgnore: body.groupsIgnore === true,
          alwaysOnline: body.alwaysOnline === true,
          readMessages: body.readMessages === true,
          readStatus: body.readStatus === true,
          syncFullHistory: body.syncFullHistory === true,
        },
        wavoipToken: typeof body.wavoipToken === 'string' ? body.wavoipToken : null,
      };
      instances.set(instanceName, instance);
      let qrcode: EvolutionInstance['qrcode'] | undefined;
      if (body.qrcode === true && integration === 'WHATSAPP-BAILEYS') {
        instance.state = 'connecting';
        qrcode = newQr(instance, typeof body.number === 'string' ? body.number : undefined);
      }
      return reply.status(201).send({
        instance: {
          instanceName,
          instanceId: instance.instanceId,
          integration,
          webhookWaBusiness: null,
          accessTokenWaBusiness: '',
          status: 'created',
        },
        hash: instance.token,
        webhook: {
          webhookUrl: instance.webhook?.url,
          webhookByEvents: instance.webhook?.byEvents,
          webhookBase64: instance.webhook?.base64,
        },
        websocket: { enabled: false },
        rabbitmq: { enabled: false },
        sqs: { enabled: false },
        settings: instance.settings,
        qrcode,
      });
    });

    app.get<{ Params: { instance: string }; Querystring: { number?: string } }>('/instance/connect/:instance', async (request, reply) => {
      const instance = guard(request, reply);
      if (!instance) return reply;
      if (instance.state === 'open') return { instance: { instanceName: instance.instanceName, state: 'open' } };
      if (instance.state === 'close' || request.query.number) {
        instance.state = 'connecting';
        newQr(instance, request.query.number);
      }
      return instance.qrcode;
    });

    /** v2 (EventDto): { webhook: { enabled, url, byEvents, base64, events } }. */
    app.post<{ Params: { instance: string }; Body: { webhook?: Record<string, unknown> } | undefined }>(
      '/webhook/set/:instance',
      async (request, reply) => {
        const instance = guard(request, reply);
        if (!instance) return reply;
        const hook = request.body?.webhook;
        if (!hook || typeof hook.url !== 'string' || !/^https?:\/\//.test(hook.url))
          return evolutionError(reply, 400, ['Invalid "url" property']);
        const events = Array.isArray(hook.events) ? (hook.events as string[]) : [];
        const enabled = hook.enabled === true;
        instance.webhook = {
          url: hook.url,
          byEvents: hook.byEvents === true,
          base64: hook.base64 === true,
          events: enabled ? (events.length ? events : [...EVOLUTION_EVENTS]) : [],
          enabled,
        };
        return reply.status(201).send({
          id: randomUUID(),
          url: instance.webhook.url,
          enabled,
          events: instance.webhook.events,
          webhookByEvents: instance.webhook.byEvents,
          webhookBase64: instance.webhook.base64,
          instanceId: instance.instanceId,
        });
      },
    );

    /**
     * The instance's settings row (settings.router.ts GET find/:instanceName → SettingsService.find →
     * ChannelStartupService.findSettings): its columns as stored, 200 either way.
     */
    app.get<{ Params: { instance: string } }>('/settings/find/:instance', async (request, reply) => {
      const instance = guard(request, reply);
      if (!instance) return reply;
      return { ...instance.settings, wavoipToken: instance.wavoipToken };
    });

    /**
     * settings.router.ts POST set/:instanceName, validated by validate/settings.schema.ts (the six
     * booleans required, msgCall and wavoipToken strings; errors as jsonschema stacks in a 400), then
     * ChannelStartupService.setSettings (an upsert of the fields given: an omitted msgCall or
     * wavoipToken keeps its column) and 201 `{ settings: { instanceName, settings: body } }`.
     */
    app.post<{ Params: { instance: string }; Body: Record<string, unknown> | undefined }>(
      '/settings/set/:instance',
      async (request, reply) => {
        const instance = guard(request, reply);
        if (!instance) return reply;
        const body = request.body ?? {};
        const required = ['rejectCall', 'groupsIgnore', 'alwaysOnline', 'readMessages', 'readStatus', 'syncFullHistory'] as const;
        const types: [string, 'boolean' | 'string'][] = [
          ['rejectCall', 'boolean'],
          ['msgCall', 'string'],
          ['groupsIgnore', 'boolean'],
          ['alwaysOnline', 'boolean'],
          ['readMessages', 'boolean'],
          ['readStatus', 'boolean'],
          ['syncFullHistory', 'boolean'],
          ['wavoipToken', 'string'],
        ];
        // jsonschema checks the schema's keywords in order: `properties` (types), then `required`.
        const errors = [
          ...types
            .filter(([key, type]) => key in body && typeof body[key] !== type)
            .map(([key, type]) => `${key} is not of a type(s) ${type}`),
          ...required.filter((key) => !(key in body)).map((key) => `instance requires property "${key}"`),
        ];
        if (errors.length) return evolutionError(reply, 400, errors);
        for (const key of required) instance.settings[key] = body[key] as boolean;
        if (typeof body.msgCall === 'string') instance.settings.msgCall = body.msgCall;
        if (typeof body.wavoipToken === 'string') instance.wavoipToken = body.wavoipToken;
        return reply.status(201).send({ settings: { instanceName: instance.instanceName, settings: body } });
      },
    );

    app.get<{ Params: { instance: string } }>('/instance/connectionState/:instance', async (request, reply) => {
      const instance = guard(request, reply);
      if (!instance) return reply;
      return { instance: { instanceName: instance.instanceName, state: instance.state } };
    });

    app.delete<{ Params: { instance: string } }>('/instance/logout/:instance', async (request, reply) => {
      const instance = guard(request, reply);
      if (!instance) return reply;
      if (instance.state === 'close') return evolutionError(reply, 400, [`The "${instance.instanceName}" instance is not connected`]);
      instance.state = 'close';
      instance.qrcode = null;
      instance.ownerJid = null;
      void emit(instance, 'connection.update', { instance: instance.instanceName, state: 'close', statusReason: 401 }).catch(
        () => undefined,
      );
      return { status: 'SUCCESS', error: false, response: { message: 'Instance logged out' } };
    });

    const sendGuard = (request: FastifyRequest<{ Params: { instance: string } }>, reply: FastifyReply, body: Record<string, unknown>) => {
      const instance = guard(request, reply);
      if (!instance) return undefined;
      if (typeof body.number !== 'string' || !body.number) {
        void evolutionError(reply, 400, ['number is required']);
        return undefined;
      }
      // createJid keeps a group JID; sendMessageWithTyping then needs the group's metadata.
      if (body.number.endsWith('@g.us')) {
        if (instance.state !== 'open') {
          void evolutionError(reply, 400, ['Error: Connection Closed']);
          return undefined;
        }
        if (!isGroupJid(body.number) || !instance.groups.has(body.number)) {
          void evolutionError(reply, 400, ['NotFoundException: Group not found']);
          return undefined;
        }
        return instance;
      }
      const digits = body.number.replace(/\D/g, '');
      if (digits.length < 8 || digits.length > 15) {
        void evolutionError(reply, 400, [{ exists: false, jid: jidOf(digits), number: body.number }]);
        return undefined;
      }
      if (instance.state !== 'open') {
        void evolutionError(reply, 400, ['Error: Connection Closed']);
        return undefined;
      }
      return instance;
    };

    const sent = (instance: EvolutionInstance, number: string, message: Record<string, unknown>, messageType: string, quoted: unknown) => {
      const quotedId = (quoted as { key?: { id?: unknown } } | undefined)?.key?.id;
      return {
        key: { remoteJid: number.endsWith('@g.us') ? number : jidOf(number), fromMe: true, id: messageId() },
        pushName: '',
        status: 'PENDING',
        message,
        contextInfo:
          typeof quotedId === 'string'
            ? { stanzaId: quotedId, participant: jidOf(number), quotedMessage: (quoted as { message?: unknown }).message ?? {} }
            : null,
        messageType,
        messageTimestamp: Math.floor(Date.now() / 1000),
        instanceId: instance.instanceId,
        source: 'unknown',
      };
    };

    app.post<{ Params: { instance: string }; Body: Record<string, unknown> }>('/message/sendText/:instance', async (request, reply) => {
      const body = request.body ?? {};
      const instance = sendGuard(request, reply, body);
      if (!instance) return reply;
      if (typeof body.text !== 'string' || !body.text) return evolutionError(reply, 400, ['text is required']);
      const quoted = body.quoted as { key?: { id?: unknown } } | undefined;
      if (quoted !== undefined && typeof quoted?.key?.id !== 'string') return evolutionError(reply, 400, ['quoted.key.id is required']);
      const message = quoted ? { extendedTextMessage: { text: body.text } } : { conversation: body.text };
      return reply
        .status(201)
        .send(sent(instance, body.number as string, message, quoted ? 'extendedTextMessage' : 'conversation', quoted));
    });

    app.post<{ Params: { instance: string }; Body: Record<string, unknown> }>('/message/sendMedia/:instance', async (request, reply) => {
      const body = request.body ?? {};
      const instance = sendGuard(request, reply, body);
      if (!instance) return reply;
      const mediatype = body.mediatype;
      if (mediatype !== 'image' && mediatype !== 'document' && mediatype !== 'video' && mediatype !== 'audio')
        return evolutionError(reply, 400, ['mediatype must be one of image, document, video, audio']);
      if (typeof body.media !== 'string' || !body.media) return evolutionError(reply, 400, ['media is required']);
      const isUrl = /^https?:\/\//.test(body.media);
      if (!isUrl && !/^[A-Za-z0-9+/]+=*$/.test(body.media)) return evolutionError(reply, 400, ['Owned media must be a url or base64']);
      const size = isUrl ? 0 : Buffer.from(body.media, 'base64').length;
      const content = {
        url: 'https://mmg.whatsapp.net/o1/v/t62.7118-24/simulated',
        mimetype: typeof body.mimetype === 'string' ? body.mimetype : 'application/octet-stream',
        fileLength: String(size),
        ...(typeof body.caption === 'string' && body.caption ? { caption: body.caption } : {}),
        ...(mediatype === 'document' ? { fileName: body.fileName } : {}),
      };
      const messageType = `${mediatype}Message`;
      return reply.status(201).send(sent(instance, body.number as string, { [messageType]: content }, messageType, body.quoted));
    });

    /**
     * A voice note (fixtures/evolution/send-whatsapp-audio-response.json): audioMessageSchema
     * (validate/message.schema.ts: number, audio, integer delay, quoted with key.id…), then
     * audioWhatsapp (whatsapp.baileys.service.ts) refuses an audio neither a URL nor base64
     * (send-whatsapp-audio-error.json) and sends it with ptt: true; 201 like the other sends.
     */
    app.post<{ Params: { instance: string }; Body: Record<string, unknown> }>(
      '/message/sendWhatsAppAudio/:instance',
      async (request, reply) => {
        const body = request.body ?? {};
        const instance = sendGuard(request, reply, body);
        if (!instance) return reply;
        if (body.delay !== undefined && !Number.isInteger(body.delay))
          return evolutionError(reply, 400, ['delay is not of a type(s) integer']);
        if (body.encoding !== undefined && typeof body.encoding !== 'boolean')
          return evolutionError(reply, 400, ['encoding is not of a type(s) boolean']);
        const quoted = body.quoted as { key?: { id?: unknown } } | undefined;
        if (quoted !== undefined && typeof quoted?.key?.id !== 'string') return evolutionError(reply, 400, ['quoted.key.id is required']);
        const audio = body.audio;
        const isUrl = typeof audio === 'string' && /^https?:\/\//.test(audio);
        if (typeof audio !== 'string' || (!isUrl && !/^[A-Za-z0-9+/]+=*$/.test(audio)))
          return evolutionError(reply, 400, ['File buffer, URL, or base64 audio is required']);
        const number = body.number as string;
        const timestamp = String(Math.floor(Date.now() / 1000));
        // The documented answer's fields; audioWhatsapp sends every voice note as 'audio/ogg; codecs=opus'.
        return reply.status(201).send({
          key: { remoteJid: number.endsWith('@g.us') ? number : jidOf(number), fromMe: true, id: messageId() },
          message: {
            audioMessage: {
              url: 'https://mmg.whatsapp.net/v/t62.7114-24/simulated',
              mimetype: 'audio/ogg; codecs=opus',
              fileSha256: randomBytes(32).toString('base64'),
              fileLength: String(isUrl ? 0 : Buffer.from(audio, 'base64').length),
              seconds: 1,
              ptt: true,
              mediaKey: randomBytes(32).toString('base64'),
              fileEncSha256: randomBytes(32).toString('base64'),
              directPath: '/v/t62.7114-24/simulated.enc',
              mediaKeyTimestamp: timestamp,
            },
          },
          messageTimestamp: timestamp,
          status: 'PENDING',
        });
      },
    );

    /** deleteMessageSchema (validate/chat.schema.ts): { id, fromMe, remoteJid, participant? }. */
    app.delete<{ Params: { instance: string }; Body: Record<string, unknown> | undefined }>(
      '/chat/deleteMessageForEveryone/:instance',
      async (request, reply) => {
        const instance = guard(request, reply);
        if (!instance) return reply;
        const body = request.body ?? {};
        if (
          typeof body.id !== 'string' ||
          !body.id ||
          typeof body.remoteJid !== 'string' ||
          !body.remoteJid ||
          typeof body.fromMe !== 'boolean'
        )
          return evolutionError(reply, 400, ['id, fromMe and remoteJid are required']);
        if (instance.state !== 'open') return evolutionError(reply, 400, ['Error: Connection Closed']);
        instance.deleted.add(body.id);
        const key = { remoteJid: body.remoteJid, fromMe: body.fromMe, id: body.id };
        return reply.status(201).send({
          key: { remoteJid: body.remoteJid, fromMe: true, id: messageId() },
          message: { protocolMessage: { key, type: 'REVOKE' } },
          messageTimestamp: String(Math.floor(Date.now() / 1000)),
          status: 'PENDING',
        });
      },
    );

    /** updateMessageSchema: { number, text, key: { id, remoteJid, fromMe } }. */
    app.post<{ Params: { instance: string }; Body: Record<string, unknown> | undefined }>(
      '/chat/updateMessage/:instance',
      async (request, reply) => {
        const instance = guard(request, reply);
        if (!instance) return reply;
        const body = request.body ?? {};
        const key = body.key as { id?: unknown; remoteJid?: unknown; fromMe?: unknown } | undefined;
        if (
          typeof body.number !== 'string' ||
          typeof body.text !== 'string' ||
          !body.text ||
          typeof key?.id !== 'string' ||
          typeof key.remoteJid !== 'string' ||
          typeof key.fromMe !== 'boolean'
        )
          return evolutionError(reply, 400, ['number, text and key { id, remoteJid, fromMe } are required']);
        if (instance.state !== 'open') return evolutionError(reply, 400, ['Error: Connection Closed']);
        instance.edited.set(key.id, body.text);
        return reply.status(201).send({
          key: { remoteJid: key.remoteJid, fromMe: true, id: messageId() },
          message: { protocolMessage: { key, type: 'MESSAGE_EDIT', editedMessage: { conversation: body.text } } },
          messageTimestamp: String(Math.floor(Date.now() / 1000)),
          status: 'PENDING',
        });
      },
    );

    /** groupJidSchema: ?groupJid=…; the answer is Baileys' GroupMetadata. */
    app.get<{ Params: { instance: string }; Querystring: { groupJid?: string } }>(
      '/group/findGroupInfos/:instance',
      async (request, reply) => {
        const instance = guard(request, reply);
        if (!instance) return reply;
        const jid = request.query.groupJid;
        if (typeof jid !== 'string' || !jid) return evolutionError(reply, 400, ['groupJid is required']);
        if (instance.state !== 'open') return evolutionError(reply, 400, ['Error: Connection Closed']);
        const group = instance.groups.get(jid);
        if (!group) return evolutionError(reply, 404, ['Error fetching group', 'Error: item-not-found']);
        return {
          id: jid,
          subject: group.subject,
          subjectOwner: group.participants[0] ?? null,
          subjectTime: 1_700_000_000,
          size: group.participants.length,
          creation: 1_700_000_000,
          owner: group.participants[0] ?? null,
          desc: null,
          restrict: false,
          announce: false,
          participants: group.participants.map((participant, index) => ({ id: participant, admin: index === 0 ? 'superadmin' : null })),
        };
      },
    );

    app.post<{ Params: { instance: string }; Body: { message?: { key?: { id?: unknown } } } | undefined }>(
      '/chat/getBase64FromMediaMessage/:instance',
      async (request, reply) => {
        const instance = guard(request, reply);
        if (!instance) return reply;
        const id = request.body?.message?.key?.id;
        if (typeof id !== 'string') return evolutionError(reply, 400, ['message.key.id is required']);
        const media = instance.media.get(id);
        if (!media) return evolutionError(reply, 400, ['Message not found']);
        return reply.status(201).send({
          mediaType: media.mediaType,
          fileName: media.fileName,
          caption: media.caption,
          size: { fileLength: String(Buffer.from(media.base64, 'base64').length) },
          mimetype: media.mimetype,
          base64: media.base64,
        });
      },
    );
  });
  serverUrl = sim.url;

  return {
    ...sim,
    apiKey,
    instances,
    deliveries,
    post,

    async scanQr(instanceName) {
      const instance = only(instanceName);
      instance.state = 'open';
      instance.qrcode = null;
      instance.ownerJid = '5511900000000@s.whatsapp.net';
      return emit(instance, 'connection.update', {
        instance: instance.instanceName,
        wuid: instance.ownerJid,
        profileName: 'Conversa',
        profilePictureUrl: null,
        state: 'open',
        statusReason: 200,
      });
    },

    async rotateQr(instanceName) {
      const instance = only(instanceName);
      const qrcode = newQr(instance);
      return emit(instance, 'qrcode.updated', {
        qrcode: { instance: instance.instanceName, pairingCode: qrcode.pairingCode, code: qrcode.code, base64: qrcode.base64 },
      });
    },

    async disconnect(instanceName) {
      const instance = only(instanceName);
      instance.state = 'close';
      return emit(instance, 'connection.update', { instance: instance.instanceName, state: 'close', statusReason: 428 });
    },

    async sendInbound(options) {
      const instance = only(options.instanceName);
      const id = options.id ?? messageId();
      const { key, pushName } = keyOf(options, id);
      const { message, messageType } = contentOf(instance, id, options, instance.webhook?.base64 === true && !options.omitBase64);
      const delivery = await post(instance.instanceName, 'messages.upsert', {
        key,
        pushName,
        status: options.fromMe ? 'SERVER_ACK' : 'DELIVERY_ACK',
        message,
        contextInfo: null,
        messageType,
        messageTimestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
        instanceId: instance.instanceId,
        source: 'android',
      });
      return { ...delivery, id };
    },

    async sendHistory(messages, options = {}) {
      const instance = only(options.instanceName);
      const ids: string[] = [];
      const data = messages.map((entry) => {
        const id = entry.id ?? messageId();
        ids.push(id);
        const { key, pushName } = keyOf(entry, id);
        const { message, messageType } = contentOf(instance, id, entry, false);
        // prepareMessage: status from the stored WebMessageInfo, DELIVERY_ACK for a received one without it.
        return {
          key,
          pushName,
          message,
          messageType,
          messageTimestamp: entry.timestamp,
          source: deviceOf(id),
          instanceId: instance.instanceId,
          status: entry.fromMe ? 'READ' : 'DELIVERY_ACK',
        };
      });
      // Sent with { isLatest, progress } beside the messages (sendDataWebhook's extra).
      const delivery = await emit(instance, 'messages.set', data, {
        isLatest: options.isLatest ?? true,
        progress: options.progress ?? 100,
      });
      return delivery ? { ...delivery, ids } : undefined;
    },

    addGroup(jid, subject, options = {}) {
      if (!isGroupJid(jid)) throw new Error(`not a group JID: ${jid}`);
      only(options.instanceName).groups.set(jid, { subject, participants: (options.participants ?? ['5511900000000']).map(jidOf) });
    },

    async sendStatus(keyId, status, options = {}) {
      const instance = only(options.instanceName);
      const remoteJid = options.remoteJid ?? '5511999999999@s.whatsapp.net';
      return post(instance.instanceName, 'messages.update', {
        keyId,
        remoteJid,
        fromMe: true,
        participant: remoteJid,
        status,
        instanceId: instance.instanceId,
      });
    },
  };
}
