import type { OutboxItem, Session } from './types';

export interface Stored extends Session {
  /** `updatedAt` of the newest change seen: catch-up after a reconnection asks from there. */
  cursor?: string;
  outbox: OutboxItem[];
}

/**
 * The visitor's session per channel in localStorage (token, cursor, unsent messages), so a reload
 * or a reconnection loses nothing. Falls back to memory where storage is unavailable.
 */
export class SessionStore {
  private readonly key: string;
  private memory: Stored | null = null;

  constructor(channel: string) {
    this.key = `conversa.webchat.${channel}`;
  }

  load(): Stored | null {
    try {
      const text = window.localStorage.getItem(this.key);
      if (!text) return this.memory;
      const value = JSON.parse(text) as Partial<Stored>;
      if (typeof value.token !== 'string' || typeof value.visitorId !== 'string') return null;
      return {
        visitorId: value.visitorId,
        token: value.token,
        name: typeof value.name === 'string' ? value.name : '',
        cursor: typeof value.cursor === 'string' ? value.cursor : undefined,
        outbox: Array.isArray(value.outbox) ? value.outbox.filter(isOutboxItem) : [],
      };
    } catch {
      return this.memory;
    }
  }

  save(value: Stored): void {
    this.memory = value;
    try {
      window.localStorage.setItem(this.key, JSON.stringify(value));
    } catch {
      /* storage full or disabled: memory only */
    }
  }

  clear(): void {
    this.memory = null;
    try {
      window.localStorage.removeItem(this.key);
    } catch {
      /* ignore */
    }
  }
}

function isOutboxItem(item: unknown): item is OutboxItem {
  const value = item as OutboxItem;
  return Boolean(value) && typeof value.clientId === 'string' && typeof value.body === 'string' && typeof value.createdAt === 'string';
}

/** A version-4 UUID (crypto.randomUUID exists only on secure pages). */
export function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
