import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { getTenantTimeZone } from '../../tenants/use-cases/get-tenant-time-zone.js';
import { ensureReportExportDir, moveReportExportFile, removeReportExportFile, reportExportPath } from '../report-export-files.js';
import { openReportFile, REPORT_EXPORT_MAX_ROWS } from '../report-files.js';
import { presentReportExport } from '../reports.presenter.js';
import { findReportExport, findUserProfile, updateReportExport, type ReportExportRow } from '../reports.repository.js';
import { parseExportFilters, validateReportFilters } from './validate-report-request.js';

/** Rows read per batch, and how often progress is saved and told (every this many rows). */
export const EXPORT_BATCH_ROWS = 1_000;

function tell(ctx: AppContext, row: ReportExportRow | undefined): void {
  if (row)
    ctx.events.publish([{ type: 'reportExport.changed', tenantId: row.tenantId, userId: row.userId, export: presentReportExport(row) }]);
}

/**
 * The export job's work: reads the report's rows in batches (its definition's `batches`, constant
 * memory) into DATA_DIR/reports/<tenant>/<id>.<format>.part, saving and telling the progress every
 * EXPORT_BATCH_ROWS rows, then renames the file and marks the export done. It runs with its maker's
 * current rights (a supervisor still sees only their queues). Run again after a crash, it starts over.
 */
export async function runReportExport(ctx: AppContext, data: { tenantId: number; exportId: string }): Promise<void> {
  const row = await findReportExport(ctx.db, data.tenantId, data.exportId);
  if (!row || row.status === 'done' || row.status === 'failed') return;
  const profile = await findUserProfile(ctx.db, row.tenantId, row.userId);
  if (!profile) throw new AppError('ERR_NO_USER_FOUND');
  const actor = { tenantId: row.tenantId, userId: row.userId, profile, sessionId: '' };
  const { definition, filters } = validateReportFilters(row.report, parseExportFilters(row.filters));
  const timeZone = await getTenantTimeZone(ctx.db, row.tenantId);
  const request = { tenantId: row.tenantId, actor, filters, timeZone };

  const rowsTotal = await definition.count(ctx, request);
  if (rowsTotal > REPORT_EXPORT_MAX_ROWS) {
    const message = `The report has ${rowsTotal} rows; an export holds at most ${REPORT_EXPORT_MAX_ROWS}: narrow the filters.`;
    tell(
      ctx,
      await updateReportExport(ctx.db, row.tenantId, row.id, { status: 'failed', rowsTotal, error: message, finishedAt: new Date() }),
    );
    return;
  }
  tell(ctx, await updateReportExport(ctx.db, row.tenantId, row.id, { status: 'running', rowsDone: 0, rowsTotal }));

  await ensureReportExportDir(ctx, row.tenantId);
  const partKey = `${row.id}.${row.format}.part`;
  const fileKey = `${row.id}.${row.format}`;
  const file = openReportFile(reportExportPath(ctx, row.tenantId, partKey), row.format, definition.name, timeZone);
  let rowsDone = 0;
  try {
    for await (const batch of definition.batches(ctx, request, {
      exportId: row.id,
      batchSize: EXPORT_BATCH_ROWS,
      sort: row.sort ?? undefined,
      order: row.sortOrder,
    })) {
      const room = REPORT_EXPORT_MAX_ROWS - rowsDone;
      await file.write(batch.length > room ? batch.slice(0, room) : batch);
      const before = rowsDone;
      rowsDone += Math.min(batch.length, room);
      if (Math.floor(rowsDone / EXPORT_BATCH_ROWS) > Math.floor(before / EXPORT_BATCH_ROWS))
        tell(ctx, await updateReportExport(ctx.db, row.tenantId, row.id, { rowsDone }));
      if (rowsDone >= REPORT_EXPORT_MAX_ROWS) break;
    }
    await file.finish();
  } catch (error) {
    await file.abort();
    await removeReportExportFile(ctx, row.tenantId, partKey);
    throw error;
  }
  await moveReportExportFile(ctx, row.tenantId, partKey, fileKey);
  tell(
    ctx,
    await updateReportExport(ctx.db, row.tenantId, row.id, {
      status: 'done',
      rowsDone,
      rowsTotal: Math.max(rowsTotal, rowsDone),
      fileKey,
      finishedAt: new Date(),
    }),
  );
}

/** After the last try: the export failed (its maker is told). */
export async function failReportExport(ctx: AppContext, data: { tenantId: number; exportId: string }, error: unknown): Promise<void> {
  const message = error instanceof AppError ? error.message : 'The export could not be written.';
  tell(ctx, await updateReportExport(ctx.db, data.tenantId, data.exportId, { status: 'failed', error: message, finishedAt: new Date() }));
}
