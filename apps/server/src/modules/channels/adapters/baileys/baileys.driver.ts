import type { Agent } from 'node:https';
import type { Boom } from '@hapi/boom';
import {
  Browsers,
  DisconnectReason,
  downloadMediaMessage,
  makeCacheableSignalKeyStore,
  makeWASocket,
  type AnyMessageContent,
  type BaileysEventMap,
  type MiscMessageGenerationOptions,
  type UserFacingSocketConfig,
  type WAMessage,
  type WASocket,
} from 'baileys';
import { HttpsProxyAgent } from 'https-proxy-agent';
import QRCode from 'qrcode';
import { SocksProxyAgent } from 'socks-proxy-agent';
import { ProxyAgent, type Dispatcher } from 'undici';
import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import type { OutboundPolicy } from '../../../../platform/http/outbound-policy.js';
import { findMessageByExternalId } from '../../../messages/use-cases/find-message-by-external-id.js';
import type { OutboundMessage, SendResult } from '../channel-adapter.js';
import type { ChannelRow } from '../../channels.repository.js';
import { setSessionStatus, type LiveSession, type SessionDriver } from '../../sessions/session-host.js';
import { useDatabaseAuthState } from './baileys.auth-state.js';
import { importChatHistory } from '../../use-cases/import-chat-history.js';
import { groupJidOf, groupSubjectOf } from '../whatsapp-groups.js';
import { handleBaileysMessage, handleBaileysUpdate, pastChatsOf, type BaileysHistory, type MediaDownloader } from './baileys.inbound.js';
import { baileysSettingsOf, type BaileysSettings } from './baileys.schemas.js';
import { channelSettings } from '../../channel-secrets.js';
import { reportGroupEvent } from '../../use-cases/report-group-event.js';
import type { LiveGroupAdmin } from '../group-admin.js';
import { baileysGroupAdmin, groupEventsOf, type BaileysGroupSocket } from './baileys.groups.js';

/** The part of Baileys' socket Conversa uses: what a test's recorded-event socket implements too. */
export interface BaileysSocket extends Omit<BaileysGroupSocket, 'sendMessage' | 'user'> {
  ev: Pick<WASocket['ev'], 'process' | 'emit'>;
  user?: { id: string } | undefined;
  sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage | undefined>;
  requestPairingCode(phoneNumber: string): Promise<string>;
  logout(message?: string): Promise<void>;
  end(error: Error | undefined): void | Promise<void>;
  updateMediaMessage?: WASocket['updateMediaMessage'];
  /** A group's subject and participants (group tickets are named after the subject). */
  groupMetadata?: (jid: string) => Promise<{ subject: string }>;
}

export interface BaileysDriverOptions {
  /** Opens the connection; default Baileys' makeWASocket. */
  makeSocket?: (config: UserFacingSocketConfig) => BaileysSocket;
  /** Downloads an inbound media message; default Baileys' downloadMediaMessage through the same socket. */
  download?: (message: WAMessage, socket: BaileysSocket, ctx: AppContext, dispatcher?: Dispatcher) => Promise<Buffer>;
  /** First reconnection delay (doubled each time, at most maxBackoffMs). Default 1 s. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

const defaultMakeSocket = (config: UserFacingSocketConfig): BaileysSocket => makeWASocket(config);

const defaultDownload = async (message: WAMessage, socket: BaileysSocket, ctx: AppContext, dispatcher?: Dispatcher): Promise<Buffer> =>
  downloadMediaMessage(message, 'buffer', dispatcher ? { options: { dispatcher } as unknown as RequestInit } : {}, {
    logger: ctx.logger,
    reuploadRequest: socket.updateMediaMessage ?? (async (m) => m),
  });

/**
 * SPEC §3's proxy (use flag, url, user, password): an agent for the WhatsApp web socket (http(s)
 * CONNECT or socks), and for http(s) proxies an undici dispatcher for media uploads and downloads
 * (Baileys' fetch takes only undici dispatchers; with a socks proxy media goes direct). The proxy
 * is an address the tenant sets: its host goes through the outbound address policy (a private IP
 * literal throws here, a name is checked on every address it resolves to when a socket connects).
 */
export function proxyOf(settings: BaileysSettings, policy: OutboundPolicy): { agent?: Agent; dispatcher?: Dispatcher } {
  if (settings.useProxy !== 'true' || !settings.proxyUrl) return {};
  const url = new URL(settings.proxyUrl);
  policy.assertAllowedHost(url.hostname);
  if (settings.proxyUser) url.username = settings.proxyUser;
  if (settings.proxyPassword) url.password = settings.proxyPassword;
  const { lookup } = policy;
  if (url.protocol.startsWith('socks')) return { agent: new SocksProxyAgent(url, { socketOptions: { lookup } }) };
  const token = url.username
    ? `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`
    : undefined;
  const bare = new URL(url.href);
  bare.username = '';
  bare.password = '';
  return {
    agent: new HttpsProxyAgent(url, { lookup }),
    dispatcher: new ProxyAgent({ uri: bare.href, proxyTls: { lookup }, ...(token ? { token } : {}) }),
  };
}

/** The chat of a contact: the group's JID for a group, else their number's JID. */
export function jidOf(contact: OutboundMessage['contact']): string {
  const group = groupJidOf(contact);
  if (group) return group;
  const number = contact.number?.replace(/\D/g, '');
  if (!number) throw new AppError('ERR_WAPP_INVALID_CONTACT', 'This contact has no WhatsApp number.');
  return `${number}@s.whatsapp.net`;
}

/** The phone number of the logged-in account: '5511999990000:12@s.whatsapp.net' → '5511999990000'. */
export function numberOfJid(jid: string | undefined): string | null {
  return /^(\d+)/.exec(jid ?? '')?.[1] ?? null;
}

/** The message content Baileys sends for an outbound message (text, or a stored file with its caption). */
export async function contentFor(ctx: AppContext, message: OutboundMessage): Promise<AnyMessageContent> {
  if (!message.media) return { text: message.body };
  const file = await ctx.media.read(message.media.key);
  if (!file) throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA', 'The file of this message is missing.');
  const { mime: mimetype, name: fileName } = message.media;
  const caption = message.body || undefined;
  switch (message.media.type) {
    case 'image':
      return { image: file, mimetype, caption };
    case 'video':
      return { video: file, mimetype, caption };
    case 'audio':
      return { audio: file, mimetype, ptt: message.media.voice === true };
    case 'sticker':
      return { sticker: file, mimetype };
    default:
      return { document: file, mimetype, fileName, caption };
  }
}

/**
 * One channel's Baileys connection: creds and keys in the database, statuses reported as they
 * change, reconnection with exponential backoff, and the incoming events handed to the inbound
 * mapping one batch at a time (in order).
 */
class BaileysSession implements LiveSession {
  private socket: BaileysSocket | undefined;
  private connected = false;
  private closed = false;
  private attempts = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private pairingRequested = false;
  private chain: Promise<void> = Promise.resolve();
  /** History sync chunks are imported one at a time, beside (not in front of) live messages. */
  private historyChain: Promise<void> = Promise.resolve();
  /** Ids of the messages this session sent (their echoes are not phone-typed messages). */
  private readonly ownSends = new Set<string>();
  private readonly settings: BaileysSettings;
  private readonly proxy: ReturnType<typeof proxyOf>;
  /** The group tools' operations on this connection (list, members, settings, deletion for everyone). */
  readonly groups: LiveGroupAdmin = baileysGroupAdmin(() => this.ready());

  constructor(
    private readonly ctx: AppContext,
    private readonly channel: ChannelRow,
    private readonly options: Required<Pick<BaileysDriverOptions, 'backoffMs' | 'maxBackoffMs'>> &
      Pick<BaileysDriverOptions, 'makeSocket' | 'download'>,
  ) {
    this.settings = baileysSettingsOf(channelSettings(ctx, channel));
    this.proxy = proxyOf(this.settings, ctx.outbound);
  }

  private get log() {
    return this.ctx.logger.child({ channelId: this.channel.id, channelType: 'baileys' });
  }

  async connect(): Promise<void> {
    if (this.closed) return;
    const auth = await useDatabaseAuthState(this.ctx, this.channel);
    // Baileys logs a lot: only its warnings reach the server log.
    const logger = this.ctx.logger.child({ channelId: this.channel.id, module: 'baileys' }, { level: 'warn' });
    const { agent, dispatcher } = this.proxy;
    const socket = (this.options.makeSocket ?? defaultMakeSocket)({
      auth: { creds: auth.state.creds, keys: makeCacheableSignalKeyStore(auth.state.keys, logger) },
      logger,
      browser: Browsers.ubuntu('Conversa'),
      markOnlineOnConnect: false,
      // The phone sends its whole history on pairing only when the channel imports it.
      syncFullHistory: this.settings.importOldMessages === true,
      ...(this.settings.importOldMessages ? { shouldSyncHistoryMessage: () => true } : {}),
      // Conversa's own sends are stored by the send job; their echoes would only race it.
      emitOwnEvents: false,
      ...(agent ? { agent } : {}),
      ...(dispatcher ? { fetchAgent: dispatcher as unknown as Agent } : {}),
      // Message retries (a phone that could not decrypt): Baileys asks for the text that was sent.
      getMessage: async (key) => {
        if (!key.id) return undefined;
        const row = await findMessageByExternalId(this.ctx.db, this.channel.tenantId, this.channel.id, key.id);
        return row ? { conversation: row.body } : undefined;
      },
    });
    this.socket = socket;
    this.pairingRequested = false;
    socket.ev.process((events) => {
      // One batch at a time, in arrival order: an edit never overtakes the message it edits.
      this.chain = this.chain
        .then(() => this.onEvents(socket, events, auth.saveCreds, auth.clear))
        .catch((error: unknown) => this.log.error({ err: error }, 'baileys event not handled'));
      return this.chain;
    });
  }

  private async onEvents(
    socket: BaileysSocket,
    events: Partial<BaileysEventMap>,
    saveCreds: () => Promise<void>,
    clearAuth: () => Promise<void>,
  ): Promise<void> {
    if (socket !== this.socket) return; // an old connection's late events
    if (events['creds.update']) await saveCreds();
    const update = events['connection.update'];
    if (update) await this.onConnectionUpdate(socket, update, clearAuth);
    // 'notify': live; 'append': delivered while the session was offline. Both are kept.
    const upsert = events['messages.upsert'];
    if (upsert) {
      const options = {
        groups: this.settings.importGroups === true,
        groupName: (jid: string) => this.groupName(socket, jid),
        isOwnSend: (id: string) => this.ownSends.has(id),
      };
      for (const message of upsert.messages) {
        await handleBaileysMessage(this.ctx, this.channel, message, this.downloader(socket), options);
      }
    }
    // Joins, leaves and members' messages in groups, for the group tools (whether or not the channel takes group tickets).
    for (const event of groupEventsOf(events)) await reportGroupEvent(this.ctx, this.channel, event);
    const history = events['messaging-history.set'];
    if (history && this.settings.importOldMessages) this.importHistory(socket, history);
    for (const change of events['messages.update'] ?? []) await handleBaileysUpdate(this.ctx, this.channel, change);
  }

  private importHistory(socket: BaileysSocket, history: BaileysHistory): void {
    const chunk = { chats: history.chats, contacts: history.contacts, messages: history.messages };
    this.historyChain = this.historyChain
      .then(async () => {
        if (this.closed) return;
        const chats = await pastChatsOf(this.ctx, this.channel, chunk, this.downloader(socket));
        const imported = await importChatHistory(this.ctx, this.channel, chats);
        this.log.info({ ...imported }, 'baileys history chunk imported');
      })
      .catch((error: unknown) => this.log.error({ err: error }, 'baileys history not imported'));
  }

  /** A group's subject (Baileys' groupMetadata), through the shared cache of group subjects. */
  private groupName(socket: BaileysSocket, jid: string): Promise<string | undefined> {
    const metadata = socket.groupMetadata;
    if (!metadata) return Promise.resolve(undefined);
    return groupSubjectOf(this.ctx, this.channel.id, jid, async () => (await metadata.call(socket, jid)).subject);
  }

  private downloader(socket: BaileysSocket): MediaDownloader {
    const download = this.options.download ?? defaultDownload;
    return (message) => download(message, socket, this.ctx, this.proxy.dispatcher);
  }

  private async onConnectionUpdate(
    socket: BaileysSocket,
    update: Partial<BaileysEventMap['connection.update']>,
    clearAuth: () => Promise<void>,
  ): Promise<void> {
    if (this.closed) return;
    if (update.qr) {
      if (this.settings.pairingNumber) {
        if (!this.pairingRequested) {
          this.pairingRequested = true;
          const code = await socket.requestPairingCode(this.settings.pairingNumber);
          await setSessionStatus(this.ctx, this.channel, 'qrcode', code);
        }
      } else {
        await setSessionStatus(this.ctx, this.channel, 'qrcode', await QRCode.toDataURL(update.qr));
      }
    }
    if (update.connection === 'connecting' && !update.qr) {
      await setSessionStatus(this.ctx, this.channel, 'opening');
    }
    if (update.connection === 'open') {
      this.connected = true;
      this.attempts = 0;
      await setSessionStatus(this.ctx, this.channel, 'connected', null, { number: numberOfJid(socket.user?.id) });
    }
    if (update.connection === 'close') {
      this.connected = false;
      const error = update.lastDisconnect?.error as Partial<Boom> | undefined;
      const code = error?.output?.statusCode;
      if (code === DisconnectReason.loggedOut) {
        // Unlinked from the phone: the stored login is useless now.
        this.closed = true;
        await clearAuth();
        this.log.info('baileys session logged out from the phone');
        await setSessionStatus(this.ctx, this.channel, 'disconnected');
        return;
      }
      if (error?.message === 'QR refs attempts ended') {
        // Nobody scanned the QR code (or typed the pairing code) in time.
        this.closed = true;
        await setSessionStatus(this.ctx, this.channel, 'pairingTimeout');
        return;
      }
      if (code === DisconnectReason.forbidden) {
        this.closed = true;
        this.log.warn({ reason: error?.message }, 'baileys session refused by WhatsApp (403)');
        await setSessionStatus(this.ctx, this.channel, 'disconnected');
        return;
      }
      // restartRequired comes right after a successful pairing: reconnect at once.
      const delay =
        code === DisconnectReason.restartRequired ? 0 : Math.min(this.options.backoffMs * 2 ** this.attempts++, this.options.maxBackoffMs);
      this.log.info({ code, reason: error?.message, delay }, 'baileys connection closed; reconnecting');
      await setSessionStatus(this.ctx, this.channel, 'opening');
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = undefined;
        this.connect().catch((failure: unknown) => this.log.error({ err: failure }, 'baileys reconnection failed'));
      }, delay);
      this.reconnectTimer.unref();
    }
  }

  private ready(): BaileysSocket {
    // Not connected (reconnecting, waiting for the QR code): the send job retries later.
    if (!this.socket || !this.connected || this.closed)
      throw new Error(`The WhatsApp session of channel ${this.channel.id} is not connected.`);
    return this.socket;
  }

  async send(message: OutboundMessage): Promise<SendResult> {
    const jid = jidOf(message.contact);
    const socket = this.ready();
    const content = await contentFor(this.ctx, message);
    const options: MiscMessageGenerationOptions = {};
    if (message.quotedExternalId) {
      const quoted = await findMessageByExternalId(this.ctx.db, this.channel.tenantId, this.channel.id, message.quotedExternalId);
      options.quoted = {
        key: { remoteJid: jid, id: message.quotedExternalId, fromMe: quoted?.fromMe ?? false },
        message: { conversation: quoted?.body ?? '' },
      };
    }
    // Baileys' own message id is kept (no id of ours): an interrupted send stays unconfirmed for the agent.
    await message.claimSend?.();
    const sent = await socket.sendMessage(jid, content, options);
    if (!sent?.key.id) throw new AppError('ERR_SENDING_WAPP_MSG', 'WhatsApp returned no message id.');
    this.rememberOwnSend(sent.key.id);
    return { externalId: sent.key.id, status: 'sent' };
  }

  private rememberOwnSend(id: string): void {
    this.ownSends.add(id);
    // Only recent ids matter (an echo follows its send at once): keep the newest thousand.
    if (this.ownSends.size > 1_000) this.ownSends.delete(this.ownSends.values().next().value as string);
  }

  async edit(externalId: string, to: OutboundMessage['contact'], body: string): Promise<void> {
    const jid = jidOf(to);
    await this.ready().sendMessage(jid, { text: body, edit: { remoteJid: jid, id: externalId, fromMe: true } });
  }

  async delete(externalId: string, to: OutboundMessage['contact']): Promise<void> {
    const jid = jidOf(to);
    await this.ready().sendMessage(jid, { delete: { remoteJid: jid, id: externalId, fromMe: true } });
  }

  async close({ logout }: { logout: boolean }): Promise<void> {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const wasClosed = this.closed;
    const wasConnected = this.connected;
    this.closed = true;
    this.connected = false;
    const socket = this.socket;
    this.socket = undefined;
    if (socket && !wasClosed) {
      if (logout && wasConnected) await socket.logout().catch((error: unknown) => this.log.warn({ err: error }, 'baileys logout failed'));
      await socket.end(undefined);
    }
    if (logout) await (await useDatabaseAuthState(this.ctx, this.channel)).clear();
  }
}

/** The Baileys session driver; tests pass a recorded-event socket and a download function. */
export function createBaileysDriver(options: BaileysDriverOptions = {}): SessionDriver {
  return {
    type: 'baileys',
    async open(ctx, channel) {
      const session = new BaileysSession(ctx, channel, { backoffMs: 1_000, maxBackoffMs: 60_000, ...options });
      await session.connect();
      return session;
    },
  };
}
