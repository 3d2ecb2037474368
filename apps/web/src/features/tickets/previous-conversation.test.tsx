import type { EarlierTicket } from '@conversa/shared';
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
});
