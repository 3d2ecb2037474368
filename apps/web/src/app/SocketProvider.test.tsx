import { SOCKET_EVENTS, type KanbanPage, type Lane, type Queue, type Ticket } from '@conversa/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isBillingBlocked, setBillingBlocked } from '../features/billing/billing-state';
import { BillingNotice } from '../features/billing/components/BillingNotice';
import { OVERDUE_STATUS, TRIAL_STATUS } from '../features/billing/test-support';
import { LanesBoardPage } from '../features/kanban/pages/LanesBoardPage';
import { TicketListPanel } from '../features/tickets/components/TicketListPanel';
import { buildMessage, buildTicket, later, layOutLists, ticketPage } from '../features/tickets/test-support';
import { fakeSocket as socket } from '../test/fake-socket';
import { fakeApi } from '../test/fetch';
import { signInAs } from '../test/session';
import { renderWithApp } from '../test/render';
import { SocketProvider } from './SocketProvider';

/**
 * The socket's events as the provider applies them to what the inbox shows. The transport is
 * replaced by a socket whose server side the test plays (the e2e tests run the real one).
 */

vi.mock('socket.io-client', async () => (await import('../test/fake-socket')).fakeSocketModule);

const ME = 7;
const QUEUES: Queue[] = [
  { id: 1, name: 'Suporte', color: '#228be6', greetingMessage: null, userIds: [ME] },
  { id: 2, name: 'Financeiro', color: '#fa5252', greetingMessage: null, userIds: [] },
];

layOutLists();
afterEach(() => {
  vi.unstubAllGlobals();
  setBillingBlocked(false);
});

const countOf = (tab: string) => screen.queryByTestId(`tab-count-${tab}`)?.getAttribute('data-count') ?? '0';

describe('the socket provider applies ticket and message events to the inbox', () => {
  it('moves, adds and removes tickets in the tabs and their counts, as a plain agent of one queue sees them', async () => {
    signInAs('user', { userId: ME, queues: [{ id: 1, name: 'Suporte' }] });
    localStorage.setItem(`ticketTab:${ME}`, JSON.stringify('pending'));
    const waiting = buildTicket({ id: 1, status: 'pending', queueId: 1, name: 'Carla Cliente' });
    const other = buildTicket({ id: 2, status: 'pending', queueId: 1, name: 'Davi Dúvida' });
    const api = fakeApi({
      'GET /queue': () => ({ body: QUEUES }),
      'GET /tickets': ({ query }) => ({ body: ticketPage(query.get('status') === 'pending' ? [other, waiting] : []) }),
    });
    const { user } = renderWithApp(
      <SocketProvider>
        <TicketListPanel selectedId={null} />
      </SocketProvider>,
    );
    const pending = await screen.findByTestId('ticket-list-pending');
    await within(pending).findByTestId('ticket-1');
    await waitFor(() => expect(countOf('pending')).toBe('2'));
    const listCalls = () => api.calls.filter((c) => c.path === '/tickets').length;
    const before = listCalls();
    act(() => socket.serverSends('connect', undefined));
    expect(socket.emitted).toContainEqual([SOCKET_EVENTS.setUserActive]);
    // What was loaded before the socket joined its rooms is fetched once more.
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
    await Promise.all(api.fetch.mock.results.map((r) => r.value as Promise<unknown>));

    // Someone accepts Carla's ticket for this agent: it leaves "Aguardando" for "Atendendo".
    act(() =>
      socket.serverSends(SOCKET_EVENTS.ticket, {
        action: 'update',
        ticket: later(waiting, 10, { status: 'open', userId: ME, username: 'Eu' }),
      }),
    );
    await waitFor(() => expect(within(pending).queryByTestId('ticket-1')).toBeNull());
    expect(countOf('pending')).toBe('1');
    expect(countOf('open')).toBe('1');

    // A new customer writes: the ticket arrives at the top of "Aguardando" with its unread count.
    const newcomer = buildTicket({
      id: 3,
      status: 'pending',
      queueId: 1,
      name: 'Elisa Nova',
      unreadMessages: 1,
      updatedAt: later(waiting, 20).updatedAt,
    });
    act(() => {
      socket.serverSends(SOCKET_EVENTS.ticket, { action: 'create', ticket: newcomer });
      socket.serverSends(SOCKET_EVENTS.appMessage, { action: 'create', message: buildMessage(3, 20, { body: 'Oi!' }), ticket: newcomer });
    });
    const row = await within(pending).findByTestId('ticket-3');
    expect(within(row).getByTestId('ticket-unread-3')).toHaveTextContent('1');
    const order = within(pending)
      .getAllByTestId(/^ticket-\d+$/)
      .map((el) => el.getAttribute('data-testid'));
    expect(order).toEqual(['ticket-3', 'ticket-2']);
    expect(countOf('pending')).toBe('2');

    // Davi's ticket goes to a queue this agent is not in; Elisa's is deleted: both leave.
    act(() => {
      socket.serverSends(SOCKET_EVENTS.ticket, { action: 'update', ticket: later(other, 30, { queueId: 2 }) });
      socket.serverSends(SOCKET_EVENTS.ticket, { action: 'delete', ticketId: 3 });
    });
    await waitFor(() => expect(within(pending).queryAllByTestId(/^ticket-\d+$/)).toHaveLength(0));
    expect(countOf('pending')).toBe('0');
    expect(await within(pending).findByTestId('tickets-empty')).toBeInTheDocument();

    // And the accepted one is where it should be.
    await user.click(screen.getByTestId('tab-open'));
    expect(await within(await screen.findByTestId('ticket-list-open')).findByTestId('ticket-1')).toHaveTextContent('Carla Cliente');
  });
});

describe('the first connection', () => {
  it('fetches again what the screen loaded before the socket joined its rooms (an event of that moment was missed)', async () => {
    signInAs('user', { userId: ME, queues: [{ id: 1, name: 'Suporte' }] });
    localStorage.setItem(`ticketTab:${ME}`, JSON.stringify('pending'));
    const waiting = buildTicket({ id: 1, status: 'pending', queueId: 1, name: 'Carla Cliente' });
    // A customer writes between the list's answer and the socket's connection: no event reaches this page.
    const inTheGap = buildTicket({ id: 5, status: 'pending', queueId: 1, name: 'Fábio Intervalo', updatedAt: later(waiting, 5).updatedAt });
    let connected = false;
    fakeApi({
      'GET /queue': () => ({ body: QUEUES }),
      'GET /tickets': ({ query }) => ({
        body: ticketPage(query.get('status') !== 'pending' ? [] : connected ? [inTheGap, waiting] : [waiting]),
      }),
    });
    renderWithApp(
      <SocketProvider>
        <TicketListPanel selectedId={null} />
      </SocketProvider>,
    );
    const pending = await screen.findByTestId('ticket-list-pending');
    await within(pending).findByTestId('ticket-1');
    expect(within(pending).queryByTestId('ticket-5')).toBeNull();
    connected = true;
    act(() => socket.serverSends('connect', undefined));
    expect(await within(pending).findByTestId('ticket-5')).toHaveTextContent('Fábio Intervalo');
    await waitFor(() => expect(countOf('pending')).toBe('2'));
  });
});

describe('the first connection, for a company blocked meanwhile', () => {
  it('reads the subscription status again: the company is blocked though its tenant:billing event was missed', async () => {
    signInAs('admin', { userId: ME, tenantId: 9 });
    let connected = false;
    const api = fakeApi({
      'GET /subscription/status': () => ({ body: connected ? OVERDUE_STATUS : TRIAL_STATUS }),
    });
    const { queryClient } = renderWithApp(
      <SocketProvider>
        <BillingNotice />
      </SocketProvider>,
    );
    expect(await screen.findByTestId('billing-trial')).toHaveTextContent('7 dias');
    connected = true;
    act(() => socket.serverSends('connect', undefined));
    expect(await screen.findByTestId('billing-blocked')).toHaveTextContent('Pagamento em atraso');
    expect(isBillingBlocked()).toBe(true);
    // Read once after the connection: the read that switched the mode does not start another.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(api.calls.filter((call) => call.path === '/subscription/status')).toHaveLength(2);
  });
});

const LANES: Lane[] = [
  {
    id: 1,
    name: 'Prospecção',
    color: '#228be6',
    position: 0,
    ticketCount: 0,
    createdAt: '2026-01-10T12:00:00.000Z',
    updatedAt: '2026-01-10T12:00:00.000Z',
  },
];
const boardPage = (tickets: Ticket[]): KanbanPage => ({ tickets, count: tickets.length, hasMore: false });
const ana = buildTicket({
  id: 21,
  name: 'Ana Lima',
  kanban: { id: 1, name: 'Prospecção' },
  lanePosition: 1024,
  status: 'pending',
  queueId: 1,
});
const bia = buildTicket({
  id: 22,
  name: 'Bia Assis',
  kanban: { id: 1, name: 'Prospecção' },
  lanePosition: 2048,
  status: 'open',
  queueId: 1,
  userId: 9,
});

describe('the lanes board after a visibility change', () => {
  beforeEach(() => signInAs('user', { userId: 3, queues: [{ id: 1, name: 'Suporte' }] }));

  it("drops at once the cards the agent may no longer see when the server re-rooms the agent's socket", async () => {
    // The server's answer: before the change both cards; after it (NotViewAssignedTickets on) only Ana's.
    let hidden = false;
    const api = fakeApi({
      'GET /lanes': () => ({ body: LANES }),
      'GET /queue': () => ({ body: [{ id: 1, name: 'Suporte', color: '#228be6', greetingMessage: null, userIds: [3, 9] }] }),
      'GET /users/3': () => ({ body: { id: 3, name: 'Eu', profile: 'user', queues: [{ id: 1, name: 'Suporte' }] } }),
      'GET /kanban/summary': () => ({ body: { columns: [{ laneId: 1, count: hidden ? 1 : 2, value: 0 }] } }),
      'GET /kanban/tickets': ({ query }) => ({ body: boardPage(query.get('laneId') === '1' ? (hidden ? [ana] : [ana, bia]) : []) }),
    });
    renderWithApp(
      <SocketProvider>
        <LanesBoardPage />
      </SocketProvider>,
    );
    act(() => socket.serverSends('connect', undefined));
    const column = await screen.findByTestId('kanban-column-1');
    await within(column).findByText('Bia Assis');
    await Promise.all(api.fetch.mock.results.map((r) => r.value as Promise<unknown>));
    const boardCalls = () => api.calls.filter((c) => c.path === '/kanban/tickets').length;
    const before = boardCalls();

    // A visibility setting changed: the server drops the socket (re-rooms it); it connects again at once.
    hidden = true;
    const reconnect = vi.spyOn(socket, 'connect');
    act(() => socket.serverSends('disconnect', 'io server disconnect'));
    expect(reconnect).toHaveBeenCalled();
    act(() => socket.serverSends('connect', undefined));
    await waitFor(() => expect(within(column).queryByText('Bia Assis')).toBeNull());
    expect(within(column).getByText('Ana Lima')).toBeInTheDocument();
    expect(boardCalls()).toBeGreaterThan(before);
  });

  it("drops a card at once when the server says a change took the ticket out of the agent's view (hidden), without asking again", async () => {
    const api = fakeApi({
      'GET /lanes': () => ({ body: LANES }),
      'GET /queue': () => ({ body: [{ id: 1, name: 'Suporte', color: '#228be6', greetingMessage: null, userIds: [3, 9] }] }),
      'GET /kanban/summary': () => ({ body: { columns: [{ laneId: 1, count: 2, value: 0 }] } }),
      'GET /kanban/tickets': ({ query }) => ({ body: boardPage(query.get('laneId') === '1' ? [ana, bia] : []) }),
    });
    renderWithApp(
      <SocketProvider>
        <LanesBoardPage />
      </SocketProvider>,
    );
    const column = await screen.findByTestId('kanban-column-1');
    await within(column).findByText('Ana Lima');
    await Promise.all(api.fetch.mock.results.map((r) => r.value as Promise<unknown>));
    const boardCalls = api.calls.filter((c) => c.path === '/kanban/tickets').length;

    // Bia accepts Ana's ticket under NotViewAssignedTickets: by the queue alone the agent would keep it.
    const taken = { ...ana, status: 'open' as const, userId: 9, username: 'Bia', updatedAt: '2026-01-10T13:00:00.000Z' };
    act(() => socket.serverSends(SOCKET_EVENTS.ticket, { action: 'update', ticket: taken, hidden: true }));
    await waitFor(() => expect(within(column).queryByText('Ana Lima')).toBeNull());
    expect(within(column).getByText('Bia Assis')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/kanban/tickets')).toHaveLength(boardCalls);

    // The same change without the flag (a peer who still sees it) keeps the card where it is.
    const moved = { ...bia, lastMessage: 'Novo orçamento', updatedAt: '2026-01-10T13:05:00.000Z' };
    act(() => socket.serverSends(SOCKET_EVENTS.ticket, { action: 'update', ticket: moved }));
    expect(within(column).getByText('Bia Assis')).toBeInTheDocument();
  });
});
