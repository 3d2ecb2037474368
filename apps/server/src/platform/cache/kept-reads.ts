import { LRUCache } from 'lru-cache';

/**
 * A count of the changes made through this process, per tenant: a read that began before a change
 * of its tenant must not be kept (it may describe the state before the change). Several caches of
 * one module can share it, so that one change forgets all their reads of that tenant.
 */
export class TenantChanges {
  private readonly counts = new Map<number, number>();

  of(tenantId: number): number {
    return this.counts.get(tenantId) ?? 0;
  }

  /** Called once a change of the tenant is committed. */
  note(tenantId: number): void {
    this.counts.set(tenantId, this.of(tenantId) + 1);
  }
}

/**
 * Reads kept in memory for `ttlMs` (an LRU of `max` keys): for reads every event or message makes
 * whose answer seldom changes (has the tenant webhooks, push subscribers…). A change through this
 * process applies at once (`TenantChanges.note` and `forget`/`set`); one through another process
 * within `ttlMs`.
 */
export class KeptReads<Key extends NonNullable<unknown>, Value extends NonNullable<unknown>> {
  private readonly kept: LRUCache<Key, Value>;

  constructor(
    private readonly changes: TenantChanges,
    options: { ttlMs: number; max?: number },
  ) {
    this.kept = new LRUCache<Key, Value>({ max: options.max ?? 20_000, ttl: options.ttlMs });
  }

  /** The kept value of `key`, or else what `read` answers, kept unless `tenantId` changed while it ran (undefined is not kept). */
  async get(key: Key, tenantId: number, read: () => Promise<Value | undefined>): Promise<Value | undefined> {
    const kept = this.kept.get(key);
    if (kept !== undefined) return kept;
    const before = this.changes.of(tenantId);
    const value = await read();
    if (value !== undefined && this.changes.of(tenantId) === before) this.kept.set(key, value);
    return value;
  }

  set(key: Key, value: Value): void {
    this.kept.set(key, value);
  }

  forget(key: Key): void {
    this.kept.delete(key);
  }
}
