import { API_CALL_LOG_PAGE_SIZE } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { findApiConfigView, listApiCallLogs as listApiCallLogRows, type ApiCallLogRow } from '../external-api.repository.js';

/** A page of a configuration's last calls, newest first. */
export async function listApiCallLogs(
  ctx: AppContext,
  actor: Actor,
  id: string,
  page: number,
): Promise<{ logs: ApiCallLogRow[]; hasMore: boolean }> {
  if (!(await findApiConfigView(ctx.db, actor.tenantId, id))) throw new AppError('ERR_NO_API_CONFIG_FOUND');
  const rows = await listApiCallLogRows(ctx.db, actor.tenantId, id, (page - 1) * API_CALL_LOG_PAGE_SIZE, API_CALL_LOG_PAGE_SIZE + 1);
  return { logs: rows.slice(0, API_CALL_LOG_PAGE_SIZE), hasMore: rows.length > API_CALL_LOG_PAGE_SIZE };
}
