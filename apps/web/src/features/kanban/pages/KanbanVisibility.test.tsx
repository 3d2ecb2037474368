import type { KanbanPage, Lane, Ticket } from '@conversa/shared';
import { SOCKET_EVENTS } from '@conversa/shared/enums';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SocketProvider } from '../../../app/SocketProvider';
import { fakeApi } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { buildTicket } from '../../tickets/test-support';
import { LanesBoardPage } from './LanesBoardPage';

/**
 * An open board after the agent's visibility changed (a setting, a wallet): the server re-rooms the
 * agent's socket (drops it; it connects again), and the board asks the server again at once, so a
 * card the agent may no longer see leaves without a refresh.
 */

type Handler = (...args: unknown[]) => void;
const socket = vi.hoisted(() => {
  const handlers = new Map<string, Handler[]>();
  return {
    handlers,
    connected: true,
    connects: 0,
    on(event: string, handler: Handler) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return this;
    },
    emit() {
      return this;
    },
    connect() {
      this.connects += 1;
      return this;
    },
    disconnect() {
      return this;
    },
    removeAllListeners() {
      handlers.clear();
      return this;
    },
    serverSends(event: string, payload?: unknown) {
      for (const handler of handlers.get(event) ?? []) handler(payload);
    },
  };
});
vi.mock('socket.io-client', () => ({ io: () => socket }));

const LANES: Lane[] = [
  { id: 1, name: 'Prospecção', color: '#228be6', position: 0, ticketCount: 0, createdAt: '2026-01-10T12:00:00.000Z', updatedAt: '2026-01-10T12:00:00.000Z' },
];
const page = (tickets: Ticket[]): KanbanPage => ({ tickets, count: tickets.length, hasMore: false });
const ana = buildTicket({ id: 21, name: 'Ana Lima', kanban: { id: 1, name: 'Prospecção' }, lanePosition: 1024, status: 'pending', queueId: 1 });
const bia = buildTicket({ id: 22, name: 'Bia Assis', kanban: { id: 1, name: 'Prospecção' }, lanePosition: 2048, status: 'open', queueId: 1, userId: 9 });

beforeEach(() => signInAs('user', { userId: 3, queues: [{ id: 1, name: 'Suporte' }] }));
afterEach(() => vi.unstubAllGlobals());

describe('the lanes board after a visibility change', () => {
  it("drops at once the cards the agent may no longer see when the server re-rooms the agent's socket", async () => {
    // The server's answer: before the change both cards; after it (NotViewAssignedTickets on) only Ana's.
    let hidden = false;
    const api = fakeApi({
      'GET /lanes': () => ({ body: LANES }),
      'GET /queue': () => ({ body: [{ id: 1, name: 'Suporte', color: '#228be6', greetingMessage: null, userIds: [3, 9] }] }),
      'GET /users/3': () => ({ body: { id: 3, name: 'Eu', profile: 'user', queues: [{ id: 1, name: 'Suporte' }] } }),
      'GET /kanban/summary': () => ({ body: { columns: [{ laneId: 1, count: hidden ? 1 : 2, value: 0 }] } }),
      'GET /kanban/tickets': ({ query }) => ({ body: page(query.get('laneId') === '1' ? (hidden ? [ana] : [ana, bia]) : []) }),
    });
    renderWithApp(
      <SocketProvider>
        <LanesBoardPage />
      </SocketProvider>,
    );
    act(() => socket.serverSends('connect'));
    const lane = await screen.findByTestId('kanban-column-1');
    await within(lane).findByText('Bia Assis');
    await Promise.all(api.fetch.mock.results.map((r) => r.value as Promise<unknown>));
    const boardCalls = () => api.calls.filter((c) => c.path === '/kanban/tickets').length;
    const before = boardCalls();

    // A visibility setting changed: the server drops the socket (re-rooms it); it connects again at once.
    hidden = true;
    act(() => socket.serverSends('disconnect', 'io server disconnect'));
    expect(socket.connects).toBeGreaterThan(0);
    act(() => socket.serverSends('connect'));
    await waitFor(() => expect(within(lane).queryByText('Bia Assis')).toBeNull());
    expect(within(lane).getByText('Ana Lima')).toBeInTheDocument();
    expect(boardCalls()).toBeGreaterThan(before);
  });

  it('drops a card at once when the server says a change took the ticket out of the agent\'s view (hidden), without asking again', async () => {
    const api = fakeApi({
      'GET /lanes': () => ({ body: LANES }),
      'GET /queue': () => ({ body: [{ id: 1, name: 'Suporte', color: '#228be6', greetingMessage: null, userIds: [3, 9] }] }),
      'GET /kanban/summary': () => ({ body: { columns: [{ laneId: 1, count: 2, value: 0 }] } }),
      'GET /kanban/tickets': ({ query }) => ({ body: page(query.get('laneId') === '1' ? [ana, bia] : []) }),
    });
    renderWithApp(
      <SocketProvider>
        <LanesBoardPage />
      </SocketProvider>,
    );
    const lane = await screen.findByTestId('kanban-column-1');
    await within(lane).findByText('Ana Lima');
    await Promise.all(api.fetch.mock.results.map((r) => r.value as Promise<unknown>));
    const boardCalls = api.calls.filter((c) => c.path === '/kanban/tickets').length;

    // Bia accepts Ana's ticket under NotViewAssignedTickets: by the queue alone the agent would keep it.
    const taken = { ...ana, status: 'open' as const, userId: 9, username: 'Bia', updatedAt: '2026-01-10T13:00:00.000Z' };
    act(() => socket.serverSends(SOCKET_EVENTS.ticket, { action: 'update', ticket: taken, hidden: true }));
    await waitFor(() => expect(within(lane).queryByText('Ana Lima')).toBeNull());
    expect(within(lane).getByText('Bia Assis')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/kanban/tickets')).toHaveLength(boardCalls);

    // The same change without the flag (a peer who still sees it) keeps the card where it is.
    const moved = { ...bia, lastMessage: 'Novo orçamento', updatedAt: '2026-01-10T13:05:00.000Z' };
    act(() => socket.serverSends(SOCKET_EVENTS.ticket, { action: 'update', ticket: moved }));
    expect(within(lane).getByText('Bia Assis')).toBeInTheDocument();
  });
});
