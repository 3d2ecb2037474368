import { EARLIER_TICKETS_LIMIT, type EarlierTicket } from '@conversa/shared';
import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fetch';
import { renderWithApp } from '../../test/render';
import { signInAs } from '../../test/session';
import { ChatPage } from './pages/ChatPage';
import { buildMessage, buildTicket, layOutLists } from './test-support';

layOutLists();
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
  localStorage.clear();
});

const EARLIER: EarlierTicket = {
  id: 4,
  protocol: '20260302000007',
  status: 'closed',
  channelName: 'WhatsApp Vendas',
  username: 'Ana',
  lastMessage: 'Obrigado!',
  createdAt: '2026-03-02T15:00:00.000Z',
  closedAt: '2026-03-02T16:00:00.000Z',
};

function chatApi(earlier: EarlierTicket[]) {
  return fakeApi({
    'GET /tickets/:id': () => ({ body: buildTicket({ id: 5, status: 'open', userId: 7, username: 'Eu' }) }),
    'GET /tickets/:id/earlier': () => ({ body: earlier }),
    'GET /tickets/:id/notes': () => ({ body: [] }),
    'GET /messages/:id': () => ({
      body: { messages: [buildMessage(5, 0, { body: 'Oi, voltei' })], messagesOffLine: [], hasMore: false },
    }),
    'GET /queue': () => ({ body: [] }),
    'GET /tags': () => ({ body: [] }),
    'GET /lanes': () => ({ body: [] }),
    'GET /quickAnswer': () => ({ body: [] }),
    'GET /quick-messages': () => ({ body: [] }),
  });
}

function renderChat() {
  function Where() {
    return <span data-testid="where">{useLocation().pathname}</span>;
  }
  return renderWithApp(
    <>
      <Routes>
        <Route path="/atendimento/:ticketId" element={<ChatPage />} />
      </Routes>
      <Where />
    </>,
    { route: '/atendimento/5' },
  );
}

describe("a new ticket keeps the customer's earlier context", () => {
  it('at the start of the history, links to the previous conversation, which opens in the chat', async () => {
    signInAs('user', { userId: 7, queues: [{ id: 1, name: 'Suporte' }] });
    chatApi([EARLIER]);
    const { user } = renderChat();
    const link = await screen.findByTestId('history-previous');
    expect(screen.getByTestId('history-start')).toHaveTextContent('Início da conversa');
    expect(link).toHaveTextContent('Ver a conversa anterior (02/03/2026)');
    // One earlier conversation: the link is all there is.
    expect(screen.queryByTestId('history-earlier')).toBeNull();
    expect(screen.getByText('Início da conversa')).not.toHaveClass(/startText/);
    await user.click(link);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/atendimento/4'));
  });

  it('a first conversation has no such link', async () => {
    signInAs('user', { userId: 7, queues: [{ id: 1, name: 'Suporte' }] });
    const api = chatApi([]);
    renderChat();
    await screen.findByTestId('history-start');
    await waitFor(() => expect(api.calls.some((call) => call.path === '/tickets/5/earlier')).toBe(true));
    // The answer (none) has been applied once the request is done: still no link.
    await waitFor(() => expect(screen.getByTestId('history-start')).toHaveTextContent('Início da conversa'));
    expect(screen.queryByTestId('history-previous')).toBeNull();
  });

  it('with more, the link opens the most recent and a menu lists them all, by keyboard too; each opens in the chat', async () => {
    signInAs('user', { userId: 7, queues: [{ id: 1, name: 'Suporte' }] });
    chatApi([
      EARLIER,
      {
        ...EARLIER,
        id: 3,
        protocol: '20260115000002',
        status: 'open',
        channelName: 'Telegram Suporte',
        createdAt: '2026-01-15T12:00:00.000Z',
        closedAt: null,
      },
      // From before protocols: its number.
      { ...EARLIER, id: 2, protocol: null, status: 'pending', channelName: 'Chat do site', createdAt: '2025-12-24T12:00:00.000Z' },
    ]);
    const { user } = renderChat();
    const menu = await screen.findByTestId('history-earlier');
    expect(menu).toHaveTextContent('Conversas anteriores (3)');
    expect(screen.getByTestId('history-previous')).toHaveTextContent('Ver a conversa anterior (02/03/2026)');
    // A narrow chat keeps the links and leaves out "Início da conversa" (MessageList.module.css).
    expect(screen.getByText('Início da conversa')).toHaveClass(/startText/);

    menu.focus();
    await user.keyboard('{Enter}');
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    // `hidden`: jsdom lays nothing out, so the menu's positioning (floating-ui) finds its target of
    // size zero "detached" and Mantine hides the open dropdown once the position resolves (display:
    // none), whenever that lands. The items exist only while the menu is open.
    const items = await screen.findAllByRole('menuitem', { hidden: true });
    expect(items.map((item) => item.textContent)).toEqual([
      'Protocolo 20260302000007Resolvido02/03/2026 · WhatsApp Vendas',
      'Protocolo 20260115000002Atendendo15/01/2026 · Telegram Suporte',
      '#2Aguardando24/12/2025 · Chat do site',
    ]);
    expect(items.map((item) => item.getAttribute('href'))).toEqual(['/atendimento/4', '/atendimento/3', '/atendimento/2']);
    // The arrows go from item to item; Enter opens the one in focus.
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(items[0]).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/atendimento/3'));
  });

  it('a list at the limit says it holds the latest ones (there may be more)', async () => {
    signInAs('user', { userId: 7, queues: [{ id: 1, name: 'Suporte' }] });
    chatApi(Array.from({ length: EARLIER_TICKETS_LIMIT }, (_, i) => ({ ...EARLIER, id: 100 - i, protocol: null })));
    renderChat();
    expect(await screen.findByTestId('history-earlier')).toHaveTextContent(`Últimas ${EARLIER_TICKETS_LIMIT} conversas anteriores`);
  });
});
