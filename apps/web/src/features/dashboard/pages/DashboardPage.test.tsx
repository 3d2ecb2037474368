import type { Dashboard } from '@conversa/shared';
import { SOCKET_EVENTS } from '@conversa/shared/enums';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SocketProvider } from '../../../app/SocketProvider';
import { fakeSocket as socket } from '../../../test/fake-socket';
import { fakeApi, type ApiCall } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { buildTicket } from '../../tickets/test-support';
import { HomePage } from '../../home/pages/HomePage';

/** The socket (test/fake-socket.ts), whose server side the live test plays. */
vi.mock('socket.io-client', async () => (await import('../../../test/fake-socket')).fakeSocketModule);

// jsdom lays nothing out: the charts' responsive containers measure 0 × 0 and draw nothing (quick;
// recharts' warning about it is kept off the console), except in the test that checks the drawing,
// where they measure 480 × 240.
let drawCharts = false;
const clientSize = (size: number) =>
  function (this: HTMLElement) {
    return drawCharts && this.classList.contains('recharts-responsive-container') ? size : 0;
  };
const warn = console.warn.bind(console);
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    // …and the date picker's focus trap, run before its dropdown's transition has put the days in.
    const quiet = ['The width(0) and height(0) of chart', '[@mantine/hooks/use-focus-trap] Failed to find focusable'];
    if (typeof args[0] === 'string' && quiet.some((start) => (args[0] as string).startsWith(start))) return;
    warn(...args);
  });
});
beforeAll(async () => {
  // The charts and the date picker are lazy chunks: here they are compiled once, up front (on a busy
  // machine that takes longer than a findBy waits).
  await Promise.all([import('../components/DashboardCharts'), import('../components/CustomRangeInput')]);
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: clientSize(480) });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: clientSize(240) });
}, 60_000);
afterAll(() => {
  delete (HTMLElement.prototype as Partial<Record<'clientWidth' | 'clientHeight', number>>).clientWidth;
  delete (HTMLElement.prototype as Partial<Record<'clientWidth' | 'clientHeight', number>>).clientHeight;
});

afterEach(() => {
  vi.unstubAllGlobals();
  drawCharts = false;
});

const DASHBOARD: Dashboard = {
  range: { from: '2026-03-15T03:00:00.000Z', to: '2026-03-16T03:00:00.000Z', granularity: 'day', timeZone: 'UTC' },
  totals: {
    tickets: 1234,
    open: 10,
    pending: 4,
    closed: 1220,
    receptive: 900,
    active: 334,
    newContacts: 57,
    avgFirstResponseSeconds: 252,
    avgHandlingSeconds: 3_900,
    avgRating: 4.5,
    ratings: 12,
  },
  byChannel: [
    { channelId: 1, name: 'WhatsApp Vendas', type: 'waba', tickets: 1000 },
    { channelId: 2, name: 'Chat do site', type: 'webchat', tickets: 234 },
  ],
  byQueue: [
    { queueId: 3, name: 'Vendas', tickets: 1200 },
    { queueId: null, name: null, tickets: 34 },
  ],
  byStatus: [
    { status: 'open', tickets: 10 },
    { status: 'pending', tickets: 4 },
    { status: 'closed', tickets: 1220 },
    { status: 'outreach', tickets: 55 },
  ],
  byUser: [
    { userId: 2, name: 'Rita', tickets: 800, open: 6, closed: 794, avgFirstResponseSeconds: 45, avgHandlingSeconds: 600 },
    { userId: null, name: null, tickets: 434, open: 4, closed: 426, avgFirstResponseSeconds: null, avgHandlingSeconds: null },
  ],
  evolution: [
    { at: '2026-03-14T00:00:00.000Z', tickets: 600, receptive: 400, active: 200 },
    { at: '2026-03-15T00:00:00.000Z', tickets: 634, receptive: 500, active: 134 },
  ],
};

const EMPTY: Dashboard = {
  ...DASHBOARD,
  totals: {
    tickets: 0,
    open: 0,
    pending: 0,
    closed: 0,
    receptive: 0,
    active: 0,
    newContacts: 0,
    avgFirstResponseSeconds: null,
    avgHandlingSeconds: null,
    avgRating: null,
    ratings: 0,
  },
  byChannel: [],
  byQueue: [],
  byStatus: [],
  byUser: [],
  evolution: [],
};

function api(answer: (call: ApiCall) => { status?: number; body: unknown } = () => ({ body: DASHBOARD })) {
  return fakeApi({
    'GET /dashboard': answer,
    'GET /queue': () => ({
      body: [
        { id: 3, name: 'Vendas', color: '#000000', greetingMessage: null, userIds: [] },
        { id: 5, name: 'Suporte', color: '#000000', greetingMessage: null, userIds: [] },
      ],
    }),
    'GET /whatsapp': () => ({
      body: [
        { id: 1, name: 'WhatsApp Vendas' },
        { id: 2, name: 'Chat do site' },
      ],
    }),
    'GET /users/': () => ({
      body: {
        users: [
          { id: 2, name: 'Rita' },
          { id: 4, name: 'Beto' },
        ],
        count: 2,
        hasMore: false,
      },
    }),
  });
}

/** The dashboard's answers wait while `gate()` gives a promise (to see what shows meanwhile). */
function holdDashboard(fake: ReturnType<typeof fakeApi>, gate: () => Promise<void> | null): void {
  const answer = fake.fetch.getMockImplementation();
  if (!answer) throw new Error('fakeApi answers through an implementation');
  fake.fetch.mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : input.toString();
    const wait = url.includes('/dashboard') ? gate() : null;
    if (wait) await wait;
    return answer(input, init);
  });
}

const dashboardCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/dashboard');
const lastDashboardQuery = (calls: ApiCall[]) => dashboardCalls(calls).at(-1)?.query;
const cardValue = (key: string) => screen.getByTestId(`dashboard-card-${key}-value`).textContent;
const midnight = (days: number) => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + days).toISOString();
};

describe('/home: the dashboard', () => {
  it("shows the answer's figures in the cards, with durations, shares and the rating count", async () => {
    signInAs('admin');
    const fake = api();
    renderWithApp(<HomePage />);
    await screen.findByTestId('dashboard-card-tickets');
    expect(cardValue('tickets')).toBe((1234).toLocaleString('pt'));
    expect(cardValue('open')).toBe('10');
    expect(cardValue('pending')).toBe('4');
    expect(cardValue('closed')).toBe((1220).toLocaleString('pt'));
    expect(cardValue('receptive')).toBe('900');
    expect(screen.getByTestId('dashboard-card-receptive-hint')).toHaveTextContent('73% dos atendimentos');
    expect(cardValue('active')).toBe('334');
    expect(cardValue('newContacts')).toBe('57');
    expect(cardValue('avgFirstResponse')).toBe('4 min 12 s');
    expect(cardValue('avgHandling')).toBe('1 h 05 min');
    expect(cardValue('avgRating')).toBe('4,5');
    expect(screen.getByTestId('dashboard-card-avgRating-hint')).toHaveTextContent('12 avaliações');

    // The first request: today, hourly, in the user's zone.
    const query = lastDashboardQuery(fake.calls);
    expect(query?.get('from')).toBe(midnight(0));
    expect(query?.get('to')).toBe(midnight(1));
    expect(query?.get('granularity')).toBe('hour');
    expect(query?.get('timeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(query?.has('queueIds')).toBe(false);
    expect(query?.has('userIds')).toBe(false);
  });

  it('draws the charts, with the figures of each in a table (the evolution, by channel, queue, status and user)', async () => {
    drawCharts = true;
    signInAs('admin');
    api();
    const { user } = renderWithApp(<HomePage />);
    const evolution = await screen.findByTestId('dashboard-evolution-table');
    const days = within(evolution).getAllByRole('row').slice(1);
    expect(days).toHaveLength(2);
    expect(
      within(days[0])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['600', '400', '200']);
    expect(within(days[1]).getByRole('rowheader')).toHaveTextContent('15/03');

    expect(within(screen.getByTestId('dashboard-channel-table-row-2')).getByText('Chat do site')).toBeInTheDocument();
    expect(within(screen.getByTestId('dashboard-channel-table-row-2')).getByText('234')).toBeInTheDocument();
    expect(within(screen.getByTestId('dashboard-queue-table-row-none')).getByText('Sem fila')).toBeInTheDocument();
    expect(within(screen.getByTestId('dashboard-status-table-row-open')).getByText('Atendendo')).toBeInTheDocument();
    // Campaign tickets nobody handled are not "Resolvido"; channel types by their names, not their codes.
    expect(
      within(screen.getByTestId('dashboard-status-table-row-outreach')).getByText('Só envio (campanha, sem atendimento)'),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('dashboard-channel-table-row-1')).getByText('WhatsApp oficial (WABA)')).toBeInTheDocument();
    const rita = screen.getByTestId('dashboard-user-table-row-2');
    expect(
      within(rita)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['800', '6', '794', '45 s', '10 min 00 s']);
    const nobody = screen.getByTestId('dashboard-user-table-row-none');
    expect(within(nobody).getByRole('rowheader')).toHaveTextContent('Sem atendente');
    expect(
      within(nobody)
        .getAllByRole('cell')
        .slice(3)
        .map((cell) => cell.textContent),
    ).toEqual(['—', '—']);

    // The table is read by screen readers under the chart; the button shows it in the chart's place.
    const panel = screen.getByTestId('dashboard-chart-channel');
    const graphic = within(panel).getByTestId('dashboard-chart-channel-graphic');
    expect(graphic).toHaveAttribute('aria-hidden', 'true');
    // The chart is drawn: one bar per channel.
    await waitFor(() => expect(graphic.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(2));
    await user.click(within(panel).getByRole('button', { name: 'Ver como tabela' }));
    expect(within(panel).queryByTestId('dashboard-chart-channel-graphic')).not.toBeInTheDocument();
    expect(within(panel).getByTestId('dashboard-channel-table')).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Ver como gráfico' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows "—" for the figures a range does not have, and says the charts have no data', async () => {
    signInAs('admin');
    api(() => ({ body: EMPTY }));
    renderWithApp(<HomePage />);
    await screen.findByTestId('dashboard-card-tickets');
    expect(cardValue('tickets')).toBe('0');
    expect(cardValue('avgFirstResponse')).toBe('—');
    expect(cardValue('avgHandling')).toBe('—');
    expect(cardValue('avgRating')).toBe('—');
    expect(screen.getByTestId('dashboard-card-avgRating-hint')).toHaveTextContent('0 avaliações');
    expect(screen.getByTestId('dashboard-card-receptive-hint')).toHaveTextContent('— dos atendimentos');
    expect(within(screen.getByTestId('dashboard-evolution-table')).getByText('Nenhum dado no período.')).toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-chart-evolution-graphic')).not.toBeInTheDocument();
  });

  it('the range buttons ask 7 or 30 days, daily', async () => {
    signInAs('admin');
    const fake = api();
    const { user } = renderWithApp(<HomePage />);
    await screen.findByTestId('dashboard-card-tickets');

    await user.click(screen.getByRole('radio', { name: '7 dias' }));
    await waitFor(() => expect(lastDashboardQuery(fake.calls)?.get('from')).toBe(midnight(-6)));
    expect(lastDashboardQuery(fake.calls)?.get('to')).toBe(midnight(1));
    expect(lastDashboardQuery(fake.calls)?.get('granularity')).toBe('day');

    await user.click(screen.getByRole('radio', { name: '30 dias' }));
    await waitFor(() => expect(lastDashboardQuery(fake.calls)?.get('from')).toBe(midnight(-29)));
    expect(lastDashboardQuery(fake.calls)?.get('granularity')).toBe('day');
  });

  it('a custom range asks whole days, once both are picked', async () => {
    signInAs('admin');
    const fake = api();
    const { user } = renderWithApp(<HomePage />);
    await screen.findByTestId('dashboard-card-tickets');
    const before = dashboardCalls(fake.calls).length;
    await user.click(screen.getByRole('radio', { name: 'Personalizado' }));
    expect(await screen.findByTestId('dashboard-pick-range')).toBeInTheDocument();
    await user.click(await screen.findByTestId('dashboard-custom-range'));
    const now = new Date();
    // Two days of this month up to today (the picker stops at today): yesterday and today, or the 1st alone.
    const first = now.getDate() > 1 ? now.getDate() - 1 : 1;
    const pick = async (day: number) => {
      // The calendar's days are labelled "3 dezembro 2026"; the other months' days at the edges are "outside".
      const days = await screen.findAllByLabelText(new RegExp(`^${day} \\S+ ${now.getFullYear()}$`), {
        selector: 'button:not([data-outside])',
      });
      await user.click(days[0]);
    };
    await pick(first);
    await pick(now.getDate());
    await waitFor(() => expect(dashboardCalls(fake.calls).length).toBe(before + 1));
    const query = lastDashboardQuery(fake.calls);
    expect(query?.get('from')).toBe(new Date(now.getFullYear(), now.getMonth(), first).toISOString());
    expect(query?.get('to')).toBe(midnight(1));
    expect(query?.get('granularity')).toBe('hour');
  });

  it('sends the chosen queues, channels and users as ids', async () => {
    signInAs('admin');
    const fake = api();
    const { user } = renderWithApp(<HomePage />);
    await screen.findByTestId('dashboard-card-tickets');

    await user.click(screen.getByTestId('dashboard-filter-queues'));
    await user.click(await screen.findByRole('option', { name: 'Suporte', hidden: true }));
    await user.click(await screen.findByRole('option', { name: 'Vendas', hidden: true }));
    await waitFor(() => expect(lastDashboardQuery(fake.calls)?.get('queueIds')).toBe('5,3'));

    await user.click(screen.getByTestId('dashboard-filter-channels'));
    await user.click(await screen.findByRole('option', { name: 'Chat do site', hidden: true }));
    await waitFor(() => expect(lastDashboardQuery(fake.calls)?.get('channelIds')).toBe('2'));

    await user.click(screen.getByTestId('dashboard-filter-users'));
    await user.click(await screen.findByRole('option', { name: 'Beto', hidden: true }));
    await waitFor(() => expect(lastDashboardQuery(fake.calls)?.get('userIds')).toBe('4'));
    expect(lastDashboardQuery(fake.calls)?.get('queueIds')).toBe('5,3');
  });

  it('an agent sees their own figures: no user filter, their queues only, no user list fetched', async () => {
    signInAs('user', { queues: [{ id: 5, name: 'Suporte' }] });
    const fake = api();
    const { user } = renderWithApp(<HomePage />);
    await screen.findByTestId('dashboard-card-tickets');
    expect(screen.getByText('Os números dos seus atendimentos no período.')).toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-filter-users')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('dashboard-filter-queues'));
    expect(await screen.findByRole('option', { name: 'Suporte', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Vendas', hidden: true })).not.toBeInTheDocument();
    expect(fake.calls.some((call) => call.path === '/users/')).toBe(false);
    expect(lastDashboardQuery(fake.calls)?.has('userIds')).toBe(false);
  });

  it('shows the loading state, then an error with a retry that loads the figures', async () => {
    signInAs('super', { queues: [{ id: 3, name: 'Vendas' }] });
    let fail = true;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fake = fakeApi({
      'GET /dashboard': () => (fail ? { status: 500, body: { error: 'ERR_INTERNAL', message: 'Falhou' } } : { body: DASHBOARD }),
      'GET /queue': () => ({ body: [] }),
      'GET /whatsapp': () => ({ body: [] }),
      'GET /users/': () => ({ body: { users: [], count: 0, hasMore: false } }),
    });
    holdDashboard(fake, () => (fail ? gate : null));
    const { user } = renderWithApp(<HomePage />);
    expect(await screen.findByTestId('dashboard-loading')).toBeInTheDocument();
    release();
    const error = await screen.findByTestId('load-error');
    expect(screen.queryByTestId('dashboard-card-tickets')).not.toBeInTheDocument();
    fail = false;
    await user.click(within(error).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByTestId('dashboard-card-tickets')).toBeInTheDocument();
    expect(screen.queryByTestId('load-error')).not.toBeInTheDocument();
  });

  it('fetches the figures again after ticket events (one request for a burst), keeping the old ones meanwhile', async () => {
    signInAs('admin');
    let answer = DASHBOARD;
    let release: () => void = () => undefined;
    let gate: Promise<void> | null = null;
    const fake = api(() => ({ body: answer }));
    holdDashboard(fake, () => gate);
    renderWithApp(
      <SocketProvider>
        <HomePage />
      </SocketProvider>,
    );
    await screen.findByTestId('dashboard-card-tickets');
    await waitFor(() => expect(socket.handlers.get(SOCKET_EVENTS.ticket)?.length).toBe(1));
    // The first connection refetches what may have been missed: wait for it to settle.
    act(() => socket.serverSends('connect', undefined));
    await waitFor(() => expect(screen.queryByTestId('dashboard-refreshing')).not.toBeInTheDocument());
    const before = dashboardCalls(fake.calls).length;

    answer = { ...DASHBOARD, totals: { ...DASHBOARD.totals, tickets: 1235, open: 11 } };
    gate = new Promise<void>((resolve) => (release = resolve));
    act(() => {
      socket.serverSends(SOCKET_EVENTS.ticket, { action: 'create', ticket: buildTicket({ id: 900, status: 'open' }) });
      socket.serverSends(SOCKET_EVENTS.ticket, { action: 'update', ticket: buildTicket({ id: 900, status: 'open' }) });
    });
    // While the new figures load, the old ones stay, with a discreet marker.
    await screen.findByTestId('dashboard-refreshing', {}, { timeout: 5000 });
    expect(cardValue('tickets')).toBe((1234).toLocaleString('pt'));
    release();
    await waitFor(() => expect(cardValue('open')).toBe('11'));
    expect(cardValue('tickets')).toBe((1235).toLocaleString('pt'));
    expect(dashboardCalls(fake.calls).length).toBe(before + 1);
  });
});
