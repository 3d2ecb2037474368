import type { ReportFilters, ReportPage } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { presentReportPage } from '../reports.presenter.js';
import { validateReportRequest } from './validate-report-request.js';

/** GET /reports/{report}: one page of the report's rows, sorted by one of its columns. */
export async function getReportPage(
  ctx: AppContext,
  actor: Actor,
  reportName: string,
  query: ReportFilters & { page: number; pageSize: number; sort?: string; order: 'asc' | 'desc' },
): Promise<ReportPage> {
  const { page, pageSize, sort, order, ...filters } = query;
  const { definition, request } = await validateReportRequest(ctx, actor, reportName, filters);
  const result = await definition.page(ctx, request, { offset: (page - 1) * pageSize, limit: pageSize, sort, order });
  return presentReportPage(definition.name, result.rows, result.total, page, pageSize);
}
