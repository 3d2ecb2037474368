import { describe, expect, it } from 'vitest';
import { KeptReads, TenantChanges } from './kept-reads.js';

/** A read that answers the values given in turn, counting its calls; after `gate()`, reads wait for `release()`. */
function reader<T>(...values: (T | undefined)[]) {
  let calls = 0;
  let held: Promise<void> | undefined;
  let release = () => undefined as void;
  return {
    async read() {
      calls += 1;
      const answer = values[Math.min(calls, values.length) - 1];
      if (held) await held;
      return answer;
    },
    calls: () => calls,
    gate() {
      held = new Promise<void>((resolve) => {
        release = () => {
          held = undefined;
          resolve();
        };
      });
    },
    release: () => release(),
  };
}

describe('KeptReads', () => {
  it('keeps a read for its lifetime, and reads again once it is forgotten', async () => {
    const kept = new KeptReads<number, string>(new TenantChanges(), { ttlMs: 60_000 });
    const source = reader('first', 'second');
    expect(await kept.get(7, 7, source.read)).toBe('first');
    expect(await kept.get(7, 7, source.read)).toBe('first');
    expect(source.calls()).toBe(1);
    kept.forget(7);
    expect(await kept.get(7, 7, source.read)).toBe('second');
    expect(source.calls()).toBe(2);
  });

  it('reads again after its lifetime', async () => {
    const kept = new KeptReads<number, string>(new TenantChanges(), { ttlMs: 20 });
    const source = reader('first', 'second');
    expect(await kept.get(1, 1, source.read)).toBe('first');
    await expect.poll(() => kept.get(1, 1, source.read), { timeout: 2_000, interval: 10 }).toBe('second');
  });

  it('does not keep a read that began before a change of its tenant, nor an answer of nothing', async () => {
    const changes = new TenantChanges();
    const kept = new KeptReads<string, string>(changes, { ttlMs: 60_000 });
    const source = reader('before the change', 'after the change');
    source.gate();
    const racing = kept.get('key', 3, source.read);
    await expect.poll(() => source.calls()).toBe(1);
    changes.note(3); // committed while the read ran
    source.release();
    expect(await racing).toBe('before the change');
    expect(await kept.get('key', 3, source.read)).toBe('after the change');
    expect(await kept.get('key', 3, source.read)).toBe('after the change');
    expect(source.calls()).toBe(2);

    // A change of another tenant does not matter; nothing (undefined) is read again every time.
    const empty = reader<string>(undefined, 'found');
    expect(await kept.get('other', 4, empty.read)).toBeUndefined();
    expect(await kept.get('other', 4, empty.read)).toBe('found');
  });
});
