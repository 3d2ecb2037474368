/**
 * Exponential backoff with full jitter: the n-th wait is uniform in [0, min(cap, base · 2ⁿ)]. After
 * a server restart thousands of widgets fail at the same moment; full jitter spreads their retries
 * over the whole window instead of sending them back in the same second, and the growth keeps a
 * server that stays down from being hammered.
 */
export class Backoff {
  private attempt = 0;

  constructor(
    private readonly baseMs: number,
    private readonly capMs: number,
    private readonly random: () => number = () => Math.random(),
  ) {}

  /** The wait before the next try; each call counts one more failure. */
  next(): number {
    const ceiling = Math.min(this.capMs, this.baseMs * 2 ** Math.min(this.attempt, 30));
    this.attempt++;
    return Math.floor(this.random() * ceiling);
  }

  /** A success: the next failure starts from the base again. */
  reset(): void {
    this.attempt = 0;
  }
}

/** The outbox's retries after a network error or a 5xx: from ≤ 1 s up to ≤ 30 s. */
export const SEND_RETRY = { baseMs: 1_000, capMs: 30_000 } as const;
/** After ERR_LIMIT_MAX the window is a minute: wait it out, spread over a further 30 s. */
export const RATE_LIMIT_RETRY = { minMs: 60_000, spreadMs: 30_000 } as const;
/**
 * Socket.IO's reconnection (its own backoff: delay · 2ⁿ, capped, ± randomizationFactor). A factor of
 * 1 spreads each reconnection over [0, 2 · delay]: as good as full jitter for a crowd of widgets.
 */
export const SOCKET_RECONNECT = { reconnectionDelay: 1_000, reconnectionDelayMax: 30_000, randomizationFactor: 1 } as const;
