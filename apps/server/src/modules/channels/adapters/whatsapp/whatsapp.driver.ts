import { resolve, join } from 'node:path';
import type { ChannelStatus } from '@conversa/shared';
import type WAWebJS from 'whatsapp-web.js';
import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import type { OutboundMessage, SendResult } from '../channel-adapter.js';
import type { ChannelRow } from '../../channels.repository.js';
import { clearAuthState } from '../../sessions/auth-state.repository.js';
import { setSessionStatus, type LiveSession, type SessionDriver } from '../../sessions/session-host.js';
import { createRemoteAuth, DatabaseAuthStore } from './whatsapp.auth-store.js';
import {
  applyWhatsappAck,
  applyWhatsappEdit,
  applyWhatsappRevoke,
  ingestWhatsappMessage,
  ingestWhatsappReaction,
  serializedIdOf,
  type InboundLookup,
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
 * whose events become statuses and inbound messages. Owned by the session host, which holds the
 * lease, routes sends here and closes it; this class reconnects a lost connection by itself.
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

  private lookup(client: WwebClient): InboundLookup & { ownId?: string } {
    return {
      ownId: client.info?.wid?._serialized,
      phoneOfLid: client.getContactLidAndPhone ? async (lid) => (await client.getContactLidAndPhone!([lid]))[0]?.pn : undefined,
    };
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
      return this.status('connected', null, { number: client.info?.wid?.user ?? null });
    });
    on('auth_failure', async (message: unknown) => {
      // The stored login no longer works: forget it; a new start shows a new QR code.
      this.ctx.logger.warn({ channelId: this.channel.id, reason: String(message) }, 'whatsapp authentication failed');
      this.stopPairingTimer();
      await clearAuthState(this.ctx.db, this.scope);
      return this.status('disconnected');
    });
    on('disconnected', async (reason: unknown) => this.lost(client, String(reason)));

    on('message', (message: WAWebJS.Message) => ingestWhatsappMessage(this.ctx, this.channel, message, this.lookup(client)));
    on('message_ack', (message: WAWebJS.Message, ack: number) => applyWhatsappAck(this.ctx, this.channel, message, ack));
    on('message_edit', async (message: WAWebJS.Message, newBody: unknown) => {
      const externalId = serializedIdOf(message.id);
      return externalId ? applyWhatsappEdit(this.ctx, this.channel, externalId, typeof newBody === 'string' ? newBody : '') : 'skipped';
    });
    on('message_revoke_everyone', async (message: WAWebJS.Message, before?: WAWebJS.Message | null) => {
      // The revoked message's own id (the 'revoked' notice keeps it, or names it in protocolMessageKey).
      const key = (message as WAWebJS.Message & { protocolMessageKey?: WAWebJS.MessageId }).protocolMessageKey;
      const externalId = serializedIdOf(before?.id) ?? serializedIdOf(key) ?? serializedIdOf(message.id);
      return externalId ? applyWhatsappRevoke(this.ctx, this.channel, externalId) : 'skipped';
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
    const number = message.contact.number?.replace(/\D/g, '');
    if (!number) throw new AppError('ERR_WAPP_INVALID_CONTACT', 'This contact has no WhatsApp number.');
    const client = this.ready();
    const options: WAWebJS.MessageSendOptions = message.quotedExternalId ? { quotedMessageId: message.quotedExternalId } : {};
    let content: string | WAWebJS.MessageMedia = message.body;
    if (message.media) {
      const file = await this.ctx.media.read(message.media.key);
      if (!file) throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA', 'The file of this message is missing.');
      content = new this.library.MessageMedia(message.media.mime, file.toString('base64'), message.media.name, file.length);
      if (message.body) options.caption = message.body;
      if (message.media.type === 'document') options.sendMediaAsDocument = true;
    }
    const sent = await client.sendMessage(`${number}@c.us`, content, options);
    const externalId = serializedIdOf(sent?.id);
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
