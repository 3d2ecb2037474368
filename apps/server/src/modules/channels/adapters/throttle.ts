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

  private prune(now: number): void {
    for (const [key, at] of this.next) if (at < now) this.next.delete(key);
  }
}
