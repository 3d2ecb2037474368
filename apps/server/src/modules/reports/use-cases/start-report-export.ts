import { randomUUID } from 'node:crypto';
import type { ReportExport, ReportExportFormat } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { presentReportExport } from '../reports.presenter.js';
import { insertReportExport } from '../reports.repository.js';
import { parseExportFilters, validateReportRequest } from './validate-report-request.js';

/**
 * POST /reports/{report}/exports: checks the request like the screen does (same texts), then
 * records the export and enqueues its job in one transaction; the file is written in the background.
 */
export async function startReportExport(
  ctx: AppContext,
  actor: Actor,
  reportName: string,
  input: { format: ReportExportFormat; filters: Record<string, string | string[]>; sort?: string; order: 'asc' | 'desc' },
): Promise<ReportExport> {
  const { definition } = await validateReportRequest(ctx, actor, reportName, parseExportFilters(input.filters));
  const row = await ctx.db.transaction(async (tx) => {
    const created = await insertReportExport(tx, actor.tenantId, actor.userId, randomUUID(), {
      report: definition.name,
      format: input.format,
      filters: input.filters,
      sort: input.sort ?? null,
      sortOrder: input.order,
    });
    await ctx.jobs.send('reports.export', { tenantId: actor.tenantId, exportId: created.id }, { tx });
    return created;
  });
  return presentReportExport(row);
}
