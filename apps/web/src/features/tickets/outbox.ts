import type { Message } from '@conversa/shared';

/**
 * The agent's replies on their way out, so that what is typed is never lost and every Enter sends,
 * in order: each reply gets its client id when Enter is pressed, then the replies of a ticket go
 * out one at a time, in the order they were written. A reply whose request fails (or gets no
 * answer) stops its ticket's queue and waits for the agent: "retry" sends it again under the same
 * client id (the server stores each id once, so a reply that did arrive is not duplicated), and
 * the replies written after it follow; "discard" drops it. Text replies waiting or failed are kept
 * in localStorage per user, so a reload brings them back (as failed: the agent decides); files
 * cannot be kept there and live as long as the page.
 */

export type OutboxState = 'queued' | 'sending' | 'failed';

export interface OutboxDraft {
  ticketId: number;
  body: string;
  file?: File;
  /** The message it answers (quoted reply). */
  quoted?: Pick<Message, 'id' | 'body' | 'fromMe'> | null;
  /** A quick message sent with it (picked: its id; `/key`: its key); the server adds its file and renders the text. */
  quick?: QuickReference | null;
  /** The agent inserted a template variable: the server renders the text's `{{variables}}`. */
  renderVariables?: boolean;
}

export interface QuickReference {
  id?: number;
  key?: string;
  /** Its file's name, shown in the chat until the server's message arrives. */
  mediaName?: string | null;
}

export interface OutboxItem extends OutboxDraft {
  clientId: string;
  state: OutboxState;
  /** Why the last attempt failed. */
  error: unknown;
  /** When Enter was pressed (ISO): the order of the chat until the server's message replaces it. */
  createdAt: string;
}

export interface OutboxRequest {
  clientId: string;
  ticketId: number;
  body: string;
  quotedMsgId?: string;
  file?: File;
  quickMessageId?: number;
  quickMessageKey?: string;
  renderVariables?: boolean;
}

export interface OutboxOptions {
  /** POST /messages/{ticketId}; resolves with the stored message. */
  send: (request: OutboxRequest) => Promise<Message>;
  /** The server's message of a sent reply (into the chat's cache, in the same tick as the reply leaves the outbox). */
  onSent: (message: Message) => void;
  /** Tells the agent a reply failed (it may be writing in another chat by then). */
  onFailed?: (error: unknown) => void;
  /** Whether the server's message of a reply is already in the chat (its socket event came before the failed answer). */
  isStored?: (ticketId: number, clientId: string) => boolean;
  /** The signed-in user (replies are kept per user); null when signed out. */
  userId: () => number | null;
  subscribeUser?: (listener: () => void) => () => void;
  storage?: Storage | null;
}

const storageKey = (userId: number) => `conversa.outbox.${userId}`;

interface StoredItem {
  clientId: string;
  ticketId: number;
  body: string;
  quoted: OutboxDraft['quoted'];
  quick?: OutboxDraft['quick'];
  renderVariables?: boolean;
  createdAt: string;
}

function isStoredItem(value: unknown): value is StoredItem {
  const item = value as StoredItem;
  return (
    Boolean(item) &&
    typeof item.clientId === 'string' &&
    typeof item.ticketId === 'number' &&
    typeof item.body === 'string' &&
    typeof item.createdAt === 'string'
  );
}

/** A version-4 UUID (crypto.randomUUID exists only on secure pages: not on http:// of a LAN address). */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export class Outbox {
  private items: readonly OutboxItem[] = [];
  private readonly listeners = new Set<() => void>();
  /** Tickets whose queue is being sent. */
  private readonly running = new Set<number>();
  private userId: number | null;
  private lastCreatedAt = 0;

  constructor(private readonly options: OutboxOptions) {
    this.userId = options.userId();
    this.items = this.load();
    // Another user signing in in this tab gets their own replies, never the previous user's.
    options.subscribeUser?.(() => {
      const userId = options.userId();
      if (userId === this.userId) return;
      this.userId = userId;
      this.running.clear();
      this.set(this.load(), false);
    });
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Every reply on its way out (a new array after each change). */
  readonly getSnapshot = (): readonly OutboxItem[] => this.items;

  /** Queues a reply written now; it goes out after the ones written before it in its ticket. */
  enqueue(draft: OutboxDraft): OutboxItem {
    // Strictly increasing times keep several replies of one millisecond in their order.
    this.lastCreatedAt = Math.max(Date.now(), this.lastCreatedAt + 1);
    const item: OutboxItem = {
      ...draft,
      clientId: newClientId(),
      state: 'queued',
      error: null,
      createdAt: new Date(this.lastCreatedAt).toISOString(),
    };
    this.set([...this.items, item]);
    void this.pump(draft.ticketId);
    return item;
  }

  /** Sends a failed reply again, under its client id; the replies queued behind it follow. */
  retry(clientId: string): void {
    const item = this.items.find((i) => i.clientId === clientId);
    if (!item || item.state !== 'failed') return;
    this.patch(clientId, { state: 'queued', error: null });
    void this.pump(item.ticketId);
  }

  /** Drops a failed reply (the agent's choice); the replies queued behind it go out. */
  discard(clientId: string): void {
    const item = this.items.find((i) => i.clientId === clientId);
    if (!item || item.state !== 'failed') return;
    this.set(this.items.filter((i) => i !== item));
    void this.pump(item.ticketId);
  }

  /** Whether a ticket has a failed reply (whose stored message may still show up: see confirmStored). */
  hasFailed(ticketId: number): boolean {
    return this.items.some((i) => i.ticketId === ticketId && i.state === 'failed');
  }

  /**
   * The server's messages of a ticket seen by the app (socket, history): a failed reply among them
   * did arrive (only its answer was lost), so it leaves the outbox and the replies behind it go on.
   */
  confirmStored(ticketId: number, storedClientIds: ReadonlySet<string>): void {
    const arrived = this.items.filter((i) => i.ticketId === ticketId && i.state === 'failed' && storedClientIds.has(i.clientId));
    if (arrived.length === 0) return;
    this.set(this.items.filter((i) => !arrived.includes(i)));
    void this.pump(ticketId);
  }

  private async pump(ticketId: number): Promise<void> {
    if (this.running.has(ticketId)) return;
    this.running.add(ticketId);
    const userId = this.userId;
    try {
      for (;;) {
        if (this.userId !== userId) return;
        const head = this.items.find((i) => i.ticketId === ticketId);
        // A failed reply holds the ones written after it: they never overtake it.
        if (!head || head.state === 'failed') return;
        this.patch(head.clientId, { state: 'sending' });
        try {
          const message = await this.options.send({
            clientId: head.clientId,
            ticketId,
            body: head.body,
            quotedMsgId: head.quoted?.id,
            file: head.file,
            quickMessageId: head.quick?.id,
            quickMessageKey: head.quick?.id === undefined ? head.quick?.key : undefined,
            renderVariables: head.renderVariables || undefined,
          });
          if (this.userId !== userId) return;
          this.options.onSent(message);
          this.set(this.items.filter((i) => i.clientId !== head.clientId));
        } catch (error) {
          if (this.userId !== userId) return;
          // The request arrived and the reply was stored; only its answer was lost.
          if (this.options.isStored?.(ticketId, head.clientId)) {
            this.set(this.items.filter((i) => i.clientId !== head.clientId));
            continue;
          }
          this.patch(head.clientId, { state: 'failed', error });
          this.options.onFailed?.(error);
          return;
        }
      }
    } finally {
      if (this.userId === userId) this.running.delete(ticketId);
    }
  }

  private patch(clientId: string, changes: Partial<OutboxItem>): void {
    this.set(this.items.map((i) => (i.clientId === clientId ? { ...i, ...changes } : i)));
  }

  private set(items: readonly OutboxItem[], save = true): void {
    this.items = items;
    if (save) this.save();
    for (const listener of this.listeners) listener();
  }

  private load(): OutboxItem[] {
    const storage = this.options.storage;
    if (!storage || this.userId === null) return [];
    try {
      const parsed: unknown = JSON.parse(storage.getItem(storageKey(this.userId)) ?? '[]');
      // Whether a reply being sent at the reload arrived is unknown: the agent retries (same id) or discards it.
      return Array.isArray(parsed) ? parsed.filter(isStoredItem).map((item) => ({ ...item, state: 'failed' as const, error: null })) : [];
    } catch {
      return [];
    }
  }

  private save(): void {
    const storage = this.options.storage;
    if (!storage || this.userId === null) return;
    const kept: StoredItem[] = this.items
      .filter((i) => !i.file)
      .map(({ clientId, ticketId, body, quoted, quick, renderVariables, createdAt }) => ({
        clientId,
        ticketId,
        body,
        quoted: quoted ?? null,
        quick: quick ?? null,
        renderVariables,
        createdAt,
      }));
    try {
      if (kept.length === 0) storage.removeItem(storageKey(this.userId));
      else storage.setItem(storageKey(this.userId), JSON.stringify(kept));
    } catch {
      /* storage full or disabled: memory only */
    }
  }
}
