import { reportFiltersSchema, type ReportExport, type ReportPage as ReportPageData } from '@conversa/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type ApiCall } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { applyReportExportEvent } from '../api';
import { ReportTable } from '../components/ReportTable';
import { ReportPage } from './ReportPage';
import { ReportsLayout } from './ReportsLayout';
import { Route, Routes } from 'react-router';
import { watchNotices } from '../../../test/notices';

afterEach(() => vi.unstubAllGlobals());

const STATS: ReportPageData = {
  report: 'estatisticas-atendimentos-usuarios',
  columns: [
    { key: 'name', type: 'text' },
    { key: 'email', type: 'text' },
    { key: 'pending', type: 'number' },
    { key: 'open', type: 'number' },
    { key: 'closed', type: 'number' },
    { key: 'total', type: 'number' },
    { key: 'avgFirstResponseSeconds', type: 'duration' },
    { key: 'avgHandlingSeconds', type: 'duration' },
  ],
  rows: [
    {
      name: 'Rita',
      email: 'rita@example.test',
      pending: 1,
      open: 2,
      closed: 3,
      total: 6,
      avgFirstResponseSeconds: 450,
      avgHandlingSeconds: 3725,
    },
    {
      name: 'Beto',
      email: 'beto@example.test',
      pending: 0,
      open: 1,
      closed: 0,
      total: 1,
      avgFirstResponseSeconds: null,
      avgHandlingSeconds: null,
    },
  ],
  total: 60,
  page: 1,
  pageSize: 25,
};

const EXPORT: ReportExport = {
  id: '7b0c1f1e-1111-4222-8333-444455556666',
  report: 'estatisticas-atendimentos-usuarios',
  format: 'xlsx',
  status: 'queued',
  rowsDone: 0,
  rowsTotal: null,
  error: null,
  downloadUrl: null,
  createdAt: '2026-11-30T12:00:00.000Z',
  finishedAt: null,
};

function api(overrides: Record<string, (call: ApiCall) => { status?: number; body: unknown }> = {}) {
  return fakeApi({
    'GET /reports/estatisticas-atendimentos-usuarios': () => ({ body: STATS }),
    'GET /queue': () => ({
      body: [
        { id: 3, name: 'Vendas', color: '#000', greetingMessage: null, userIds: [] },
        { id: 4, name: 'Suporte', color: '#000', greetingMessage: null, userIds: [] },
      ],
    }),
    'POST /reports/estatisticas-atendimentos-usuarios/exports': () => ({ status: 202, body: EXPORT }),
    'GET /reports/exports/:id/download': () => ({ body: 'file' }),
    'GET /reports/exports/:id': () => ({ body: EXPORT }),
    ...overrides,
  });
}

function renderReport(path: string) {
  return renderWithApp(
    <Routes>
      <Route path="/relatorios" element={<ReportsLayout />}>
        <Route path=":name" element={<ReportPage />} />
      </Route>
    </Routes>,
    { route: path },
  );
}

const reportCalls = (calls: ApiCall[], report = 'estatisticas-atendimentos-usuarios') =>
  calls.filter((call) => call.method === 'GET' && call.path === `/reports/${report}`).map((call) => Object.fromEntries(call.query));

async function fillStats(user: ReturnType<typeof renderReport>['user']) {
  await user.type(screen.getByTestId('report-filter-from'), '2026-11-01');
  await user.type(screen.getByTestId('report-filter-to'), '2026-11-30');
  await user.click(screen.getByTestId('report-filter-queueIds'));
  await user.click(await screen.findByRole('option', { name: 'Vendas', hidden: true }));
  await user.click(await screen.findByRole('option', { name: 'Suporte', hidden: true }));
}

/** The users' statistics report generated with fillStats' filters, its table on screen. */
async function generateStats() {
  const rendered = renderReport('/relatorios/estatisticas-atendimentos-usuarios');
  await screen.findByTestId('report-filter-from');
  await fillStats(rendered.user);
  await rendered.user.click(screen.getByTestId('report-generate'));
  return { ...rendered, table: await screen.findByTestId('report-table') };
}

describe('/relatorios', () => {
  it('renders the form of the report from REPORT_FILTERS and checks required fields with the SPEC texts before sending', async () => {
    const fake = api();
    const { user } = renderReport('/relatorios/estatisticas-atendimentos-usuarios');
    expect(await screen.findByTestId('report-filter-from')).toBeInTheDocument();
    expect(screen.getByTestId('report-filter-queueIds')).toBeInTheDocument();
    expect(screen.queryByTestId('report-filter-statuses')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('report-generate'));
    expect(screen.getByTestId('report-form-error')).toHaveTextContent('Preencha as datas para gerar o relatório.');
    await user.type(screen.getByTestId('report-filter-from'), '2026-11-01');
    await user.type(screen.getByTestId('report-filter-to'), '2026-11-30');
    await user.click(screen.getByTestId('report-generate'));
    expect(screen.getByTestId('report-form-error')).toHaveTextContent('Selecione as filas para gerar o relatório.');
    await user.clear(screen.getByTestId('report-filter-to'));
    await user.type(screen.getByTestId('report-filter-to'), '2026-10-01');
    await user.click(screen.getByTestId('report-filter-queueIds'));
    await user.click(await screen.findByRole('option', { name: 'Vendas', hidden: true }));
    await user.click(screen.getByTestId('report-generate'));
    expect(screen.getByTestId('report-form-error')).toHaveTextContent(
      'O período precisa terminar depois de começar e ter no máximo 366 dias.',
    );
    expect(reportCalls(fake.calls)).toEqual([]);
  });

  it('a selection report asks for its selection', async () => {
    api({ 'GET /tags': () => ({ body: [] }) });
    const { user } = renderReport('/relatorios/contatos-por-etiquetas');
    await user.click(await screen.findByTestId('report-generate'));
    expect(screen.getByTestId('report-form-error')).toHaveTextContent('Selecione pelo menos um item para gerar o relatório.');
    expect(screen.queryByTestId('report-filter-from')).not.toBeInTheDocument();
  });

  it('"Gerar" sends the filters, shows the table with translated titles and the success toast; sorting and pages ask again', async () => {
    const notices = watchNotices();
    const fake = api();
    const { user, table } = await generateStats();
    expect(reportCalls(fake.calls)).toEqual([
      { from: '2026-11-01', to: '2026-11-30', queueIds: '3,4', page: '1', pageSize: '25', order: 'asc' },
    ]);
    await notices.shown('Relatório gerado com sucesso!');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Nome',
      'E-mail',
      'Pendentes',
      'Em atendimento',
      'Resolvidos',
      'Total',
      'Tempo médio da primeira resposta',
      'Tempo médio de atendimento',
    ]);
    const [first, second] = screen.getAllByTestId('report-row');
    expect([...first.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'Rita',
      'rita@example.test',
      '1',
      '2',
      '3',
      '6',
      '0:07:30',
      '1:02:05',
    ]);
    expect([...second.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'Beto',
      'beto@example.test',
      '0',
      '1',
      '0',
      '1',
      '',
      '',
    ]);
    expect(screen.getByTestId('report-total')).toHaveTextContent('60');
    expect(screen.getByTestId('report-table-scroll')).toContainElement(table);
    const print = vi.fn();
    vi.stubGlobal('print', print);
    await user.click(screen.getByTestId('report-print'));
    // 60 rows, 2 on screen: the print fetches every row first, then prints.
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));

    await user.click(screen.getByTestId('report-sort-total'));
    await waitFor(() => expect(reportCalls(fake.calls).at(-1)).toMatchObject({ sort: 'total', order: 'asc', page: '1' }));
    await user.click(screen.getByTestId('report-sort-total'));
    await waitFor(() => expect(reportCalls(fake.calls).at(-1)).toMatchObject({ sort: 'total', order: 'desc' }));
    expect(screen.getByTestId('report-sort-total').closest('th')).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(screen.getByTestId('report-pagination')).getByRole('button', { name: '2' }));
    await waitFor(() => expect(reportCalls(fake.calls).at(-1)).toMatchObject({ sort: 'total', order: 'desc', page: '2' }));
  });

  it('an export starts a job with the same filters, shows its progress from the socket event, then a download link', async () => {
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const fake = api();
    const { user, queryClient } = renderReport('/relatorios/estatisticas-atendimentos-usuarios');
    await screen.findByTestId('report-filter-from');
    expect(screen.getByTestId('report-export-xlsx')).toBeDisabled();
    await fillStats(user);
    await user.click(screen.getByTestId('report-generate'));
    await screen.findByTestId('report-table');
    await user.click(screen.getByTestId('report-export-xlsx'));
    await screen.findByTestId('report-export-progress');
    const post = fake.calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ format: 'xlsx', filters: { from: '2026-11-01', to: '2026-11-30', queueIds: '3,4' }, order: 'asc' });
    // The first read of its state is answered before the socket speaks.
    await waitFor(() => expect(fake.calls.some((call) => call.path === `/reports/exports/${EXPORT.id}`)).toBe(true));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    act(() => applyReportExportEvent(queryClient, { ...EXPORT, status: 'running', rowsDone: 1000, rowsTotal: 4000 }));
    await waitFor(() => expect(screen.getByTestId('report-export-progress')).toHaveTextContent('Exportando: 1000 de 4000 linhas…'));
    expect(within(screen.getByTestId('report-export-progress')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    act(() =>
      applyReportExportEvent(queryClient, {
        ...EXPORT,
        status: 'done',
        rowsDone: 4000,
        rowsTotal: 4000,
        downloadUrl: `/reports/exports/${EXPORT.id}/download`,
      }),
    );
    expect(await screen.findByTestId('report-export-done')).toHaveTextContent('Exportação pronta: 4000 linhas.');
    await user.click(screen.getByTestId('report-export-download'));
    await waitFor(() => expect(fake.calls.some((call) => call.path === `/reports/exports/${EXPORT.id}/download`)).toBe(true));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
  });

  it('results of other filters are said to be out of date (no export nor print); refused filters take them away', async () => {
    api();
    const { user } = await generateStats();
    expect(screen.getByTestId('report-export-csv')).toBeEnabled();
    expect(screen.queryByTestId('report-outdated')).toBeNull();

    await user.clear(screen.getByTestId('report-filter-to'));
    await user.type(screen.getByTestId('report-filter-to'), '2026-11-15');
    expect(screen.getByTestId('report-outdated')).toHaveTextContent('Os filtros mudaram: clique em Gerar');
    expect(screen.getByTestId('report-export-csv')).toBeDisabled();
    expect(screen.getByTestId('report-print')).toBeDisabled();

    await user.clear(screen.getByTestId('report-filter-to'));
    await user.type(screen.getByTestId('report-filter-to'), '2026-10-01');
    await user.click(screen.getByTestId('report-generate'));
    expect(screen.getByTestId('report-form-error')).toBeInTheDocument();
    expect(screen.queryByTestId('report-table')).toBeNull();
    expect(screen.getByTestId('report-export-csv')).toBeDisabled();
  });

  it("the server's refusal is shown with its translated text", async () => {
    api({
      'GET /reports/estatisticas-atendimentos-usuarios': () => ({
        status: 400,
        body: { error: 'ERR_REPORT_INVALID_RANGE', message: 'The end date must not come before the start date (at most 366 days).' },
      }),
    });
    const { user } = renderReport('/relatorios/estatisticas-atendimentos-usuarios');
    await screen.findByTestId('report-filter-from');
    await fillStats(user);
    const notices = watchNotices();
    await user.click(screen.getByTestId('report-generate'));
    expect(await screen.findByTestId('load-error')).toHaveTextContent(
      'O período precisa terminar depois de começar e ter no máximo 366 dias.',
    );
    notices.neverShown('Relatório gerado com sucesso!');
  });

  it('the picker goes from one report to another', async () => {
    api({ 'GET /tags': () => ({ body: [] }) });
    const { user } = renderReport('/relatorios/estatisticas-atendimentos-usuarios');
    await screen.findByTestId('report-estatisticas-atendimentos-usuarios');
    await user.click(screen.getByTestId('report-picker'));
    await user.click(await screen.findByRole('option', { name: 'Contatos por etiquetas', hidden: true }));
    expect(await screen.findByTestId('report-contatos-por-etiquetas')).toBeInTheDocument();
    expect(screen.getByTestId('report-filter-tagIds')).toBeInTheDocument();
  });
});

describe('/relatorios: tickets without queue, the summary per user, channel types', () => {
  it('"Sem fila" is a choice of the queue selector, enough alone, sent as withoutQueue beside the queues', async () => {
    const fake = api();
    const { user } = renderReport('/relatorios/estatisticas-atendimentos-usuarios');
    await user.type(await screen.findByTestId('report-filter-from'), '2026-11-01');
    await user.type(screen.getByTestId('report-filter-to'), '2026-11-30');
    await user.click(screen.getByTestId('report-filter-queueIds'));
    await user.click(await screen.findByRole('option', { name: 'Sem fila', hidden: true }));
    await user.click(screen.getByTestId('report-generate'));
    await screen.findByTestId('report-table');
    expect(screen.queryByTestId('report-form-error')).toBeNull();
    expect(reportCalls(fake.calls)[0]).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      withoutQueue: 'true',
      page: '1',
      pageSize: '25',
      order: 'asc',
    });
    await user.click(screen.getByTestId('report-filter-queueIds'));
    await user.click(await screen.findByRole('option', { name: 'Vendas', hidden: true }));
    await user.click(screen.getByTestId('report-generate'));
    await waitFor(() => expect(reportCalls(fake.calls)).toHaveLength(2));
    const both = reportCalls(fake.calls)[1];
    expect(both).toMatchObject({ queueIds: '3', withoutQueue: 'true' });
    // What the screen sends is what the shared schema (the server's) reads.
    expect(reportFiltersSchema.parse(both)).toMatchObject({ queueIds: [3], withoutQueue: true });
    // The export sends the same filters.
    await user.click(screen.getByTestId('report-export-csv'));
    await waitFor(() => expect(fake.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(fake.calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      filters: { from: '2026-11-01', to: '2026-11-30', queueIds: '3', withoutQueue: 'true' },
    });
  });

  it('the summary per user says what it counts and how it compares with the dashboard; other reports say nothing', async () => {
    api({ 'GET /tags': () => ({ body: [] }) });
    const { unmount } = renderReport('/relatorios/estatisticas-atendimentos-usuarios');
    expect(await screen.findByTestId('report-about')).toHaveTextContent(
      'Com todas as filas e “Sem fila”, os números são os do Painel de atendimento por atendente',
    );
    unmount();
    renderReport('/relatorios/contatos-por-etiquetas');
    await screen.findByTestId('report-contatos-por-etiquetas');
    expect(screen.queryByTestId('report-about')).toBeNull();
  });

  it("channel types are shown by their names (the channel screens' texts)", () => {
    const page: ReportPageData = {
      report: 'atendimentos-por-parametros',
      columns: [
        { key: 'id', type: 'number' },
        { key: 'status', type: 'text' },
        { key: 'channel', type: 'text' },
      ],
      rows: [
        { id: 1, status: 'open', channel: 'waba' },
        { id: 2, status: 'closed', channel: 'baileys' },
        { id: 3, status: 'pending', channel: 'webchat' },
      ],
      total: 3,
      page: 1,
      pageSize: 25,
    };
    renderWithApp(<ReportTable page={page} sort={undefined} order="asc" onSort={() => undefined} />);
    expect(screen.getAllByTestId('report-row').map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['1', 'Em atendimento', 'WhatsApp oficial (WABA)'],
      ['2', 'Resolvido', 'WhatsApp (Baileys)'],
      ['3', 'Pendente', 'Chat do site (webchat)'],
    ]);
  });
});

describe('/relatorios: printing', () => {
  /** A report of `total` users, answered page by page as the server does. */
  const pages = (total: number) => (call: ApiCall) => {
    const page = Number(call.query.get('page') ?? 1);
    const size = Number(call.query.get('pageSize') ?? 25);
    const count = Math.max(0, Math.min(size, total - (page - 1) * size));
    const rows = Array.from({ length: count }, (_, i) => {
      const n = (page - 1) * size + i + 1;
      return { ...STATS.rows[0], name: `Usuária ${n}`, email: `u${n}@example.test` };
    });
    return { body: { ...STATS, rows, total, page, pageSize: size } };
  };

  async function generate(total: number) {
    const fake = api({ 'GET /reports/estatisticas-atendimentos-usuarios': pages(total) });
    const rendered = renderReport('/relatorios/estatisticas-atendimentos-usuarios');
    await screen.findByTestId('report-filter-from');
    await fillStats(rendered.user);
    await rendered.user.click(screen.getByTestId('report-generate'));
    await screen.findByTestId('report-table');
    return { fake, ...rendered };
  }

  const printRows = () => within(screen.getByTestId('report-print-copy')).queryAllByTestId('report-print-row');

  it('prints every row (fetched first, then printed) in a copy of its own, with every column and the rows it holds', async () => {
    const { fake, user } = await generate(60);
    expect(screen.getAllByTestId('report-row')).toHaveLength(25);
    // The print copy is a child of <body> (the print style sheet shows it alone), hidden on screen.
    const copy = screen.getByTestId('report-print-copy');
    expect(copy.parentElement).toBe(document.body);
    expect(copy).toHaveClass('report-print-root');
    expect(copy.querySelector('table')?.className).toMatch(/printTable/);
    // Printed from the browser's own menu, it is the page on screen, and says so.
    expect(printRows()).toHaveLength(25);
    expect(screen.getByTestId('report-print-range')).toHaveTextContent(
      'Linhas 1–25 de 60. Nem todas as linhas estão impressas: para tê-las todas, exporte em CSV ou XLSX.',
    );

    let rowsWhenPrinted = -1;
    const print = vi.fn(() => {
      rowsWhenPrinted = printRows().length;
    });
    vi.stubGlobal('print', print);
    const before = reportCalls(fake.calls).length;
    await user.click(screen.getByTestId('report-print'));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(rowsWhenPrinted).toBe(60);
    expect(reportCalls(fake.calls).slice(before)).toEqual([
      { from: '2026-11-01', to: '2026-11-30', queueIds: '3,4', page: '1', pageSize: '100', order: 'asc' },
    ]);
    expect(screen.getByTestId('report-print-range')).toHaveTextContent(/^Linhas 1–60 de 60\.$/);
    const header = [...screen.getByTestId('report-print-copy').querySelectorAll('th')].map((th) => th.textContent);
    expect(header).toEqual([
      'Nome',
      'E-mail',
      'Pendentes',
      'Em atendimento',
      'Resolvidos',
      'Total',
      'Tempo médio da primeira resposta',
      'Tempo médio de atendimento',
    ]);
    expect([...printRows()[59].querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'Usuária 60',
      'u60@example.test',
      '1',
      '2',
      '3',
      '6',
      '0:07:30',
      '1:02:05',
    ]);
    // After printing, the copy is the page on screen again.
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(printRows()).toHaveLength(25);
  });

  it('a report too long for paper prints its first 1,000 rows and says the exports have them all', async () => {
    const { fake, user } = await generate(1500);
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const before = reportCalls(fake.calls).length;
    await user.click(screen.getByTestId('report-print'));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(
      reportCalls(fake.calls)
        .slice(before)
        .map((query) => [query.page, query.pageSize]),
    ).toEqual(Array.from({ length: 10 }, (_, i) => [String(i + 1), '100']));
    expect(printRows()).toHaveLength(1000);
    expect(screen.getByTestId('report-print-range')).toHaveTextContent(
      'Linhas 1–1000 de 1500. Nem todas as linhas estão impressas: para tê-las todas, exporte em CSV ou XLSX.',
    );
  });

  it('says under the title the filters it was generated with, by name, and when its rows were read', async () => {
    const TICKETS: ReportPageData = {
      report: 'atendimentos-por-parametros',
      columns: [
        { key: 'id', type: 'number' },
        { key: 'status', type: 'text' },
      ],
      rows: [{ id: 1, status: 'closed' }],
      total: 30,
      page: 1,
      pageSize: 25,
    };
    const fake = api({
      'GET /reports/atendimentos-por-parametros': (call) => {
        const page = Number(call.query.get('page') ?? 1);
        return {
          body: {
            ...TICKETS,
            rows:
              page === 1
                ? Array.from({ length: 30 }, (_, i) => ({ id: i + 1, status: 'closed' })).slice(0, Number(call.query.get('pageSize')))
                : [],
            page,
          },
        };
      },
      'GET /users/': () => ({
        body: {
          users: [
            { id: 8, name: 'Rita' },
            { id: 9, name: 'Beto' },
          ],
          hasMore: false,
        },
      }),
      'GET /whatsapp': () => ({ body: [{ id: 2, name: 'WhatsApp Vendas' }] }),
      'GET /tags': () => ({ body: [] }),
      'GET /lanes': () => ({ body: [] }),
      'GET /demands': () => ({ body: [] }),
    });
    // Only the clock is fake: 01/12/2026 09:30 local time, then 10:45 when printing.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 11, 1, 9, 30) });
    try {
      const { user } = renderReport('/relatorios/atendimentos-por-parametros');
      await user.type(await screen.findByTestId('report-filter-from'), '2026-11-01');
      await user.type(screen.getByTestId('report-filter-to'), '2026-11-30');
      const choose = async (field: string, name: string) => {
        await user.click(screen.getByTestId(`report-filter-${field}`));
        await user.click(await screen.findByRole('option', { name, hidden: true }));
      };
      await choose('statuses', 'Resolvido');
      await choose('queueIds', 'Suporte');
      await choose('queueIds', 'Sem fila');
      await choose('userIds', 'Rita');
      await choose('channelIds', 'WhatsApp Vendas');
      await user.click(screen.getByTestId('report-generate'));
      await screen.findByTestId('report-table');
      expect(reportCalls(fake.calls, 'atendimentos-por-parametros')[0]).toMatchObject({
        statuses: 'closed',
        queueIds: '4',
        withoutQueue: 'true',
        userIds: '8',
        channelIds: '2',
      });

      const copy = screen.getByTestId('report-print-copy');
      const filters = within(copy).getByTestId('report-print-filters');
      // Right under the title.
      expect(copy.querySelector('h2')?.nextElementSibling).toBe(filters);
      expect(filters).toHaveTextContent(
        /^Período: 01\/11\/2026 a 30\/11\/2026 · Status: Resolvido · Filas: Sem fila, Suporte · Canais: WhatsApp Vendas · Usuários: Rita$/,
      );
      expect(within(copy).getByTestId('report-print-generated')).toHaveTextContent(/^Gerado em 01\/12\/2026 09:30$/);

      // Printed, the rows are read again (all of them): their time is the print's.
      vi.setSystemTime(new Date(2026, 11, 1, 10, 45));
      const print = vi.fn();
      vi.stubGlobal('print', print);
      await user.click(screen.getByTestId('report-print'));
      await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
      expect(screen.getByTestId('report-print-generated')).toHaveTextContent(/^Gerado em 01\/12\/2026 10:45$/);
      expect(screen.getByTestId('report-print-filters')).toHaveTextContent(/Filas: Sem fila, Suporte/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('while new filters are being generated, the print copy of the former rows names neither filters nor time', async () => {
    api();
    const { user } = await generateStats();
    expect(screen.getByTestId('report-print-filters')).toHaveTextContent(/Filas: Vendas, Suporte/);
    expect(screen.getByTestId('report-print-generated')).toBeInTheDocument();

    // Another period, whose answer has not come yet: the former rows stay on screen meanwhile.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    await user.clear(screen.getByTestId('report-filter-to'));
    await user.type(screen.getByTestId('report-filter-to'), '2026-11-15');
    await user.click(screen.getByTestId('report-generate'));
    await waitFor(() => expect(screen.queryByTestId('report-print-filters')).not.toBeInTheDocument());
    expect(screen.getByTestId('report-table')).toBeInTheDocument();
    expect(screen.getByTestId('report-print-copy')).toBeInTheDocument();
    expect(screen.queryByTestId('report-print-generated')).not.toBeInTheDocument();
  });

  it('a report generated without filters says so', async () => {
    api({
      'GET /reports/lista-contatos': () => ({
        body: {
          report: 'lista-contatos',
          columns: [{ key: 'name', type: 'text' }],
          rows: [{ name: 'Ana' }],
          total: 1,
          page: 1,
          pageSize: 25,
        },
      }),
    });
    const { user } = renderReport('/relatorios/lista-contatos');
    await user.click(await screen.findByTestId('report-generate'));
    await screen.findByTestId('report-table');
    expect(screen.getByTestId('report-print-filters')).toHaveTextContent(/^Sem filtros$/);
  });
});
