import { createReadStream, type ReadStream } from 'node:fs';
import type { ReportExport, ReportName } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { getTenantTimeZone } from '../../tenants/use-cases/get-tenant-time-zone.js';
import { reportExportPath } from '../report-export-files.js';
import { REPORT_CONTENT_TYPES, reportFileName } from '../report-files.js';
import { assertCanUseReports } from '../reports.policy.js';
import { presentReportExport } from '../reports.presenter.js';
import { findUserReportExport, type ReportExportRow } from '../reports.repository.js';

async function ownExport(ctx: AppContext, actor: Actor, id: string): Promise<ReportExportRow> {
  assertCanUseReports(actor);
  // Only its maker sees an export: another user's id is not found, like another tenant's.
  const row = await findUserReportExport(ctx.db, actor.tenantId, actor.userId, id);
  if (!row) throw new AppError('ERR_REPORT_EXPORT_NOT_FOUND');
  return row;
}

/** GET /reports/exports/{id}: the export's status and progress. */
export async function getReportExport(ctx: AppContext, actor: Actor, id: string): Promise<ReportExport> {
  return presentReportExport(await ownExport(ctx, actor, id));
}

/** GET /reports/exports/{id}/download: the finished file, as a stream (409 before it is done). */
export async function openReportExportDownload(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<{ stream: ReadStream; fileName: string; contentType: string }> {
  const row = await ownExport(ctx, actor, id);
  if (row.status !== 'done' || !row.fileKey) throw new AppError('ERR_REPORT_EXPORT_NOT_READY');
  const stream = createReadStream(reportExportPath(ctx, row.tenantId, row.fileKey));
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', () => reject(new AppError('ERR_REPORT_EXPORT_NOT_FOUND', 'The export file is gone.')));
  });
  const timeZone = await getTenantTimeZone(ctx.db, actor.tenantId);
  return {
    stream,
    fileName: reportFileName(row.report as ReportName, row.format, row.createdAt, timeZone),
    contentType: REPORT_CONTENT_TYPES[row.format],
  };
}
