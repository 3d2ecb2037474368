import { API_CALL_LOG_PAGE_SIZE } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findTenantApi, listTenantApiCallLogs as listRows, type TenantApiCallLogRow } from '../tenant-api.repository.js';

/** A page of a token's last calls, newest first. */
export async function listTenantApiCallLogs(
  ctx: AppContext,
  id: string,
  page: number,
): Promise<{ logs: TenantApiCallLogRow[]; hasMore: boolean }> {
  if (!(await findTenantApi(ctx.db, id))) throw new AppError('ERR_NO_TENANT_API_FOUND');
  const rows = await listRows(ctx.db, id, (page - 1) * API_CALL_LOG_PAGE_SIZE, API_CALL_LOG_PAGE_SIZE + 1);
  return { logs: rows.slice(0, API_CALL_LOG_PAGE_SIZE), hasMore: rows.length > API_CALL_LOG_PAGE_SIZE };
}
