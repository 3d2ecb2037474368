import { SOCKET_EVENTS } from '@conversa/shared';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SocketProvider } from '../../app/SocketProvider';
import { registerNavigator } from '../../lib/navigation';
import { fakeApi } from '../../test/fetch';
import { fakeSocket as socket } from '../../test/fake-socket';
import { renderWithApp } from '../../test/render';
import { signInAs } from '../../test/session';
import { buildTicket } from './test-support';

/** A ticket transferred to the user: the socket's ticket event names the receiver, and the app says so (also on a phone). */

vi.mock('socket.io-client', async () => (await import('../../test/fake-socket')).fakeSocketModule);

const ME = 7;

function onAPhone() {
  vi.stubGlobal('innerWidth', 390);
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('a ticket transferred to me', () => {
  it('shows a toast naming the ticket and its contact, on a phone (390 px) too; a click opens the ticket', async () => {
    onAPhone();
    signInAs('user', { userId: ME, queues: [{ id: 1, name: 'Suporte' }] });
    fakeApi({ 'GET /queue': () => ({ body: [] }), 'GET /tickets': () => ({ body: { tickets: [], count: 0, hasMore: false } }) });
    const navigate = vi.fn();
    registerNavigator(navigate);
    const { user } = renderWithApp(
      <SocketProvider>
        <div />
      </SocketProvider>,
    );
    const ticket = buildTicket({ id: 123, status: 'pending', userId: ME, username: 'Eu', name: 'Fulano' });
    act(() => socket.serverSends(SOCKET_EVENTS.ticket, { action: 'update', ticket, transfer: { byUserId: 9, toUserId: ME } }));
    const toast = await screen.findByTestId('toast-ticket-transferred');
    expect(toast).toHaveTextContent('Ticket transferido para você');
    expect(toast).toHaveTextContent('Ticket #123 de Fulano foi transferido para você.');
    await user.click(screen.getByText('Ticket #123 de Fulano foi transferido para você.'));
    expect(navigate).toHaveBeenCalledWith('/atendimento/123', undefined);
  });

  it('says nothing for a transfer to someone else, one I made myself, or a change that is no transfer', async () => {
    signInAs('user', { userId: ME, queues: [{ id: 1, name: 'Suporte' }] });
    fakeApi({ 'GET /queue': () => ({ body: [] }), 'GET /tickets': () => ({ body: { tickets: [], count: 0, hasMore: false } }) });
    const show = vi.spyOn(notifications, 'show');
    renderWithApp(
      <SocketProvider>
        <div />
      </SocketProvider>,
    );
    const mine = buildTicket({ id: 124, status: 'pending', userId: ME, name: 'Beltrano' });
    act(() => {
      socket.serverSends(SOCKET_EVENTS.ticket, {
        action: 'update',
        ticket: buildTicket({ id: 125, userId: 9, name: 'Sicrano' }),
        transfer: { byUserId: ME, toUserId: 9 },
      });
      socket.serverSends(SOCKET_EVENTS.ticket, { action: 'update', ticket: mine, transfer: { byUserId: ME, toUserId: ME } });
      socket.serverSends(SOCKET_EVENTS.ticket, { action: 'update', ticket: mine });
    });
    // A positive marker after them: an automation's transfer to me is told.
    act(() =>
      socket.serverSends(SOCKET_EVENTS.ticket, {
        action: 'update',
        ticket: buildTicket({ id: 126, userId: ME, name: 'Marcador' }),
        transfer: { byUserId: null, toUserId: ME },
      }),
    );
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Ticket #126 de Marcador foi transferido para você.' })),
    );
    expect(show.mock.calls.filter(([n]) => String(n.id ?? '').startsWith('ticket-transferred-'))).toHaveLength(1);
  });
});
