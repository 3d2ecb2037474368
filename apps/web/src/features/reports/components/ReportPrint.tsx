import { REPORT_FILTERS, type ReportName, type ReportPage } from '@conversa/shared';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../lib/format';
import type { ReportQuery } from '../api';
import classes from '../pages/ReportPage.module.css';
import { WITHOUT_QUEUE } from '../report-form';
import { useReportFilterOptions } from './ReportFilterFields';
import { useReportCell } from './ReportTable';

/**
 * The filters a report was generated with, as the form names them: the period (dd/MM/yyyy), then
 * each list filter with a choice, by name ("Sem fila" among the queues; an id no list has any more
 * as #id), in the form's order.
 */
function useFilterSummary(report: ReportName, filters: ReportQuery): string[] {
  const { t } = useTranslation();
  const options = useReportFilterOptions(report);
  const parts: string[] = [];
  for (const field of REPORT_FILTERS[report]) {
    if (field === 'dateRange') {
      const [from, to] = [formatDate(filters.from), formatDate(filters.to)];
      if (from && to) parts.push(t('reports.printPeriod', { from, to }));
      else if (from || to)
        parts.push(t('reports.printFilter', { label: t(from ? 'reports.filters.from' : 'reports.filters.to'), values: from || to }));
      continue;
    }
    const chosen = filters[field]?.split(',') ?? [];
    if (field === 'queueIds' && filters.withoutQueue === 'true') chosen.unshift(WITHOUT_QUEUE);
    if (!chosen.length) continue;
    const names = chosen.map((value) => options[field].find((option) => option.value === value)?.label ?? `#${value}`);
    parts.push(t('reports.printFilter', { label: t(`reports.filters.${field}`), values: names.join(', ') }));
  }
  return parts;
}

/**
 * What Imprimir / PDF prints (ReportPage.module.css): a child of <body>, hidden on screen, alone on
 * paper (landscape, small type, every column wrapping, header repeated on each sheet). Under the
 * title, the `filters` the rows were read with (null when unknown) and when they were read
 * (`generatedAt`, ms; 0 when unknown). `rows` start at row `first` (1-based) of the report's `page.total`; the print says which
 * rows it holds, and that the exports have all of them when it does not.
 */
export function ReportPrint({
  report,
  page,
  first,
  filters,
  generatedAt,
}: {
  report: ReportName;
  page: ReportPage;
  first: number;
  filters: ReportQuery | null;
  generatedAt: number;
}) {
  const { t } = useTranslation();
  const show = useReportCell();
  const summary = useFilterSummary(report, filters ?? {});
  const last = first + page.rows.length - 1;
  const partial = page.rows.length < page.total;
  return createPortal(
    <div className={`${classes.printRoot} report-print-root`} data-testid="report-print-copy">
      <h2 className={classes.printTitle}>{t(`reports.names.${report}`)}</h2>
      {filters && <p data-testid="report-print-filters">{summary.length ? summary.join(' · ') : t('reports.printNoFilters')}</p>}
      {generatedAt > 0 && (
        <p data-testid="report-print-generated">
          {t('reports.printGeneratedAt', { date: formatDateTime(new Date(generatedAt).toISOString()) })}
        </p>
      )}
      {page.rows.length > 0 && (
        <p data-testid="report-print-range">
          {t('reports.printRange', { from: first, to: last, total: page.total })}
          {partial && ` ${t('reports.printPartial')}`}
        </p>
      )}
      <table className={classes.printTable}>
        <thead>
          <tr>
            {page.columns.map((column) => (
              <th key={column.key}>{t(`reports.columns.${column.key}`)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {page.rows.map((row, index) => (
            <tr key={index} data-testid="report-print-row">
              {page.columns.map((column) => (
                <td key={column.key}>{show(column, row[column.key])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {page.rows.length === 0 && <p>{t('common.noRecords')}</p>}
    </div>,
    document.body,
  );
}
