import type { AppContext } from '../../../app-context.js';
import { insertTenantApiCallLog } from '../tenant-api.repository.js';

/** Writes one call to the token's log after the answer; a failure to log is logged, never the caller's problem. */
export async function recordTenantApiCall(
  ctx: AppContext,
  call: { tenantApiId: string; method: string; route: string; status: number; durationMs: number; errorCode: string | null },
): Promise<void> {
  try {
    await insertTenantApiCallLog(ctx.db, call);
  } catch (error) {
    ctx.logger.warn({ err: error, tenantApiId: call.tenantApiId }, 'could not record a Tenant API call');
  }
}
