import {
  REPORT_EXPORT_FORMATS,
  REPORT_NAMES,
  REPORT_PAGE_SIZES,
  type ReportExportFormat,
  type ReportName,
  type ReportPage as ReportPageData,
} from '@conversa/shared';
import { Alert, Button, Group, Pagination, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconPrinter } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { QueryError } from '../../../components/QueryError';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { fetchReportRows, useReportPage, useStartReportExport, type ReportPageParams } from '../api';
import { ReportExportStatus } from '../components/ReportExportStatus';
import { ReportFilterFields } from '../components/ReportFilterFields';
import { ReportPrint } from '../components/ReportPrint';
import { ReportTable } from '../components/ReportTable';
import { EMPTY_FORM, formError, toReportQuery, type ReportForm, type ReportFormError } from '../report-form';

/** What a report counts, where it could be taken for another screen's figures. */
const ABOUT: Partial<Record<ReportName, string>> = { 'estatisticas-atendimentos-usuarios': 'reports.about.userStatistics' };

const EXPORT_LABELS = { csv: 'reports.exportCsv', xlsx: 'reports.exportXlsx' } as const satisfies Record<ReportExportFormat, string>;

/** The report of the route (/relatorios/<name>). */
function useReportName(): ReportName | null {
  const { pathname } = useLocation();
  const name = pathname.split('/').filter(Boolean)[1] ?? '';
  return (REPORT_NAMES as readonly string[]).includes(name) ? (name as ReportName) : null;
}

/**
 * One report of /relatorios (SPEC §2): its filter form (REPORT_FILTERS, required ones checked with
 * SPEC §5's texts before sending), "Gerar" → a paginated, sortable table; exports to CSV and XLSX
 * as background jobs with progress and a download link; Imprimir / PDF prints the report alone: its
 * rows from the first (up to PRINT_MAX_ROWS, fetched first), every column (ReportPrint), under its
 * title the filters by name and when the rows were read, and says which rows the sheets hold (the
 * browser's own print, without the button, gets the page on screen).
 * Nothing here is particular to one report: fields and columns come from the shared contract.
 */
export function ReportPage() {
  const report = useReportName();
  return report ? <ReportScreen key={report} report={report} /> : null;
}

function ReportScreen({ report }: { report: ReportName }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<ReportForm>(EMPTY_FORM);
  const [problem, setProblem] = useState<ReturnType<typeof formError>>(null);
  const [params, setParams] = useState<ReportPageParams | null>(null);
  const [exportId, setExportId] = useState<string | null>(null);
  const page = useReportPage(report, params);
  const startExport = useStartReportExport(report);
  const announce = useRef(false);
  // The rows fetched for the print button, for the results they were fetched for.
  const [printed, setPrinted] = useState<{ params: ReportPageParams; page: ReportPageData; at: number } | null>(null);
  const [preparingPrint, setPreparingPrint] = useState(false);

  // Printed once rendered; afterwards the print copy is the page on screen again.
  useEffect(() => {
    if (printed) window.print();
  }, [printed]);
  useEffect(() => {
    const done = () => setPrinted(null);
    window.addEventListener('afterprint', done);
    return () => window.removeEventListener('afterprint', done);
  }, []);

  useEffect(() => {
    if (!announce.current || page.isFetching) return;
    announce.current = false;
    if (page.isSuccess) notifySuccess(t('reports.generated'), 'report-generated');
  }, [page.isFetching, page.isSuccess, t]);

  const generate = () => {
    const error = formError(report, form);
    setProblem(error);
    // Refused: the former results go too (shown beside the error, they were taken for these filters).
    if (error) return setParams(null);
    announce.current = true;
    setParams((current) => ({
      filters: toReportQuery(report, form),
      page: 1,
      pageSize: current?.pageSize ?? REPORT_PAGE_SIZES[0],
      sort: current?.sort,
      order: current?.order ?? 'asc',
    }));
  };

  const exportAs = (format: ReportExportFormat) => {
    if (!params) return;
    startExport.mutate(
      { format, filters: params.filters, sort: params.sort, order: params.order },
      { onSuccess: (started) => setExportId(started.id), onError: (error) => notifyApiError(error) },
    );
  };

  const print = async () => {
    if (!params || !page.data) return;
    // Every row is on screen already: printed as is.
    if (page.data.page === 1 && page.data.rows.length >= page.data.total)
      return setPrinted({ params, page: page.data, at: page.dataUpdatedAt });
    setPreparingPrint(true);
    try {
      setPrinted({ params, page: await fetchReportRows(report, params), at: Date.now() });
    } catch (error) {
      notifyApiError(error);
    } finally {
      setPreparingPrint(false);
    }
  };

  const data = page.data;
  // The filters changed since the results were generated: exported or printed, they would not match the screen.
  const outdated = params !== null && JSON.stringify(toReportQuery(report, form)) !== JSON.stringify(params.filters);
  const exportable = Boolean(data) && params !== null && !outdated;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Stack data-testid={`report-${report}`}>
      <Paper withBorder p="md" className="report-form">
        <Stack>
          <ReportFilterFields report={report} form={form} onChange={setForm} invalid={problem?.field ?? null} />
          {ABOUT[report] && (
            <Text size="sm" c="dimmed" data-testid="report-about">
              {t(ABOUT[report])}
            </Text>
          )}
          {problem && (
            <Alert color="red" role="alert" data-testid="report-form-error">
              {t(`errors.${problem.code satisfies ReportFormError}`)}
            </Alert>
          )}
          <Group gap="xs">
            <Button onClick={generate} loading={page.isFetching} data-testid="report-generate">
              {t('reports.generate')}
            </Button>
            {REPORT_EXPORT_FORMATS.map((format) => (
              <Button
                key={format}
                variant="default"
                leftSection={<IconFileSpreadsheet size={16} />}
                disabled={!exportable}
                loading={startExport.isPending}
                onClick={() => exportAs(format)}
                data-testid={`report-export-${format}`}
              >
                {t(EXPORT_LABELS[format])}
              </Button>
            ))}
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} />}
              disabled={!exportable}
              loading={preparingPrint}
              onClick={() => void print()}
              data-testid="report-print"
            >
              {t('reports.print')}
            </Button>
          </Group>
          {data && outdated && (
            <Text size="sm" c="orange" data-testid="report-outdated">
              {t('reports.outdated')}
            </Text>
          )}
          {exportId && <ReportExportStatus id={exportId} />}
        </Stack>
      </Paper>
      {page.isError && <QueryError error={page.error} onRetry={() => void page.refetch()} />}
      {(!data || !params) && !page.isError && (
        <Text c="dimmed" data-testid="report-hint">
          {t('reports.hint')}
        </Text>
      )}
      {data && params && (
        <Stack gap="sm">
          <Title order={3}>{t(`reports.names.${report}`)}</Title>
          <ReportTable
            page={data}
            sort={params.sort}
            order={params.order}
            onSort={(sort, order) => setParams({ ...params, sort, order, page: 1 })}
          />
          <Group justify="space-between" className="report-pager">
            <Text size="sm" data-testid="report-total">
              {t('reports.total', { total: data.total })}
            </Text>
            <Group gap="xs">
              <Select
                aria-label={t('reports.pageSize')}
                w={90}
                data={REPORT_PAGE_SIZES.map(String)}
                value={String(params.pageSize)}
                onChange={(value) => value && setParams({ ...params, pageSize: Number(value), page: 1 })}
                data-testid="report-page-size"
              />
              <Pagination
                total={pages}
                value={params.page}
                onChange={(value) => setParams({ ...params, page: value })}
                size="sm"
                data-testid="report-pagination"
              />
            </Group>
          </Group>
          {printed?.params === params ? (
            <ReportPrint report={report} page={printed.page} first={1} filters={params.filters} generatedAt={printed.at} />
          ) : (
            <ReportPrint
              report={report}
              page={data}
              first={(data.page - 1) * data.pageSize + 1}
              // Kept rows of the former page or filters (placeholder): the filters and time on screen are not
              // theirs, so neither is printed.
              filters={page.isPlaceholderData ? null : params.filters}
              generatedAt={page.isPlaceholderData ? 0 : page.dataUpdatedAt}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
