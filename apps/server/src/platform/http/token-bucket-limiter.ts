/**
 * A rate limit per API token (external API, Tenant API): a token bucket of `perMinute` calls that refills
 * continuously (perMinute / 60 per second), so a client may burst up to a minute's allowance and
 * then keeps the steady rate. Kept in the process's memory: with several server nodes behind a load
 * balancer each node counts its own calls (README "External API").
 */
export class TokenBucketLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one call from the key's bucket: 0 when allowed, else the seconds until one is available. */
  take(key: string): number {
    const now = this.now();
    const ratePerMs = this.perMinute / 60_000;
    const bucket = this.buckets.get(key) ?? { tokens: this.perMinute, at: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * ratePerMs);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 100_000) this.sweep(now, ratePerMs);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerMs / 1000));
  }

  /** Forgets a key (its token was regenerated or its configuration deleted). */
  forget(key: string): void {
    this.buckets.delete(key);
  }

  /** Drops the buckets that are full again: they hold nothing a fresh bucket would not. */
  private sweep(now: number, ratePerMs: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.at) * ratePerMs >= this.perMinute) this.buckets.delete(key);
    }
  }
}
