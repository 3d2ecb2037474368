import type { ReportName, ReportPage } from '@conversa/shared';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import classes from '../pages/ReportPage.module.css';
import { useReportCell } from './ReportTable';

/**
 * What Imprimir / PDF prints (ReportPage.module.css): a child of <body>, hidden on screen, alone on
 * paper (landscape, small type, every column wrapping, header repeated on each sheet). `rows` start
 * at row `first` (1-based) of the report's `page.total`; the print says which rows it holds, and
 * that the exports have all of them when it does not.
 */
export function ReportPrint({ report, page, first }: { report: ReportName; page: ReportPage; first: number }) {
  const { t } = useTranslation();
  const show = useReportCell();
  const last = first + page.rows.length - 1;
  const partial = page.rows.length < page.total;
  return createPortal(
    <div className={`${classes.printRoot} report-print-root`} data-testid="report-print-copy">
      <h2 className={classes.printTitle}>{t(`reports.names.${report}`)}</h2>
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
