import type { AppContext } from '../../../app-context.js';
import { insertApiCallLog } from '../external-api.repository.js';

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

/** Writes one call to the configuration's log (after the answer; a failure to log is logged, never the caller's problem). */
export async function recordApiCall(ctx: AppContext, call: ApiCall): Promise<void> {
  try {
    await insertApiCallLog(ctx.db, call);
  } catch (error) {
    ctx.logger.warn({ err: error, apiConfigId: call.apiConfigId }, 'could not record an external API call');
  }
}
