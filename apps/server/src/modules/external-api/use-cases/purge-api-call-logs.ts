import type { AppContext } from '../../../app-context.js';
import { purgeApiCallLogsBefore } from '../external-api.repository.js';

/** The call log's retention: rows older than API_CALL_LOG_RETENTION_DAYS are deleted. */
export async function purgeApiCallLogs(ctx: AppContext, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - ctx.env.API_CALL_LOG_RETENTION_DAYS * 86_400_000);
  return purgeApiCallLogsBefore(ctx.db, before);
}
