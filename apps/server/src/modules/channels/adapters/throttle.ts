/**
 * Keeps sends under a provider's rate (Cloud API 80/s per number, Telegram ~30/s per bot and 1/s
 * per chat) by waiting, not failing. Per process: with several nodes each keeps its own budget, so
 * a provider's 429 still reaches the send job, which retries later.
 */
export class Throttle {
  private readonly next = new Map<string, number>();

  /** Waits until `key` may send again, spacing sends `1000 / perSecond` ms apart. */
  async wait(key: string, perSecond: number): Promise<void> {
    const interval = 1000 / perSecond;
    const now = Date.now();
    const slot = Math.max(now, this.next.get(key) ?? 0);
    this.next.set(key, slot + interval);
    if (this.next.size > 10_000) this.prune(now);
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  }

  /**
   * After a send under `key` was answered: the next one waits a whole interval from now. What the
   * provider counts is when requests arrive, and a request held up after its slot (a slow claim, a
   * busy process) would otherwise arrive closer to the next one than the interval.
   */
  spaceFromNow(key: string, perSecond: number): void {
    const next = Date.now() + 1000 / perSecond;
    if ((this.next.get(key) ?? 0) < next) this.next.set(key, next);
  }

  private prune(now: number): void {
    for (const [key, at] of this.next) if (at < now) this.next.delete(key);
  }
}

/**
 * At most `limit` holders per key at once, the others waiting in order (per process). Sends hold
 * it from their claim to the provider's answer, so that a crash leaves at most that many sends
 * ambiguous per channel, however many send jobs wait.
 */
export class Gate {
  private readonly held = new Map<string, { count: number; waiting: Array<() => void> }>();

  async acquire(key: string, limit: number): Promise<() => void> {
    let slot = this.held.get(key);
    if (!slot) this.held.set(key, (slot = { count: 0, waiting: [] }));
    if (slot.count >= limit) await new Promise<void>((resolve) => slot.waiting.push(resolve));
    else slot.count++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = slot.waiting.shift();
      // The slot passes straight to the next waiter; the count drops only when nobody waits.
      if (next) next();
      else if (--slot.count === 0) this.held.delete(key);
    };
  }
}
