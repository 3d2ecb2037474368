import type { AppContext } from '../../../app-context.js';
import { purgeTenantApiCallLogsBefore } from '../tenant-api.repository.js';

/** The call log keeps API_CALL_LOG_RETENTION_DAYS days, like the external API's. */
export async function purgeTenantApiCallLogs(ctx: AppContext, now: Date = new Date()): Promise<number> {
  return purgeTenantApiCallLogsBefore(ctx.db, new Date(now.getTime() - ctx.env.API_CALL_LOG_RETENTION_DAYS * 86_400_000));
}
