import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { startSimServer, type SimServer } from '../shared/sim-server.js';

/**
 * WuzAPI (https://github.com/asternic/wuzapi, API.md), a REST gateway over whatsmeow, for one
 * user: the webhook and its event subscriptions (POST /webhook `events`, POST /session/connect
 * `Subscribe`), the session (connect, status, QR code, logout), text and media sends and image
 * download. Auth: the user token in the `Token` header (or `Authorization`, as API.md
 * says). Answers use WuzAPI's envelope `{ code, data, success }`, errors `{ code, error, success: false }`.
 * Webhooks are posted like WuzAPI's default WEBHOOK_FORMAT=form (`jsonData` + `token` fields,
 * application/x-www-form-urlencoded), or as JSON (WEBHOOK_FORMAT=json) when asked.
 *
 * As a tool: scanQr() (Connected event), rotateQr() (QR event), logoutFromPhone() (LoggedOut),
 * sendInbound() (Message: a customer, a group participant, or the phone itself), sendHistory()
 * (HistorySync: a chunk of the phone's history sync), addGroup() (a group the phone is in, for
 * GET /group/info and sends to the group), sendReceipt() (ReadReceipt), and fail()/delay() from
 * the skeleton.
 */

export type WuzapiWebhookFormat = 'form' | 'json';

export interface WuzapiUser {
  token: string;
  webhook: string;
  subscribe: string[];
  connected: boolean;
  loggedIn: boolean;
  jid: string;
  qrcode: string;
  /** The last linking code of /session/pairphone. */
  pairingCode: string;
  /** Ids of messages revoked through /chat/delete. */
  deleted: Set<string>;
  /** Media of received messages by their URL, for /chat/download*. */
  media: Map<string, { data: Buffer; mimetype: string }>;
  /** The groups the phone is in, by JID: GET /group/info answers them, sends to them are accepted. */
  groups: Map<string, { name: string; participants: string[] }>;
}

export interface WuzapiInboundOptions {
  from: string;
  pushName?: string;
  id?: string;
  text?: string;
  image?: { content: Buffer; mimetype: string; caption?: string };
  /** Leave base64 out of the webhook (WuzAPI with S3-only media delivery): the adapter must download it. */
  omitBase64?: boolean;
  /** Typed on the connected phone (Info.IsFromMe): Sender is the account itself. */
  fromMe?: boolean;
  /** In a group: its JID (Info.Chat, Info.IsGroup); `from` is the participant who wrote. */
  groupJid?: string;
  /** The id of a message this one replies to. */
  quotedId?: string;
}

/** A message of a history sync chunk (a WebMessageInfo of one of its conversations). */
export interface WuzapiHistoryMessage {
  id?: string;
  /** The customer's number; in a group, the participant who wrote. */
  from: string;
  groupJid?: string;
  fromMe?: boolean;
  pushName?: string;
  text?: string;
  image?: { content: Buffer; mimetype: string; caption?: string };
  /** The file is gone from WhatsApp's servers (old history media): /chat/downloadimage fails for it. */
  mediaExpired?: boolean;
  /** Seconds since the epoch. */
  timestamp: number;
}

export interface WuzapiWebhookDelivery {
  status: number;
  body: unknown;
  /** The event as WuzAPI builds it (postmap), before form or JSON encoding. */
  event: Record<string, unknown>;
  /** The request as it was posted. */
  sent: { contentType: string; body: string };
}

export interface WuzapiSimulator extends SimServer {
  user: WuzapiUser;
  format: WuzapiWebhookFormat;
  deliveries: WuzapiWebhookDelivery[];
  scanQr(): Promise<WuzapiWebhookDelivery | undefined>;
  rotateQr(): Promise<WuzapiWebhookDelivery | undefined>;
  logoutFromPhone(): Promise<WuzapiWebhookDelivery | undefined>;
  sendInbound(options: WuzapiInboundOptions): Promise<WuzapiWebhookDelivery & { id: string }>;
  /**
   * A HistorySync event (whatsmeow's events.HistorySync, JSON-encoded as WuzAPI posts it): the
   * messages grouped into conversations by chat. Undefined when the user is not subscribed to it.
   */
  sendHistory(
    messages: WuzapiHistoryMessage[],
    options?: { syncType?: number; chunkOrder?: number; progress?: number },
  ): Promise<(WuzapiWebhookDelivery & { ids: string[] }) | undefined>;
  /** A group the connected phone is in (its name answers GET /group/info). */
  addGroup(jid: string, name: string, participants?: string[]): void;
  sendReceipt(messageIds: string[], state: 'Read' | 'Delivered', chatNumber?: string): Promise<WuzapiWebhookDelivery>;
  /** Posts an event (a postmap) as WuzAPI would, whatever the subscriptions. */
  post(event: Record<string, unknown>): Promise<WuzapiWebhookDelivery>;
}

/** A real PNG (1×1), standing in for the QR image WuzAPI renders with go-qrcode. */
const QR_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const jidOf = (number: string) => `${number.replace(/\D/g, '')}@s.whatsapp.net`;
const isGroupJid = (jid: string) => /^[\d-]+@g\.us$/.test(jid);
/** What WuzAPI's parseJID accepts as a recipient: digits (a number), or a JID with its server (a person or a group). */
const RECIPIENT = /^(\+?\d{6,20}|\d{6,20}(\.\d+)?(:\d+)?@s\.whatsapp\.net|[\d-]{6,40}@g\.us)$/;
const messageId = () => randomBytes(16).toString('hex').toUpperCase();
const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)(;[^,]*)?;base64,([A-Za-z0-9+/]+=*)$/;

/** constants.go supportedEventTypes: what WuzAPI accepts as a subscription (others are discarded). */
export const WUZAPI_EVENT_TYPES = [
  'Message',
  'UndecryptableMessage',
  'Receipt',
  'MediaRetry',
  'ReadReceipt',
  'GroupInfo',
  'JoinedGroup',
  'Picture',
  'BlocklistChange',
  'Blocklist',
  'Connected',
  'Disconnected',
  'ConnectFailure',
  'KeepAliveRestored',
  'KeepAliveTimeout',
  'QRTimeout',
  'LoggedOut',
  'ClientOutdated',
  'TemporaryBan',
  'StreamError',
  'StreamReplaced',
  'PairSuccess',
  'PairError',
  'QR',
  'QRScannedWithoutMultidevice',
  'PrivacySettings',
  'PushNameSetting',
  'UserAbout',
  'AppState',
  'AppStateSyncComplete',
  'HistorySync',
  'OfflineSyncCompleted',
  'OfflineSyncPreview',
  'LabelEdit',
  'LabelAssociationChat',
  'LabelAssociationMessage',
  'CallOffer',
  'CallAccept',
  'CallTerminate',
  'CallOfferNotice',
  'CallRelayLatency',
  'Presence',
  'ChatPresence',
  'IdentityChange',
  'CATRefreshError',
  'NewsletterJoin',
  'NewsletterLeave',
  'NewsletterMuteChange',
  'NewsletterLiveUpdate',
  'FBMessage',
  'All',
] as const;
const SUPPORTED_EVENTS = new Set<string>(WUZAPI_EVENT_TYPES);
/** The supported event types of a list, once each, in order. */
const supportedOf = (list: unknown[]) => [...new Set(list.filter((s): s is string => typeof s === 'string' && SUPPORTED_EVENTS.has(s)))];

function respond(reply: FastifyReply, code: number, data: unknown) {
  return reply.status(code).send(code >= 200 && code < 300 ? { code, data, success: true } : { code, error: data, success: false });
}

export async function startWuzapiSimulator(options: { token?: string; format?: WuzapiWebhookFormat } = {}): Promise<WuzapiSimulator> {
  const user: WuzapiUser = {
    token: options.token ?? randomBytes(12).toString('hex').toUpperCase(),
    webhook: '',
    subscribe: [],
    connected: false,
    loggedIn: false,
    jid: '',
    qrcode: '',
    pairingCode: '',
    deleted: new Set(),
    media: new Map(),
    groups: new Map(),
  };
  const deliveries: WuzapiWebhookDelivery[] = [];
  const state = { format: options.format ?? 'form' };

  const authorized = (request: FastifyRequest) => {
    const given = request.headers.token ?? request.headers.authorization;
    return given === user.token;
  };

  async function post(event: Record<string, unknown>): Promise<WuzapiWebhookDelivery> {
    if (!user.webhook) throw new Error('no webhook set');
    const init =
      state.format === 'json'
        ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...event, token: user.token }) }
        : {
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ jsonData: JSON.stringify(event), token: user.token }).toString(),
          };
    const response = await fetch(user.webhook, { method: 'POST', ...init });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    const delivery = { status: response.status, body, event, sent: { contentType: init.headers['content-type'], body: init.body } };
    deliveries.push(delivery);
    return delivery;
  }

  /** Like sendEventWithWebHook: only the subscribed types (or "All") reach the webhook. */
  async function emit(event: Record<string, unknown>): Promise<WuzapiWebhookDelivery | undefined> {
    const type = event.type as string;
    if (!user.webhook || !(user.subscribe.includes(type) || user.subscribe.includes('All'))) return undefined;
    return post(event);
  }

  /** An imageMessage (waE2E.ImageMessage as JSON); its file is kept for /chat/downloadimage. */
  const imageMessageOf = (image: { content: Buffer; mimetype: string; caption?: string }, expired = false) => {
    const url = `https://mmg.whatsapp.net/o1/v/t62.7118-24/f2/m269/${randomUUID()}.enc`;
    if (!expired) user.media.set(url, { data: image.content, mimetype: image.mimetype });
    return {
      URL: url,
      mimetype: image.mimetype,
      caption: image.caption ?? '',
      fileSHA256: randomBytes(32).toString('base64'),
      fileLength: image.content.length,
      height: 1,
      width: 1,
      mediaKey: randomBytes(32).toString('base64'),
      fileEncSHA256: randomBytes(32).toString('base64'),
      directPath: '/o1/v/t62.7118-24/f2/m269/simulated.enc',
    };
  };

  const newQr = () => {
    user.qrcode = `data:image/png;base64,${QR_PNG}`;
    return user.qrcode;
  };

  const sim = await startSimServer((app) => {
    app.addHook('preHandler', async (request, reply) => {
      if (!authorized(request)) return respond(reply, 401, 'unauthorized');
    });

    /**
     * handlers.go SetWebhook: `{ webhookurl, events }` (Go's JSON decoding matches the keys in any
     * case). A non-empty events list replaces the subscriptions with its supported types, also while
     * connected: WuzAPI stores them in users.events and the user info cache, which the event handler
     * re-reads for every event (wmiau.go updateAndGetUserSubscriptions). Without events only the URL changes.
     */
    app.post<{ Body: Record<string, unknown> | undefined }>('/webhook', async (request, reply) => {
      const body = request.body ?? {};
      const field = (name: string) => Object.entries(body).find(([key]) => key.toLowerCase() === name)?.[1];
      const url = field('webhookurl');
      if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return respond(reply, 400, 'missing webhookURL');
      const events = field('events');
      user.webhook = url;
      if (Array.isArray(events) && events.length > 0) user.subscribe = supportedOf(events);
      return respond(reply, 200, { webhook: url });
    });

    app.get('/webhook', async (_request, reply) => respond(reply, 200, { subscribe: user.subscribe, webhook: user.webhook }));

    app.post<{ Body: { Subscribe?: unknown; Immediate?: unknown } | undefined }>('/session/connect', async (request, reply) => {
      if (user.connected) return respond(reply, 500, 'already connected');
      // resolveConnectEvents: the supported types given, or the stored subscriptions when none are.
      const given = Array.isArray(request.body?.Subscribe) ? (request.body.Subscribe as unknown[]) : [];
      const subscribe = given.length > 0 ? supportedOf(given) : user.subscribe;
      user.subscribe = subscribe;
      user.connected = true;
      if (!user.loggedIn) newQr();
      return respond(reply, 200, { details: 'Connected!', events: subscribe.join(','), jid: user.jid, webhook: user.webhook });
    });

    app.get('/session/status', async (_request, reply) => respond(reply, 200, { Connected: user.connected, LoggedIn: user.loggedIn }));

    app.get('/session/qr', async (_request, reply) => {
      if (!user.connected) return respond(reply, 500, 'not connected');
      if (user.loggedIn) return respond(reply, 500, 'already logged in');
      return respond(reply, 200, { QRCode: user.qrcode });
    });

    app.post<{ Body: { Phone?: unknown } | undefined }>('/session/pairphone', async (request, reply) => {
      if (!user.connected) return respond(reply, 500, 'no session');
      if (user.loggedIn) return respond(reply, 400, 'already paired');
      if (typeof request.body?.Phone !== 'string' || !/^\d{6,20}$/.test(request.body.Phone))
        return respond(reply, 400, 'missing Phone in Payload');
      user.pairingCode = `${randomBytes(2).toString('hex')}-${randomBytes(2).toString('hex')}`.toUpperCase();
      return respond(reply, 200, { LinkingCode: user.pairingCode });
    });

    app.post('/session/disconnect', async (_request, reply) => {
      if (!user.connected) return respond(reply, 500, 'no session');
      user.connected = false;
      return respond(reply, 200, { Details: 'Disconnected' });
    });

    app.post('/session/logout', async (_request, reply) => {
      if (!user.loggedIn || !user.connected) return respond(reply, 500, 'could not logout as it was not logged in');
      user.loggedIn = false;
      user.connected = false;
      user.jid = '';
      return respond(reply, 200, { Details: 'Logged out' });
    });

    /**
     * The checks every /chat/send/* handler makes, in WuzAPI's order. `Phone` goes through parseJID
     * (validateMessageFields): digits, or any JID with '@' (types.ParseJID), so a group's JID is
     * accepted; whatsmeow's SendMessage to a group the phone is not in fails (getting its members).
     */
    const sendable = (reply: FastifyReply, body: Record<string, unknown> | undefined, field: string) => {
      if (!user.connected || !user.loggedIn) return void respond(reply, 500, 'no session');
      if (!body || typeof body.Phone !== 'string' || !body.Phone) return void respond(reply, 400, 'missing Phone in Payload');
      if (!RECIPIENT.test(body.Phone)) return void respond(reply, 400, 'could not parse Phone');
      if (typeof body[field] !== 'string' || !body[field]) return void respond(reply, 400, `missing ${field} in Payload`);
      if (isGroupJid(body.Phone) && !user.groups.has(body.Phone)) {
        return void respond(reply, 500, 'error sending message: failed to get group members: failed to get group info: forbidden');
      }
      return body.Phone.replace(/^\+/, '');
    };
    const sent = (reply: FastifyReply, body: Record<string, unknown>) =>
      respond(reply, 200, {
        Details: 'Sent',
        Id: typeof body.Id === 'string' && body.Id ? body.Id : messageId(),
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      });

    app.post<{ Body: Record<string, unknown> | undefined }>('/chat/send/text', async (request, reply) => {
      if (!sendable(reply, request.body, 'Body')) return reply;
      const context = request.body!.ContextInfo as { StanzaId?: unknown } | undefined;
      if (context !== undefined && typeof context?.StanzaId !== 'string') return respond(reply, 400, 'missing StanzaId in ContextInfo');
      return sent(reply, request.body!);
    });

    for (const [kind, field, prefix] of [
      ['image', 'Image', 'image/'],
      ['video', 'Video', 'video/'],
      ['audio', 'Audio', 'audio/'],
      ['document', 'Document', ''],
    ] as const) {
      app.post<{ Body: Record<string, unknown> | undefined }>(`/chat/send/${kind}`, async (request, reply) => {
        if (!sendable(reply, request.body, field)) return reply;
        const body = request.body!;
        const match = DATA_URL.exec(body[field] as string);
        if (!match || !match[1].startsWith(prefix))
          return respond(reply, 400, `${kind} data should start with "data:${prefix || 'application/'}...;base64,"`);
        if (kind === 'document' && (typeof body.FileName !== 'string' || !body.FileName))
          return respond(reply, 400, 'missing FileName in Payload');
        return sent(reply, body);
      });
    }

    /** handlers.go DeleteMessage: { Phone, Id } → a revoke for everyone. */
    app.post<{ Body: Record<string, unknown> | undefined }>('/chat/delete', async (request, reply) => {
      if (!user.connected || !user.loggedIn) return respond(reply, 500, 'no session');
      const body = request.body;
      if (!body || typeof body.Phone !== 'string' || !body.Phone) return respond(reply, 400, 'missing Phone in Payload');
      if (typeof body.Id !== 'string' || !body.Id) return respond(reply, 400, 'missing Id in Payload');
      if (!RECIPIENT.test(body.Phone)) return respond(reply, 400, 'could not parse Phone');
      user.deleted.add(body.Id);
      return respond(reply, 200, { Details: 'Deleted', Id: body.Id, Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z') });
    });

    /** handlers.go GetGroupInfo: ?groupJID=… → whatsmeow's types.GroupInfo. */
    app.get<{ Querystring: { groupJID?: string } }>('/group/info', async (request, reply) => {
      if (!user.connected || !user.loggedIn) return respond(reply, 500, 'no session');
      const jid = request.query.groupJID;
      if (!jid) return respond(reply, 400, 'missing groupJID parameter');
      if (!isGroupJid(jid)) return respond(reply, 400, 'could not parse Group JID');
      const group = user.groups.get(jid);
      if (!group) return respond(reply, 500, 'failed to get group info: info query returned status 404: item-not-found');
      const owner = user.jid.replace(/\.\d+:\d+@/, '@');
      return respond(reply, 200, {
        JID: jid,
        OwnerJID: owner,
        OwnerPN: owner,
        Name: group.name,
        NameSetAt: '2026-01-10T12:00:00-03:00',
        NameSetBy: owner,
        Topic: '',
        TopicID: '',
        TopicSetAt: '0001-01-01T00:00:00Z',
        TopicSetBy: '',
        TopicDeleted: false,
        IsLocked: false,
        IsAnnounce: false,
        AnnounceVersionID: '1650572126123738',
        IsEphemeral: false,
        DisappearingTimer: 0,
        IsIncognito: false,
        IsParent: false,
        DefaultMembershipApprovalMode: '',
        LinkedParentJID: '',
        IsDefaultSubGroup: false,
        IsJoinApprovalRequired: false,
        AddressingMode: 'pn',
        GroupCreated: '2026-01-10T12:00:00-03:00',
        CreatorCountryCode: '',
        ParticipantVersionID: '1650234126145738',
        Participants: [owner, ...group.participants.map(jidOf)].map((participant, index) => ({
          JID: participant,
          PhoneNumber: participant,
          LID: '',
          IsAdmin: index === 0,
          IsSuperAdmin: index === 0,
          DisplayName: '',
          Error: 0,
          AddRequest: null,
        })),
        MemberAddMode: 'admin_add',
      });
    });

    app.post<{ Body: Record<string, unknown> | undefined }>('/chat/downloadimage', async (request, reply) => {
      if (!user.connected || !user.loggedIn) return respond(reply, 500, 'no session');
      const url = request.body?.Url;
      const media = typeof url === 'string' ? user.media.get(url) : undefined;
      if (!media) return respond(reply, 500, 'failed to download media');
      return respond(reply, 200, { Data: `data:${media.mimetype};base64,${media.data.toString('base64')}`, Mimetype: media.mimetype });
    });
  });

  return {
    ...sim,
    user,
    get format() {
      return state.format;
    },
    set format(value: WuzapiWebhookFormat) {
      state.format = value;
    },
    deliveries,
    post,

    async scanQr() {
      user.loggedIn = true;
      user.qrcode = '';
      user.jid = '5491155554444.0:52@s.whatsapp.net';
      return emit({ type: 'Connected', event: {} });
    },

    async rotateQr() {
      return emit({ type: 'QR', event: 'code', qrCodeBase64: newQr() });
    },

    async logoutFromPhone() {
      user.loggedIn = false;
      user.connected = false;
      return emit({ type: 'LoggedOut', event: { OnConnect: false, Reason: 401 } });
    },

    async sendInbound(options) {
      const id = options.id ?? messageId();
      const sender = jidOf(options.from);
      const chat = options.groupJid ?? sender;
      const event: Record<string, unknown> = { type: 'Message' };
      let message: Record<string, unknown>;
      if (options.image) {
        message = { imageMessage: imageMessageOf(options.image) };
        if (!options.omitBase64) {
          event.base64 = options.image.content.toString('base64');
          event.mimeType = options.image.mimetype;
          event.fileName = `${id}.${options.image.mimetype.split('/')[1] ?? 'bin'}`;
        }
      } else if (options.quotedId) {
        message = { extendedTextMessage: { text: options.text ?? '', contextInfo: { stanzaID: options.quotedId, participant: user.jid } } };
      } else {
        message = { conversation: options.text ?? '' };
      }
      event.event = {
        Info: {
          Chat: chat,
          Sender: options.fromMe ? user.jid : sender,
          IsFromMe: options.fromMe === true,
          IsGroup: options.groupJid !== undefined,
          AddressingMode: '',
          SenderAlt: '',
          RecipientAlt: '',
          BroadcastListOwner: '',
          ID: id,
          ServerID: 0,
          Type: options.image ? 'media' : 'text',
          PushName: options.pushName ?? '',
          Timestamp: new Date().toISOString(),
          Category: '',
          Multicast: false,
          MediaType: options.image ? 'image' : '',
          Edit: '',
        },
        Message: message,
        IsEphemeral: false,
        IsViewOnce: false,
        IsViewOnceV2: false,
        IsDocumentWithCaption: false,
        IsEdit: false,
        RetryCount: 0,
      };
      const delivery = await post(event);
      return { ...delivery, id };
    },

    async sendHistory(messages, options = {}) {
      const ids: string[] = [];
      const conversations = new Map<string, { ID: string; messages: Record<string, unknown>[]; name?: string; lastMsgTimestamp: number }>();
      const pushnames = new Map<string, string>();
      messages.forEach((item, index) => {
        const id = item.id ?? messageId();
        ids.push(id);
        const participant = jidOf(item.from);
        const chat = item.groupJid ?? participant;
        const conversation = conversations.get(chat) ?? {
          ID: chat,
          messages: [],
          ...(item.groupJid ? { name: user.groups.get(item.groupJid)?.name } : {}),
          lastMsgTimestamp: 0,
        };
        const message = item.image ? { imageMessage: imageMessageOf(item.image, item.mediaExpired) } : { conversation: item.text ?? '' };
        // WebMessageInfo as Go's encoding/json writes the generated struct: proto field names, uint64 as numbers, enums as numbers.
        conversation.messages.push({
          message: {
            key: { remoteJID: chat, fromMe: item.fromMe === true, ID: id, ...(item.groupJid && !item.fromMe ? { participant } : {}) },
            message,
            messageTimestamp: item.timestamp,
            status: item.fromMe ? 4 : 3,
            ...(item.groupJid && !item.fromMe ? { participant } : {}),
            ...(item.pushName && !item.fromMe ? { pushName: item.pushName } : {}),
          },
          msgOrderID: index + 1,
        });
        conversation.lastMsgTimestamp = Math.max(conversation.lastMsgTimestamp, item.timestamp);
        if (item.pushName && !item.fromMe) pushnames.set(participant, item.pushName);
        conversations.set(chat, conversation);
      });
      const delivery = await emit({
        type: 'HistorySync',
        event: {
          Data: {
            // INITIAL_BOOTSTRAP = 0, RECENT = 3 (waHistorySync.HistorySync_HistorySyncType).
            syncType: options.syncType ?? 0,
            conversations: [...conversations.values()].map(({ lastMsgTimestamp, ...conversation }) => ({
              ...conversation,
              lastMsgTimestamp,
              conversationTimestamp: lastMsgTimestamp,
              unreadCount: 0,
              endOfHistoryTransfer: false,
              endOfHistoryTransferType: 0,
            })),
            chunkOrder: options.chunkOrder ?? 1,
            progress: options.progress ?? 100,
            pushnames: [...pushnames].map(([ID, pushname]) => ({ ID, pushname })),
          },
        },
      });
      return delivery ? { ...delivery, ids } : undefined;
    },

    addGroup(jid, name, participants = []) {
      user.groups.set(jid, { name, participants });
    },

    async sendReceipt(messageIds, receiptState, chatNumber = '5491155553934') {
      const chat = jidOf(chatNumber);
      return post({
        type: 'ReadReceipt',
        state: receiptState,
        event: {
          Chat: chat,
          Sender: chat,
          IsFromMe: false,
          IsGroup: false,
          MessageIDs: messageIds,
          Timestamp: new Date().toISOString(),
          Type: receiptState === 'Read' ? 'read' : '',
        },
      });
    },
  };
}
