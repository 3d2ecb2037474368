import { describe, expect, it } from 'vitest';
import { Backoff, SEND_RETRY } from './backoff';

describe('retry delays (exponential backoff with full jitter)', () => {
  it('grow from the base, doubling, up to the cap, and start again after a success', () => {
    const highest = new Backoff(1_000, 30_000, () => 0.999_999);
    const delays = Array.from({ length: 8 }, () => highest.next());
    expect(delays).toEqual([999, 1_999, 3_999, 7_999, 15_999, 29_999, 29_999, 29_999]);
    highest.reset();
    expect(highest.next()).toBe(999);
  });

  it('are spread uniformly over the whole window: a thousand widgets failing together do not retry together', () => {
    const first = Array.from({ length: 1_000 }, () => new Backoff(SEND_RETRY.baseMs, SEND_RETRY.capMs).next());
    expect(Math.min(...first)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...first)).toBeLessThan(SEND_RETRY.baseMs);
    // In every tenth of the window, about a tenth of them (never a burst in one place).
    const buckets = Array.from({ length: 10 }, (_, i) => first.filter((d) => d >= i * 100 && d < (i + 1) * 100).length);
    for (const count of buckets) expect(count).toBeGreaterThan(40);
    for (const count of buckets) expect(count).toBeLessThan(170);

    const fifth = Array.from({ length: 1_000 }, () => {
      const backoff = new Backoff(SEND_RETRY.baseMs, SEND_RETRY.capMs);
      for (let i = 0; i < 4; i++) backoff.next();
      return backoff.next();
    });
    expect(Math.max(...fifth)).toBeLessThan(16_000);
    expect(Math.max(...fifth)).toBeGreaterThan(12_000); // the window grew to 16 s
  });
});
