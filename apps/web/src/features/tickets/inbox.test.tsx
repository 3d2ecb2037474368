import type { Queue, Ticket, User } from '@conversa/shared';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerNavigator } from '../../lib/navigation';
import { renderWithApp } from '../../test/render';
import { useTicket } from './api';
import { ChatHeader } from './components/ChatHeader';
import { TicketListPanel } from './components/TicketListPanel';
import { ChatPage } from './pages/ChatPage';
import { fakeApi, type ApiCall } from '../../test/fetch';
import { signInAs } from '../../test/session';
import { buildTicket, layOutLists, ticketPage } from './test-support';
import { Route, Routes } from 'react-router';

/**
 * The inbox's ticket states as an agent lives them: the chat header's badge and actions beside the
 * ticket list, against a stand-in for the API that keeps the tickets' state.
 */

const ME = 7;
const PAULA = 8;
const paula: User = {
  id: PAULA,
  tenantId: 2,
  name: 'Paula Colega',
  email: 'paula@example.test',
  profile: 'user',
  isOnline: true,
  lastOnline: null,
  blockWavoip: false,
  configs: { filtrosAtendimento: null, isDark: false, language: null, notificationSound: true },
  queues: [{ id: 1, name: 'Suporte' }],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const QUEUES: Queue[] = [
  { id: 1, name: 'Suporte', color: '#228be6', greetingMessage: null, userIds: [ME, PAULA] },
  { id: 2, name: 'Financeiro', color: '#fa5252', greetingMessage: null, userIds: [] },
];

layOutLists();
afterEach(() => {
  vi.unstubAllGlobals();
  // Toasts live in a module-wide store.
  notifications.clean();
});

/** An API holding these tickets: lists by status, the detail, and PUT /tickets/{id} applying the change as the server does. */
function inboxApi(tickets: Ticket[], options: { forbidden?: number[] } = {}) {
  const byId = new Map(tickets.map((t) => [t.id, t]));
  let clock = 100;
  return fakeApi({
    'GET /queue': () => ({ body: QUEUES }),
    'GET /tags': () => ({ body: [] }),
    'GET /users/': () => ({ body: { users: [paula], count: 1, hasMore: false } }),
    'GET /tickets': ({ query }: ApiCall) => ({ body: ticketPage([...byId.values()].filter((t) => t.status === query.get('status'))) }),
    'GET /tickets/:id': ({ path }: ApiCall) => {
      const id = Number(path.split('/').pop());
      if (options.forbidden?.includes(id)) return { status: 403, body: { error: 'ERR_NO_PERMISSION', message: 'No permission' } };
      const ticket = byId.get(id);
      return ticket ? { body: ticket } : { status: 404, body: { error: 'ERR_NO_TICKET_FOUND', message: 'No ticket' } };
    },
    'PUT /tickets/:id': ({ path, body }: ApiCall) => {
      const id = Number(path.split('/').pop());
      const change = body as Partial<Ticket> & { isTransference?: boolean };
      const ticket = byId.get(id)!;
      const transfer = change.isTransference
        ? { status: 'pending' as const, userId: change.userId ?? null, queueId: change.queueId ?? ticket.queueId }
        : {};
      const next: Ticket = {
        ...ticket,
        ...(change.status ? { status: change.status } : {}),
        ...(change.userId !== undefined
          ? { userId: change.userId, username: change.userId === PAULA ? paula.name : change.userId ? 'Eu' : null }
          : {}),
        ...transfer,
        updatedAt: new Date(Date.UTC(2026, 0, 6, 0, 0, ++clock)).toISOString(),
      };
      byId.set(id, next);
      return { body: next };
    },
  });
}

/** The chat header of one ticket, fed by its query as the chat page does. */
function Header({ id }: { id: number }) {
  const ticket = useTicket(id);
  return ticket.data ? <ChatHeader ticket={ticket.data} panelOpen={false} onTogglePanel={() => undefined} /> : null;
}

function Inbox({ selectedId }: { selectedId: number }) {
  return (
    <>
      <TicketListPanel selectedId={selectedId} />
      <Header id={selectedId} />
    </>
  );
}

describe('a pending ticket in the chat', () => {
  it('says "Aguardando" beside "Aceitar"; accepting needs no confirmation and the list moves to "Atendendo" with the ticket selected', async () => {
    signInAs('user', { userId: ME, queues: [{ id: 1, name: 'Suporte' }] });
    localStorage.setItem(`ticketTab:${ME}`, JSON.stringify('pending'));
    const { calls } = inboxApi([buildTicket({ id: 1, status: 'pending', queueId: 1, name: 'Carla Cliente' })]);
    const { user } = renderWithApp(<Inbox selectedId={1} />);

    const badge = await screen.findByTestId('chat-status');
    expect(badge).toHaveTextContent('Aguardando');
    expect(badge).toHaveAttribute('data-status', 'pending');
    expect(await within(screen.getByTestId('ticket-list-pending')).findByTestId('ticket-1')).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByTestId('ticket-accept'));

    // No dialog: the change is sent at once.
    expect(screen.queryByTestId('confirm-button')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('chat-status')).toHaveAttribute('data-status', 'open'));
    expect(screen.getByTestId('chat-status')).toHaveTextContent('Atendendo');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      expect.objectContaining({ path: '/tickets/1', body: { status: 'open', userId: ME } }),
    ]);
    await waitFor(() => expect(screen.getByTestId('tab-open')).toHaveAttribute('aria-selected', 'true'));
    const row = await within(screen.getByTestId('ticket-list-open')).findByTestId('ticket-1');
    expect(row).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByTestId('tickets-empty')).toBeNull();
    expect(screen.queryByTestId('ticket-accept')).toBeNull();
  });

  it('returning to the queue still asks first, then the list shows "Aguardando" with the ticket', async () => {
    signInAs('user', { userId: ME, queues: [{ id: 1, name: 'Suporte' }] });
    inboxApi([buildTicket({ id: 3, status: 'open', userId: ME, queueId: 1 })]);
    const { user } = renderWithApp(<Inbox selectedId={3} />);
    await user.click(await screen.findByTestId('ticket-return'));
    await user.click(await screen.findByTestId('confirm-button'));
    await waitFor(() => expect(screen.getByTestId('tab-pending')).toHaveAttribute('aria-selected', 'true'));
    expect(await within(screen.getByTestId('ticket-list-pending')).findByTestId('ticket-3')).toHaveAttribute('aria-current', 'page');
  });

  it('a resolved ticket is reopened without a dialog and shown under "Atendendo"', async () => {
    signInAs('user', { userId: ME, queues: [{ id: 1, name: 'Suporte' }] });
    localStorage.setItem(`ticketTab:${ME}`, JSON.stringify('closed'));
    const { calls } = inboxApi([buildTicket({ id: 4, status: 'closed', userId: ME, queueId: 1 })]);
    const { user } = renderWithApp(<Inbox selectedId={4} />);
    expect(await screen.findByTestId('chat-status')).toHaveTextContent('Resolvido');
    await user.click(screen.getByTestId('ticket-reopen'));
    expect(screen.queryByTestId('confirm-button')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('tab-open')).toHaveAttribute('aria-selected', 'true'));
    expect(await within(screen.getByTestId('ticket-list-open')).findByTestId('ticket-4')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ status: 'open', userId: ME }]);
  });
});

describe("another agent's open ticket", () => {
  it('offers a plain agent none of the actions that would take it over; an admin keeps them', async () => {
    signInAs('user', { userId: ME, queues: [{ id: 1, name: 'Suporte' }] });
    inboxApi([buildTicket({ id: 12, status: 'open', userId: PAULA, username: 'Paula Colega', queueId: 1 })]);
    const first = renderWithApp(<Header id={12} />);
    expect(await screen.findByTestId('chat-status')).toHaveAttribute('data-status', 'open');
    expect(screen.getByTestId('chat-header')).toHaveTextContent('com Paula Colega');
    for (const action of ['ticket-accept', 'ticket-return', 'ticket-transfer', 'ticket-resolve'])
      expect(screen.queryByTestId(action)).toBeNull();
    first.unmount();

    signInAs('admin', { userId: 9 });
    renderWithApp(<Header id={12} />);
    for (const action of ['ticket-return', 'ticket-transfer', 'ticket-resolve'])
      expect(await screen.findByTestId(action)).toBeInTheDocument();
  });
});

describe('transfers', () => {
  it('to a queue the agent is not in: told which ticket and where it went, and the chat closes', async () => {
    signInAs('user', { userId: ME, queues: [{ id: 1, name: 'Suporte' }] });
    const navigate = vi.fn();
    registerNavigator(navigate);
    inboxApi([buildTicket({ id: 5, status: 'open', userId: ME, queueId: 1, name: 'Bruno Boleto' })]);
    const { user } = renderWithApp(<Inbox selectedId={5} />);

    await user.click(await screen.findByTestId('ticket-transfer'));
    // The options' dropdown sits outside the modal, which hides the rest of the page from assistive queries.
    await user.click(await screen.findByTestId('transfer-queue'));
    await user.click(await screen.findByRole('option', { name: 'Financeiro', hidden: true }));
    await user.click(screen.getByTestId('transfer-save'));

    const toast = await screen.findByTestId('toast-ticket-left');
    expect(toast).toHaveTextContent('Bruno Boleto (#5) foi para a fila Financeiro e saiu da sua lista.');
    expect(navigate).toHaveBeenCalledWith('/atendimento/chats', { replace: true });
    await waitFor(() => expect(within(screen.getByTestId('ticket-list-panel')).queryByTestId('ticket-5')).toBeNull());
  });

  it('to a colleague of the same queue: the list shows it under "Aguardando", where it now waits', async () => {
    signInAs('user', { userId: ME, queues: [{ id: 1, name: 'Suporte' }] });
    const navigate = vi.fn();
    registerNavigator(navigate);
    inboxApi([buildTicket({ id: 6, status: 'open', userId: ME, queueId: 1 })]);
    const { user } = renderWithApp(<Inbox selectedId={6} />);
    await user.click(await screen.findByTestId('ticket-transfer'));
    await user.click(await screen.findByTestId('transfer-queue'));
    await user.click(await screen.findByRole('option', { name: 'Suporte', hidden: true }));
    await user.click(screen.getByTestId('transfer-user'));
    await user.click(await screen.findByRole('option', { name: 'Paula Colega', hidden: true }));
    await user.click(screen.getByTestId('transfer-save'));
    await waitFor(() => expect(screen.getByTestId('tab-pending')).toHaveAttribute('aria-selected', 'true'));
    expect(await within(screen.getByTestId('ticket-list-pending')).findByTestId('ticket-6')).toHaveTextContent('Paula Colega');
    expect(screen.queryByTestId('toast-ticket-left')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('the chat of a ticket the user may not see', () => {
  it('says so plainly with the way back, instead of a load error', async () => {
    signInAs('user', { userId: ME, queues: [{ id: 1, name: 'Suporte' }] });
    inboxApi([buildTicket({ id: 8, queueId: 2 })], { forbidden: [8] });
    renderWithApp(
      <Routes>
        <Route path="/atendimento/:ticketId" element={<ChatPage />} />
      </Routes>,
      { route: '/atendimento/8' },
    );
    expect(await screen.findByTestId('chat-unavailable')).toHaveTextContent('Este atendimento não está mais disponível para você.');
    expect(screen.queryByTestId('load-error')).toBeNull();
    expect(screen.getByRole('link', { name: 'Voltar aos atendimentos' })).toHaveAttribute('href', '/atendimento/chats');
  });
});

describe('the list of an admin in no queue (SPEC §6 show-all)', () => {
  it('asks for every queue by default and shows the waiting tickets; the switch narrows it', async () => {
    signInAs('admin', { userId: 9 });
    localStorage.setItem(`ticketTab:9`, JSON.stringify('pending'));
    // What an earlier version stored for every user: the old default, not a choice.
    localStorage.setItem('ticketFilters:9', JSON.stringify({ queuesIds: [], showAll: false, withUnreadMessages: false }));
    const { calls } = inboxApi([buildTicket({ id: 10, status: 'pending', queueId: 2 })]);
    const { user } = renderWithApp(<TicketListPanel selectedId={null} />);

    expect(await within(screen.getByTestId('ticket-list-pending')).findByTestId('ticket-10')).toBeInTheDocument();
    const lists = calls.filter((c) => c.path === '/tickets');
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.every((c) => c.query.get('showAll') === 'true')).toBe(true);

    await user.click(screen.getByTestId('tickets-filters'));
    const showAll = await screen.findByTestId('tickets-filter-show-all');
    expect(showAll).toBeChecked();
    await user.click(showAll);
    await waitFor(() => expect(calls.some((c) => c.path === '/tickets' && c.query.get('showAll') === 'false')).toBe(true));
  });

  it('a plain agent never asks for show-all', async () => {
    signInAs('user', { userId: ME, queues: [{ id: 1, name: 'Suporte' }] });
    const { calls } = inboxApi([buildTicket({ id: 11, status: 'open', userId: ME })]);
    renderWithApp(<TicketListPanel selectedId={null} />);
    expect(await screen.findByTestId('ticket-11')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/tickets').every((c) => c.query.get('showAll') === 'false')).toBe(true);
    expect(screen.queryByTestId('tickets-filter-show-all')).toBeNull();
  });
});
