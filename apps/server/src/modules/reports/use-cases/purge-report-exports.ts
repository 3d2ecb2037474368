import type { AppContext } from '../../../app-context.js';
import { removeReportExportFile } from '../report-export-files.js';
import { deleteReportExports, listReportExportsBefore } from '../reports.repository.js';

/** Exports are kept this long; the daily purge deletes older ones and their files. */
export const REPORT_EXPORT_RETENTION_HOURS = 24;

/** Deletes the exports older than REPORT_EXPORT_RETENTION_HOURS with their files (and half-written files). Answers how many. */
export async function purgeReportExports(ctx: AppContext, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - REPORT_EXPORT_RETENTION_HOURS * 3_600_000);
  let purged = 0;
  for (;;) {
    const old = await listReportExportsBefore(ctx.db, before, 500);
    if (!old.length) return purged;
    for (const row of old) {
      if (row.fileKey) await removeReportExportFile(ctx, row.tenantId, row.fileKey);
      for (const format of ['csv', 'xlsx']) await removeReportExportFile(ctx, row.tenantId, `${row.id}.${format}.part`);
    }
    await deleteReportExports(
      ctx.db,
      old.map((row) => row.id),
    );
    purged += old.length;
  }
}
