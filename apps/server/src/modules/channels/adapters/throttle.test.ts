import { describe, expect, it, vi } from 'vitest';
import { Throttle } from './throttle.js';

describe('Throttle', () => {
  it('spaces sends of one key to the rate and leaves other keys alone', async () => {
    const throttle = new Throttle();
    const started = Date.now();
    await Promise.all(Array.from({ length: 5 }, () => throttle.wait('chat-1', 20)));
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(190); // 5 sends at 20/s: the 5th waits 4 × 50 ms
    const other = Date.now();
    await throttle.wait('chat-2', 20);
    expect(Date.now() - other).toBeLessThan(40);
  });

  it('after a send was answered, the next one of that key waits a whole interval from the answer', async () => {
    vi.useFakeTimers();
    try {
      const throttle = new Throttle();
      await throttle.wait('chat-1', 10); // slot now; the next slot would be 100 ms later
      vi.advanceTimersByTime(60); // the request took 60 ms
      throttle.spaceFromNow('chat-1', 10);
      let sent = false;
      const next = throttle.wait('chat-1', 10).then(() => (sent = true));
      await vi.advanceTimersByTimeAsync(99);
      expect(sent).toBe(false); // without spaceFromNow it would go 40 ms after the answer
      await vi.advanceTimersByTimeAsync(1);
      await next;
      expect(sent).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
