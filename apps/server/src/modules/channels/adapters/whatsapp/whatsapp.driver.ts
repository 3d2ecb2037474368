import { resolve, join } from 'node:path';
import type { ChannelStatus } from '@conversa/shared';
import type WAWebJS from 'whatsapp-web.js';
import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import type { OutboundMessage, SendResult } from '../channel-adapter.js';
import type { ChannelRow } from '../../channels.repository.js';
import { clearAuthState } from '../../sessions/auth-state.repository.js';
import { setSessionStatus, type LiveSession, type SessionDriver } from '../../sessions/session-host.js';
import { importChatHistory } from '../../use-cases/import-chat-history.js';
import { groupJidOf, groupSubjectOf } from '../whatsapp-groups.js';
import { createRemoteAuth, DatabaseAuthStore } from './whatsapp.auth-store.js';
import {
  applyWhatsappAck,
  applyWhatsappEdit,
  applyWhatsappRevoke,
  chatIdOfMessage,
  ingestWhatsappMessage,
  ingestWhatsappReaction,
  pastChatsOf,
  serializedIdOf,
  type WhatsappChatOptions,
} from './whatsapp.inbound.js';
import { whatsappSettingsOf } from './whatsapp.schemas.js';

/** The parts of whatsapp-web.js the driver uses (loaded lazily: it pulls in puppeteer). */
export type WwebjsLibrary = Pick<typeof WAWebJS, 'Client' | 'RemoteAuth' | 'MessageMedia'>;

/** The Client surface the driver uses; whatsapp-web.js's Client (an EventEmitter) has it all. */
export interface WwebClient {
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  removeAllListeners(event?: string): unknown;
  initialize(): Promise<void>;
  destroy(): Promise<void>;
  logout(): Promise<void>;
  sendMessage(chatId: string, content: string | WAWebJS.MessageMedia, options?: WAWebJS.MessageSendOptions): Promise<WAWebJS.Message>;
  getMessageById(messageId: string): Promise<WAWebJS.Message | null | undefined>;
  /** The phone's chats (history import) and one chat (a group's name). */
  getChats(): Promise<WAWebJS.Chat[]>;
  getChatById(chatId: string): Promise<WAWebJS.Chat | null | undefined>;
  requestPairingCode(phoneNumber: string, showNotification?: boolean, intervalMs?: number): Promise<string>;
  getContactLidAndPhone?(userIds: string[]): Promise<{ lid?: string; pn?: string }[]>;
  info?: { wid?: { user?: string; _serialized?: string } } | null;
}

export interface WhatsappDriverOptions {
  /** Loads whatsapp-web.js; default a dynamic import, so that the server starts without puppeteer. */
  loadLibrary?: () => Promise<WwebjsLibrary>;
  /** Builds the client; default `new Client(options)`. Tests hand a recorded-event client here. */
  createClient?: (options: WAWebJS.ClientOptions, library: WwebjsLibrary) => WwebClient;
  /** How long a QR code (or pairing code) may wait for the phone before 'pairingTimeout'. Default 3 minutes. */
  pairingTimeoutMs?: number;
  /** Reconnection after a lost connection: first delay, doubled each time up to the maximum. */
  backoff?: { firstMs: number; maxMs: number };
  /** How often RemoteAuth saves the profile to the database (at least 60 s, its own minimum). Default 5 minutes. */
  backupSyncIntervalMs?: number;
}

/** Chromium flags for a server without a display, GPU or need for Google's background services. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Where RemoteAuth keeps the browser's working copy of the profile (the state of record is the database). */
export function wwebjsDataPath(ctx: AppContext): string {
  return join(resolve(ctx.env.DATA_DIR), 'tmp', 'wwebjs');
}

/** whatsapp-web.js's own reason for a logout ('disconnected' event). */
const LOGOUT = 'LOGOUT';
const MAX_QR_RETRIES = 'Max qrcode retries reached';

/** How long the echo of a send waits for that send to return its id (a hung page must not hold the events forever). */
const ECHO_WAIT_MS = 30_000;
/** Ids of Conversa's own sends kept to recognise their echoes (an echo follows its send at once). */
const OWN_SENDS_KEPT = 1_000;

/**
 * The chat a message to this contact goes to: a group contact's group ('…@g.us'), else the
 * number's chat ('5511…@c.us').
 */
export function chatIdOfContact(contact: OutboundMessage['contact']): string {
  const group = groupJidOf(contact);
  if (group) return group;
  const number = contact.number?.replace(/\D/g, '');
  if (!number) throw new AppError('ERR_WAPP_INVALID_CONTACT', 'This contact has no WhatsApp number.');
  return `${number}@c.us`;
}

/** Resolves once every promise settled, or after `ms` (whichever first). */
async function settledWithin(pending: Promise<unknown>[], ms: number): Promise<void> {
  if (pending.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
    timer.unref();
  });
  await Promise.race([Promise.allSettled(pending), timeout]);
  clearTimeout(timer);
}

async function importLibrary(): Promise<WwebjsLibrary> {
  const module = (await import('whatsapp-web.js')) as unknown as WwebjsLibrary & { default?: WwebjsLibrary };
  return module.default ?? module;
}

async function qrDataUrl(qr: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toDataURL(qr, { margin: 1, width: 264 });
}

/**
 * The `whatsapp` channel's session: a whatsapp-web.js Client (WhatsApp Web in Debian's Chromium)
 * whose events become statuses and messages. Owned by the session host, which holds the lease,
 * routes sends here and closes it; this class reconnects a lost connection by itself.
 *
 * Messages: the customers' come as 'message'; the connected phone's as 'message_create' (every
 * message created, Conversa's own sends included, possibly before sendMessage returned their id).
 * A phone's message waits until the sends in flight to its chat have settled, then is stored as
 * the channel's own unless it is one of Conversa's sends (`ownSends`). Groups become group
 * tickets with importGroups. With importOldMessages, each 'ready' reads the chats' past messages
 * into importChatHistory, beside the live events (which never wait for it).
 */
class WhatsappSession implements LiveSession {
  private client: WwebClient | undefined;
  private closed = false;
  private attempts = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private pairingTimer: NodeJS.Timeout | undefined;
  private pairingRequested = false;
  private connected = false;
  /** Events are handled one after another, in the order the library emits them. */
  private queue: Promise<unknown> = Promise.resolve();
  /** History imports run one at a time, beside (not in front of) the live events. */
  private historyChain: Promise<void> = Promise.resolve();
  /** Ids of the messages this session sent (their 'message_create' echoes are not phone-typed messages). */
  private readonly ownSends = new Set<string>();
  /** Sends not returned yet, per chat id: an echo of one of them waits for its id. */
  private readonly sendsInFlight = new Map<string, Set<Promise<void>>>();
  /** Group names (chat names) learnt this session. */

  constructor(
    private readonly ctx: AppContext,
    private readonly channel: ChannelRow,
    private readonly library: WwebjsLibrary,
    private readonly options: Required<Omit<WhatsappDriverOptions, 'loadLibrary'>>,
  ) {}

  private get settings() {
    return whatsappSettingsOf(this.channel);
  }

  private get scope() {
    return { tenantId: this.channel.tenantId, channelId: this.channel.id };
  }

  /** Builds a client and starts it in the background (launching the browser takes seconds; statuses follow). */
  connect(): void {
    const store = new DatabaseAuthStore(this.ctx.db, this.scope, wwebjsDataPath(this.ctx));
    const authStrategy = createRemoteAuth(this.library, {
      store,
      clientId: `channel-${this.channel.id}`,
      dataPath: wwebjsDataPath(this.ctx),
      backupSyncIntervalMs: Math.max(60_000, this.options.backupSyncIntervalMs),
    });
    const client = this.options.createClient(
      {
        authStrategy,
        puppeteer: { headless: true, executablePath: this.ctx.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
        // The WhatsApp Web version is not cached in files of the working directory.
        webVersionCache: { type: 'none' },
        // QR codes rotate until the pairing timeout (below) rather than a count.
        qrMaxRetries: 0,
      },
      this.library,
    );
    this.client = client;
    this.pairingRequested = false;
    this.connected = false;
    this.listen(client);
    client.initialize().catch((error: unknown) => {
      if (this.client !== client || this.closed) return;
      this.ctx.logger.warn({ err: error, channelId: this.channel.id }, 'whatsapp client did not start');
      this.handle(client, () => this.lost(client, 'initialize failed'));
    });
  }

  /** Runs an event's work after the previous one; a failure is logged, never thrown into the library. */
  private handle(client: WwebClient, task: () => Promise<unknown>): void {
    this.queue = this.queue
      .then(() => (this.client === client && !this.closed ? task() : undefined))
      .catch((error: unknown) => this.ctx.logger.error({ err: error, channelId: this.channel.id }, 'whatsapp event failed'));
  }

  private status(status: ChannelStatus, qrcode?: string | null, extra: { number?: string | null } = {}): Promise<void> {
    return setSessionStatus(this.ctx, this.channel, status, qrcode ?? null, extra);
  }

  private lookup(client: WwebClient): WhatsappChatOptions & { ownId?: string } {
    return {
      ownId: client.info?.wid?._serialized,
      phoneOfLid: client.getContactLidAndPhone ? async (lid) => (await client.getContactLidAndPhone!([lid]))[0]?.pn : undefined,
      groups: this.settings.importGroups === true,
      groupName: (chatId) => this.groupName(client, chatId),
    };
  }

  /** A group's name (its chat's name), through the shared cache of group subjects. */
  private groupName(client: WwebClient, chatId: string): Promise<string | undefined> {
    return groupSubjectOf(this.ctx, this.channel.id, chatId, async () => (await client.getChatById(chatId))?.name);
  }

  /**
   * Settles when the sends in flight (now) to a chat have returned: to that chat's, or to every
   * chat's when the echo names a hidden-number chat ('@lid') that a send to '<number>@c.us' may
   * have become.
   */
  private sendsSettled(chatId: string): Promise<void> {
    const pending = chatId.endsWith('@lid')
      ? [...this.sendsInFlight.values()].flatMap((sends) => [...sends])
      : [...(this.sendsInFlight.get(chatId) ?? [])];
    return settledWithin(pending, ECHO_WAIT_MS);
  }

  private rememberOwnSend(id: string): void {
    this.ownSends.add(id);
    if (this.ownSends.size > OWN_SENDS_KEPT) this.ownSends.delete(this.ownSends.values().next().value as string);
  }

  /** client.sendMessage, counted in flight for its chat until it returned (and its id is remembered). */
  private async sendTracked(
    client: WwebClient,
    chatId: string,
    content: string | WAWebJS.MessageMedia,
    options: WAWebJS.MessageSendOptions,
  ): Promise<string | undefined> {
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const sends = this.sendsInFlight.get(chatId) ?? new Set<Promise<void>>();
    sends.add(settled);
    this.sendsInFlight.set(chatId, sends);
    try {
      const sent = await client.sendMessage(chatId, content, options);
      const externalId = serializedIdOf(sent?.id);
      if (externalId) this.rememberOwnSend(externalId);
      return externalId;
    } finally {
      sends.delete(settled);
      if (sends.size === 0 && this.sendsInFlight.get(chatId) === sends) this.sendsInFlight.delete(chatId);
      settle();
    }
  }

  /** Reads the chats' past messages into importChatHistory (logged, never thrown: the session goes on). */
  private importHistory(client: WwebClient): void {
    const active = () => this.client === client && !this.closed;
    this.historyChain = this.historyChain
      .then(async () => {
        if (!active()) return;
        const chats = await pastChatsOf(this.ctx, this.channel, await client.getChats(), { ...this.lookup(client), active });
        if (!active()) return;
        const imported = await importChatHistory(this.ctx, this.channel, chats);
        this.ctx.logger.info({ channelId: this.channel.id, ...imported }, 'whatsapp history imported');
      })
      .catch((error: unknown) => this.ctx.logger.error({ err: error, channelId: this.channel.id }, 'whatsapp history not imported'));
  }

  private listen(client: WwebClient): void {
    // Each event's arguments as whatsapp-web.js documents them (index.d.ts, Client events).
    const on = <A extends unknown[]>(event: string, task: (...args: A) => Promise<unknown>) =>
      client.on(event, (...args: unknown[]) => this.handle(client, () => task(...(args as A))));

    on('qr', async (qr: string) => {
      this.startPairingTimer();
      const pairingNumber = this.settings.pairingNumber;
      if (!pairingNumber) return this.status('qrcode', await qrDataUrl(qr));
      if (this.pairingRequested) return undefined; // the pairing code stays on screen ('code' renews it)
      this.pairingRequested = true;
      const code = await client.requestPairingCode(pairingNumber);
      return this.status('qrcode', code);
    });
    on('code', async (code: string) => {
      this.startPairingTimer();
      return this.status('qrcode', code);
    });
    on('loading_screen', async () => (this.connected ? undefined : this.status('opening')));
    on('authenticated', async () => {
      this.stopPairingTimer();
      return this.status('opening');
    });
    on('ready', async () => {
      this.stopPairingTimer();
      this.attempts = 0;
      this.connected = true;
      await this.status('connected', null, { number: client.info?.wid?.user ?? null });
      // Every 'ready' (a reconnection too): what is stored already is skipped.
      if (this.settings.importOldMessages) this.importHistory(client);
    });
    on('auth_failure', async (message: unknown) => {
      // The stored login no longer works: forget it; a new start shows a new QR code.
      this.ctx.logger.warn({ channelId: this.channel.id, reason: String(message) }, 'whatsapp authentication failed');
      this.stopPairingTimer();
      await clearAuthState(this.ctx.db, this.scope);
      return this.status('disconnected');
    });
    on('disconnected', async (reason: unknown) => this.lost(client, String(reason)));

    // The customers' messages ('message' is never the phone's own).
    on('message', async (message: WAWebJS.Message) =>
      message.fromMe ? 'skipped' : ingestWhatsappMessage(this.ctx, this.channel, message, this.lookup(client)),
    );
    // The phone's own messages: typed on the phone, or the echo of a send of Conversa's. The sends
    // in flight are taken when the event comes, before it queues (the echo may precede their id).
    client.on('message_create', (...args: unknown[]) => {
      const message = args[0] as WAWebJS.Message;
      if (!message?.fromMe) return; // a customer's: 'message' has it
      const sends = this.sendsSettled(chatIdOfMessage(message));
      this.handle(client, () =>
        ingestWhatsappMessage(this.ctx, this.channel, message, {
          ...this.lookup(client),
          isOwnSend: async (externalId) => {
            await sends;
            return this.ownSends.has(externalId);
          },
        }),
      );
    });
    on('message_ack', (message: WAWebJS.Message, ack: number) => applyWhatsappAck(this.ctx, this.channel, message, ack));
    on('message_edit', async (message: WAWebJS.Message, newBody: unknown) => {
      const externalId = serializedIdOf(message.id);
      return externalId ? applyWhatsappEdit(this.ctx, this.channel, externalId, typeof newBody === 'string' ? newBody : '') : 'skipped';
    });
    on('message_revoke_everyone', async (message: WAWebJS.Message, before?: WAWebJS.Message | null) => {
      // The revoked message's own id (the 'revoked' notice keeps it, or names it in protocolMessageKey);
      // its fromMe says whose it was (the phone's: an agent's reply or a phone-typed message).
      const key = (message as WAWebJS.Message & { protocolMessageKey?: WAWebJS.MessageId }).protocolMessageKey;
      const id = [before?.id, key, message.id].find((candidate) => serializedIdOf(candidate));
      const externalId = serializedIdOf(id);
      return externalId ? applyWhatsappRevoke(this.ctx, this.channel, externalId, id?.fromMe === true) : 'skipped';
    });
    on('message_reaction', (reaction: WAWebJS.Reaction) => ingestWhatsappReaction(this.ctx, this.channel, reaction, this.lookup(client)));
  }

  /** The connection ended: a logout forgets the login; anything else reconnects with exponential backoff. */
  private async lost(client: WwebClient, reason: string): Promise<void> {
    this.connected = false;
    this.stopPairingTimer();
    if (reason === LOGOUT) {
      this.ctx.logger.info({ channelId: this.channel.id }, 'whatsapp logged out from the phone');
      await clearAuthState(this.ctx.db, this.scope);
      await this.status('disconnected');
      return;
    }
    if (reason === MAX_QR_RETRIES) {
      await this.status('pairingTimeout');
      return;
    }
    const delay = Math.min(this.options.backoff.maxMs, this.options.backoff.firstMs * 2 ** this.attempts);
    this.attempts++;
    this.ctx.logger.warn(
      { channelId: this.channel.id, reason, attempt: this.attempts, delayMs: delay },
      'whatsapp connection lost; reconnecting',
    );
    // 'opening' also means "connection lost" (SPEC §4): the session stays this process's, trying again.
    await this.status('opening');
    this.client = undefined;
    client.removeAllListeners();
    await client.destroy().catch(() => undefined);
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      if (!this.closed && this.client === undefined) this.connect();
    }, delay);
    this.reconnectTimer.unref();
  }

  private startPairingTimer(): void {
    if (this.pairingTimer) return;
    const client = this.client;
    this.pairingTimer = setTimeout(() => {
      this.pairingTimer = undefined;
      if (!client) return;
      this.handle(client, async () => {
        if (this.connected) return;
        this.ctx.logger.info({ channelId: this.channel.id }, 'whatsapp QR code not scanned in time');
        await this.status('pairingTimeout');
      });
    }, this.options.pairingTimeoutMs);
    this.pairingTimer.unref();
  }

  private stopPairingTimer(): void {
    clearTimeout(this.pairingTimer);
    this.pairingTimer = undefined;
  }

  private ready(): WwebClient {
    if (this.closed || !this.client || !this.connected)
      throw new AppError('ERR_WAPP_INITIALIZED', 'WhatsApp is not connected yet; the message is sent once it is.');
    return this.client;
  }

  async send(message: OutboundMessage): Promise<SendResult> {
    const chatId = chatIdOfContact(message.contact);
    const client = this.ready();
    const options: WAWebJS.MessageSendOptions = message.quotedExternalId ? { quotedMessageId: message.quotedExternalId } : {};
    let content: string | WAWebJS.MessageMedia = message.body;
    if (message.media) {
      const file = await this.ctx.media.read(message.media.key);
      if (!file) throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA', 'The file of this message is missing.');
      content = new this.library.MessageMedia(message.media.mime, file.toString('base64'), message.media.name, file.length);
      if (message.body) options.caption = message.body;
      if (message.media.type === 'document') options.sendMediaAsDocument = true;
      if (message.media.type === 'audio' && message.media.voice) options.sendAudioAsVoice = true;
    }
    // whatsapp-web.js takes no message id of ours: an interrupted send stays unconfirmed for the agent.
    await message.claimSend?.();
    const externalId = await this.sendTracked(client, chatId, content, options);
    if (!externalId) throw new AppError('ERR_SENDING_WAPP_MSG', 'WhatsApp did not accept the message.');
    return { externalId, status: 'sent' };
  }

  private async find(externalId: string, code: 'ERR_SENDING_WAPP_MSG' | 'ERR_DELETE_WAPP_MSG'): Promise<WAWebJS.Message> {
    const found = await this.ready().getMessageById(externalId);
    if (!found) throw new AppError(code, 'WhatsApp no longer has this message.');
    return found;
  }

  async edit(externalId: string, _to: OutboundMessage['contact'], body: string): Promise<void> {
    const found = await this.find(externalId, 'ERR_SENDING_WAPP_MSG');
    const edited = await found.edit(body);
    if (!edited) throw new AppError('ERR_SENDING_WAPP_MSG', 'WhatsApp refused the edit (too old, or not sent from here).');
  }

  async delete(externalId: string): Promise<void> {
    const found = await this.find(externalId, 'ERR_DELETE_WAPP_MSG');
    await found.delete(true);
  }

  async close({ logout }: { logout: boolean }): Promise<void> {
    this.closed = true;
    this.stopPairingTimer();
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    if (client && logout) {
      // RemoteAuth's logout also deletes the stored session; cleared below in any case.
      await client
        .logout()
        .catch((error: unknown) => this.ctx.logger.warn({ err: error, channelId: this.channel.id }, 'whatsapp logout failed'));
    }
    if (logout) await clearAuthState(this.ctx.db, this.scope);
    if (client) {
      client.removeAllListeners();
      await client
        .destroy()
        .catch((error: unknown) =>
          this.ctx.logger.warn({ err: error, channelId: this.channel.id }, 'whatsapp client did not close cleanly'),
        );
    }
  }
}

/** The session driver of the `whatsapp` channel type (whatsapp-web.js), for the session host. */
export function createWhatsappDriver(options: WhatsappDriverOptions = {}): SessionDriver {
  const settings = {
    createClient:
      options.createClient ?? ((clientOptions: WAWebJS.ClientOptions, library: WwebjsLibrary) => new library.Client(clientOptions)),
    pairingTimeoutMs: options.pairingTimeoutMs ?? 3 * 60_000,
    backoff: options.backoff ?? { firstMs: 2_000, maxMs: 5 * 60_000 },
    backupSyncIntervalMs: options.backupSyncIntervalMs ?? 5 * 60_000,
  };
  const loadLibrary = options.loadLibrary ?? importLibrary;
  return {
    type: 'whatsapp',
    async open(ctx, channel) {
      const session = new WhatsappSession(ctx, channel, await loadLibrary(), settings);
      await setSessionStatus(ctx, channel, 'opening');
      session.connect();
      return session;
    },
  };
}

export const whatsappWebDriver = createWhatsappDriver();
