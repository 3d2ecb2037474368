import { REPORT_PAGE_SIZES, type ReportExport, type ReportExportFormat, type ReportName, type ReportPage } from '@conversa/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** The filters of a report as its query string takes them (lists comma-separated). */
export type ReportQuery = Record<string, string>;

export interface ReportPageParams {
  filters: ReportQuery;
  page: number;
  pageSize: number;
  sort?: string;
  order: 'asc' | 'desc';
}

export const reportKeys = {
  all: ['reports'] as const,
  page: (report: ReportName, params: ReportPageParams) => ['reports', 'page', report, params] as const,
  export: (id: string) => ['reports', 'export', id] as const,
};

/** One page of a report (GET /reports/{report}); nothing is asked before the form is sent (`params` null). */
export function useReportPage(report: ReportName, params: ReportPageParams | null) {
  return useQuery({
    queryKey: reportKeys.page(report, params ?? { filters: {}, page: 1, pageSize: 25, order: 'asc' }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: ({ signal }) =>
      http.get<ReportPage>(`/reports/${report}`, {
        signal,
        query: { ...params!.filters, page: params!.page, pageSize: params!.pageSize, sort: params!.sort, order: params!.order },
      }),
  });
}

/** At most this many rows are printed (Imprimir / PDF): ten pages of the largest size; the print says so when there are more. */
export const PRINT_MAX_ROWS = 1_000;

/**
 * A report's rows from the first, in the screen's order and filters, up to `max` (printing): pages
 * of the largest size asked one after another. `total` is the report's, which may exceed the rows.
 */
export async function fetchReportRows(report: ReportName, params: ReportPageParams, max = PRINT_MAX_ROWS): Promise<ReportPage> {
  const pageSize = Math.max(...REPORT_PAGE_SIZES);
  const rows: ReportPage['rows'] = [];
  for (let page = 1; ; page += 1) {
    const answer = await http.get<ReportPage>(`/reports/${report}`, {
      query: { ...params.filters, page, pageSize, sort: params.sort, order: params.order },
    });
    rows.push(...answer.rows);
    if (answer.rows.length < pageSize || rows.length >= Math.min(max, answer.total))
      return { ...answer, rows: rows.slice(0, max), page: 1, pageSize };
  }
}

/** Starts an export job (POST /reports/{report}/exports). */
export function useStartReportExport(report: ReportName) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { format: ReportExportFormat; filters: ReportQuery; sort?: string; order: 'asc' | 'desc' }) =>
      http.post<ReportExport>(`/reports/${report}/exports`, input),
    onSuccess: (started) => qc.setQueryData(reportKeys.export(started.id), started),
  });
}

const EXPORT_POLL_MS = 2_000;

/** An export's progress: the `report:export` socket event updates it; polling is the fallback while it runs. */
export function useReportExport(id: string | null) {
  return useQuery({
    queryKey: reportKeys.export(id ?? ''),
    enabled: id !== null,
    queryFn: ({ signal }) => http.get<ReportExport>(`/reports/exports/${id}`, { signal, silent: true }),
    refetchInterval: (query) => (query.state.data && ['done', 'failed'].includes(query.state.data.status) ? false : EXPORT_POLL_MS),
  });
}

/** A `report:export` event: the export's view replaces the cached one. */
export function applyReportExportEvent(qc: QueryClient, event: ReportExport): void {
  qc.setQueryData(reportKeys.export(event.id), event);
}

/** Downloads a finished export with the session's token. */
export function downloadReportExport(id: string) {
  return http.download(`/reports/exports/${id}/download`);
}
