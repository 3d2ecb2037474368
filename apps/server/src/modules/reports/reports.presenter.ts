import { REPORT_COLUMNS, type ReportExport, type ReportName, type ReportPage } from '@conversa/shared';
import type { ReportRow } from './report-definition.js';
import type { ReportExportRow } from './reports.repository.js';

export function presentReportPage(report: ReportName, rows: ReportRow[], total: number, page: number, pageSize: number): ReportPage {
  const columns = REPORT_COLUMNS[report];
  // Only the report's columns, in its order: a definition's extra fields never leave the server.
  const shown = rows.map((row) => Object.fromEntries(columns.map(({ key }) => [key, row[key] ?? null])));
  return { report, columns: columns.map(({ key, type }) => ({ key, type })), rows: shown, total, page, pageSize };
}

export function presentReportExport(row: ReportExportRow): ReportExport {
  return {
    id: row.id,
    report: row.report as ReportName,
    format: row.format,
    status: row.status,
    rowsDone: row.rowsDone,
    rowsTotal: row.rowsTotal,
    error: row.error,
    downloadUrl: row.status === 'done' ? `/reports/exports/${row.id}/download` : null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
