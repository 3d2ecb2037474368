import type { AppContext } from '../../../app-context.js';
import { insertApiCallLogs } from '../external-api.repository.js';

export interface ApiCall {
  tenantId: number;
  apiConfigId: string;
  method: string;
  /** The route's pattern after the base URL (`/createticket`), never the URL with its query. */
  route: string;
  status: number;
  durationMs: number;
  errorCode: string | null;
}

/** Calls waiting for the insert in flight, per application (a test process runs several). */
const waiting = new WeakMap<AppContext, { calls: ApiCall[]; flushing: Promise<void> | null }>();
const BATCH = 500;
/** How long a call waits for others to share its insert. */
const GATHER_MS = 50;

/**
 * Writes one call to the configuration's log (after the answer; a failure to log is logged, never
 * the caller's problem). Calls that come within GATHER_MS, or while an insert is in flight, go
 * together: under load one statement logs many calls instead of one commit per call.
 */
export function recordApiCall(ctx: AppContext, call: ApiCall): Promise<void> {
  let state = waiting.get(ctx);
  if (!state) waiting.set(ctx, (state = { calls: [], flushing: null }));
  state.calls.push(call);
  return flush(ctx, state);
}

function flush(ctx: AppContext, state: { calls: ApiCall[]; flushing: Promise<void> | null }): Promise<void> {
  if (state.flushing) return state.flushing;
  state.flushing = (async () => {
    await new Promise((resolve) => setTimeout(resolve, GATHER_MS));
    while (state.calls.length > 0) {
      const batch = state.calls.splice(0, BATCH);
      try {
        await insertApiCallLogs(ctx.db, batch);
      } catch (error) {
        ctx.logger.warn({ err: error, calls: batch.length }, 'could not record external API calls');
      }
    }
    // Synchronously after the last check: a call queued from now on starts the next flush.
    state.flushing = null;
  })();
  return state.flushing;
}
