import { io, type Socket } from 'socket.io-client';
import { ApiError, WebchatApi } from './api';
import type { Locale } from '@conversa/shared/locales';
import { Backoff, RATE_LIMIT_RETRY, SEND_RETRY, SOCKET_RECONNECT } from './backoff';
import { strings, type Strings } from './i18n';
import { SessionStore, uuid, type Stored } from './storage';
import { EVENTS, LIMITS, NAMESPACE, type ChatMessage, type ServerMessage } from './types';
import { View } from './view';

/**
 * The widget's behaviour: introduce the visitor, then talk in real time. Nothing typed is lost:
 * unsent text waits in a persistent outbox and is resent with the same clientId (the server
 * stores it once); after a reconnection the history is fetched from the last change seen.
 */
export class Widget {
  private readonly t: Strings;
  private readonly api: WebchatApi;
  private readonly store: SessionStore;
  private readonly view: View;
  private session: Stored | null = null;
  private socket: Socket | null = null;
  private readonly messages = new Map<string, ChatMessage>();
  /** Files waiting to be (re)sent while the page lives; they cannot be kept in localStorage. */
  private readonly pendingFiles = new Map<string, { file: File; caption: string }>();
  private loaded = false;
  private flushing = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Retries of the outbox, and manual reconnections (after the server closed the socket or refused it). */
  private readonly sendBackoff = new Backoff(SEND_RETRY.baseMs, SEND_RETRY.capMs);
  private readonly reconnectBackoff = new Backoff(SOCKET_RECONNECT.reconnectionDelay, SOCKET_RECONNECT.reconnectionDelayMax);
  private unread = 0;

  constructor(private readonly options: { base: string; channel: string; locale: Locale }) {
    this.t = strings(options.locale);
    this.api = new WebchatApi(options.base, options.channel);
    this.store = new SessionStore(options.channel);
    this.view = new View(this.t, {
      onToggle: (open) => {
        if (open) this.unread = 0;
      },
      onStart: (input) => void this.start(input),
      onSend: (body) => this.sendText(body),
      onAttach: (file, caption) => this.sendFile(file, caption),
      onRetry: (key) => this.retry(key),
      resolveUrl: (path) => this.api.resolve(path),
    });
  }

  async mount(): Promise<void> {
    let config;
    try {
      config = await this.api.config();
    } catch (error) {
      // Unknown or disconnected channel, or a site that may not embed it: show nothing.
      console.warn('[conversa] web chat unavailable:', (error as Error).message);
      return;
    }
    this.view.applyConfig(config);
    document.body.appendChild(this.view.host);
    this.session = this.store.load();
    if (this.session) {
      this.api.token = this.session.token;
      for (const item of this.session.outbox)
        this.upsertLocal(item.clientId, { body: item.body, createdAt: item.createdAt, status: 'sending' });
      this.view.showChat();
      this.connect();
    } else {
      this.view.showForm();
    }
    window.addEventListener('online', () => this.flush());
  }

  // ---- session ----
  private async start(input: { name: string; contact: string }): Promise<void> {
    const contact = input.contact;
    const isEmail = contact.includes('@');
    if (contact && (isEmail ? !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contact) : !/^\+?[0-9 ()-]{6,30}$/.test(contact))) {
      this.view.showForm(this.t.invalidContact);
      return;
    }
    this.view.setStarting();
    try {
      const created = await this.api.startSession({
        name: input.name.slice(0, LIMITS.nameChars),
        ...(contact ? (isEmail ? { email: contact } : { phone: contact }) : {}),
      });
      this.session = { ...created, outbox: [] };
      this.store.save(this.session);
      this.api.token = created.token;
      this.view.showChat();
      this.connect();
    } catch (error) {
      const e = error as ApiError;
      this.view.showForm(e.status === 429 ? this.t.tooMany : e.code === 'ERR_VALIDATION' ? this.t.invalidContact : this.t.unavailable);
    }
  }

  /** The token is no longer valid (or the channel is gone): forget the session and ask again. */
  private endSession(notice: string): void {
    this.socket?.disconnect();
    this.socket = null;
    this.session = null;
    this.api.token = null;
    this.store.clear();
    this.messages.clear();
    this.pendingFiles.clear();
    this.loaded = false;
    this.view.render([]);
    this.view.showForm(notice);
  }

  // ---- realtime ----
  private connect(): void {
    if (!this.session) return;
    const socket = io(this.options.base + NAMESPACE, {
      auth: { token: this.session.token },
      // WebSocket only: the page is on another origin, and long-polling would need CORS on the socket server.
      transports: ['websocket'],
      ...SOCKET_RECONNECT,
    });
    this.socket = socket;
    socket.on('connect', () => {
      this.reconnectBackoff.reset();
      this.view.setOnline(true);
      void this.catchUp().then(() => this.flush());
    });
    socket.on('disconnect', (reason) => {
      this.view.setOnline(false);
      // A server-side disconnect is not retried by the client by itself.
      if (reason === 'io server disconnect') setTimeout(() => socket.connect(), this.reconnectBackoff.next());
    });
    socket.on('connect_error', (error: Error & { data?: { error?: string } }) => {
      this.view.setOnline(false);
      const code = error.data?.error ?? error.message;
      if (code === 'ERR_INVALID_TOKEN') return this.endSession(this.t.expired);
      // Refused by the server's check (the channel is off…): try again later.
      if (!socket.active) setTimeout(() => socket.connect(), this.reconnectBackoff.next());
    });
    socket.on(EVENTS.message, (message: ServerMessage) => {
      this.merge([message]);
      if (message.from === 'agent' && !this.view.isOpen) this.view.setUnread(++this.unread);
    });
    socket.on(EVENTS.messageUpdate, (message: ServerMessage) => this.merge([message]));
  }

  /** First load: the latest page. After a reconnection: what changed since the last change seen. */
  private async catchUp(): Promise<void> {
    try {
      if (!this.loaded) {
        const page = await this.api.history();
        this.merge(page.messages);
        this.loaded = true;
        return;
      }
      for (let round = 0; round < 10; round++) {
        const page = await this.api.history(this.session?.cursor);
        this.merge(page.messages);
        if (!page.hasMore) break;
      }
    } catch (error) {
      this.handleFailure(error);
    }
  }

  // ---- sending ----
  private sendText(body: string): void {
    if (!this.session) return;
    const item = { clientId: uuid(), body: body.slice(0, LIMITS.bodyChars), createdAt: new Date().toISOString() };
    this.session.outbox.push(item);
    this.store.save(this.session);
    this.upsertLocal(item.clientId, { body: item.body, createdAt: item.createdAt, status: 'sending' });
    this.flush();
  }

  private sendFile(file: File, caption: string): void {
    if (!this.session) return;
    if (file.size > LIMITS.uploadBytes) {
      this.view.showError(this.t.tooLarge);
      return;
    }
    const clientId = uuid();
    this.pendingFiles.set(clientId, { file, caption });
    this.upsertLocal(clientId, { body: caption, mediaName: file.name, createdAt: new Date().toISOString(), status: 'sending' });
    this.flush();
  }

  private retry(key: string): void {
    const message = this.messages.get(key);
    if (!message?.clientId || !this.session) return;
    if (!this.pendingFiles.has(message.clientId) && !this.session.outbox.some((i) => i.clientId === message.clientId)) {
      this.session.outbox.push({ clientId: message.clientId, body: message.body, createdAt: message.createdAt });
      this.store.save(this.session);
    }
    this.upsertLocal(message.clientId, { status: 'sending', error: undefined });
    this.flush();
  }

  /** Sends what waits, in order; stops at the first transient failure and tries again later. */
  private flush(): void {
    if (this.flushing || !this.session) return;
    this.flushing = true;
    clearTimeout(this.retryTimer);
    void (async () => {
      try {
        while (this.session) {
          const item = this.session.outbox[0];
          const fileEntry = item ? undefined : this.pendingFiles.entries().next().value;
          if (!item && !fileEntry) break;
          const clientId = item ? item.clientId : fileEntry![0];
          try {
            const stored = item
              ? await this.api.post(item.clientId, item.body)
              : await this.api.upload(clientId, fileEntry![1].file, fileEntry![1].caption);
            this.dequeue(clientId);
            this.sendBackoff.reset();
            this.merge([stored]);
          } catch (error) {
            if (error instanceof ApiError && !error.transient && error.status !== 401) {
              // The server refuses this message for good (too long, bad type…): show it failed, go on.
              this.dequeue(clientId);
              this.upsertLocal(clientId, { status: 'failed', error: error.message });
              continue;
            }
            this.handleFailure(error);
            if (error instanceof ApiError && error.status === 429) this.view.showError(this.t.tooMany);
            this.retryTimer = setTimeout(
              () => this.flush(),
              error instanceof ApiError && error.status === 429
                ? RATE_LIMIT_RETRY.minMs + Math.random() * RATE_LIMIT_RETRY.spreadMs
                : this.sendBackoff.next(),
            );
            break;
          }
        }
      } finally {
        this.flushing = false;
      }
    })();
  }

  private dequeue(clientId: string): void {
    this.pendingFiles.delete(clientId);
    if (!this.session) return;
    this.session.outbox = this.session.outbox.filter((i) => i.clientId !== clientId);
    this.store.save(this.session);
  }

  private handleFailure(error: unknown): void {
    if (!(error instanceof ApiError)) return;
    if (error.status === 401) this.endSession(this.t.expired);
    else if (error.status === 404) this.view.showError(this.t.unavailable);
  }

  // ---- the conversation ----
  private upsertLocal(clientId: string, changes: Partial<ChatMessage>): void {
    const key = `local:${clientId}`;
    const current = this.messages.get(key);
    if (!current && Array.from(this.messages.values()).some((m) => m.clientId === clientId && m.key !== key)) return; // already acknowledged
    const base: ChatMessage = current ?? {
      key,
      clientId,
      from: 'visitor',
      body: '',
      mediaType: null,
      mediaName: null,
      mediaUrl: null,
      status: 'sending',
      edited: false,
      deleted: false,
      createdAt: new Date().toISOString(),
      updatedAt: '',
    };
    this.messages.set(key, { ...base, ...changes });
    this.redraw();
  }

  /** Server messages replace the local copy of the same clientId, and newer versions of themselves. */
  private merge(list: ServerMessage[]): void {
    if (list.length === 0) return;
    for (const message of list) {
      if (message.clientId) this.messages.delete(`local:${message.clientId}`);
      const current = this.messages.get(message.id);
      if (current && current.updatedAt > message.updatedAt) continue;
      const { id, ...rest } = message;
      this.messages.set(id, { ...rest, key: id });
      if (this.session && (!this.session.cursor || message.updatedAt > this.session.cursor)) this.session.cursor = message.updatedAt;
    }
    if (this.session) this.store.save(this.session);
    this.redraw();
  }

  private redraw(): void {
    const ordered = Array.from(this.messages.values()).sort((a, b) =>
      a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.key < b.key ? -1 : 1,
    );
    this.view.render(ordered);
  }
}
