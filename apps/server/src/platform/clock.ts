/**
 * The time as the product's rules read it (trials, due dates, the billing round). It is the system
 * clock, moved forward by an offset only tests set (the integration tests through `ctx.clock`, the
 * end-to-end tests through `POST /test-clock/advance` when TEST_CLOCK=true): "the trial ends by the
 * test clock" without waiting days. Timestamps the database writes (`now()`) are not moved.
 */
export interface Clock {
  now(): Date;
  /** Moves this process's clock forward (tests). */
  advance(ms: number): void;
}

export function createClock(): Clock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new Error('the clock only moves forward');
      offsetMs += ms;
    },
  };
}
