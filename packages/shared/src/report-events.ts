/**
 * The socket event (to the export's maker only) that tells a report export's progress and its end,
 * with a `ReportExport` (reports.ts). Apart from reports.ts so that the web app's socket code takes
 * it without the schemas.
 */
export const REPORT_EXPORT_SOCKET_EVENT = 'report:export';
