/**
 * Provider callbacks (status webhooks) this process has taken in and not finished, by when each
 * arrived. Reconciling an unconfirmed send must not outrun a callback that already arrived but
 * still waits for the database (a loaded server can take seconds): reconcile-unconfirmed-send.ts
 * waits for every callback older than its decision. Per process: with several nodes, each one's
 * own intake (the window, SEND_RECONCILE_SECONDS, covers the others).
 */
const open = new Map<symbol, number>();

/**
 * Since when this process can take callbacks in: its HTTP listener's opening (main.ts), or, where
 * nothing marks it (in-process tests), the process's start. A restart spends seconds before it
 * listens (migrations, PGlite replaying its WAL, the job queue): time in which no callback could
 * arrive does not count in a reconciliation window.
 */
let receivableSince = Date.now() - process.uptime() * 1000;

export function markCallbacksReceivable(at = Date.now()): void {
  receivableSince = at;
}

/** For how long (ms) this process has been able to receive callbacks. */
export function callbacksReceivableForMs(): number {
  return Date.now() - receivableSince;
}

/** Runs the handling of one callback, counted as open while it runs. */
export async function intakeCallback<T>(work: () => Promise<T>): Promise<T> {
  const key = Symbol('callback');
  open.set(key, Date.now());
  try {
    return await work();
  } finally {
    open.delete(key);
  }
}

/** Whether a callback that arrived before `at` (ms) is still being handled here. */
export function callbackOpenSince(at: number): boolean {
  for (const arrived of open.values()) if (arrived <= at) return true;
  return false;
}
