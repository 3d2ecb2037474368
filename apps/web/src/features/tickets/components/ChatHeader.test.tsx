import type { FarewellMessage, Ticket } from '@conversa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { ChatHeader } from './ChatHeader';
import { watchNotices } from '../../../test/notices';

const TICKET: Ticket = {
  id: 12,
  status: 'open',
  name: 'Carla',
  contactId: 5,
  contact: { id: 5, name: 'Carla', number: '5511999990000', email: null, profilePicUrl: null, blocked: false },
  userId: 7,
  username: 'Ana Souza',
  queueId: null,
  whatsappId: 1,
  channel: 'webchat',
  chatFlowId: null,
  isGroup: false,
  unreadMessages: 0,
  answered: true,
  lastMessage: 'oi',
  lastMessageAt: '2026-02-01T12:00:00.000Z',
  profilePicUrl: null,
  integrationStatuses: {},
  kanban: null,
  tags: [],
  demand: null,
  protocol: null,
  value: null,
  rating: null,
  createdAt: '2026-02-01T12:00:00.000Z',
  updatedAt: '2026-02-01T12:00:00.000Z',
};

const PRESET: FarewellMessage = {
  id: 3,
  message: 'Obrigado, {{name}}! Até a próxima.',
  userId: 1,
  username: 'Rita',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => signInAs('user', { userId: 7 }));
afterEach(() => vi.unstubAllGlobals());

function api(answer: (body: unknown) => Ticket) {
  return fakeApi({
    'GET /queue': () => ({ body: [] }),
    'GET /farewellMessages': () => ({ body: [PRESET] }),
    'PUT /tickets/:id': ({ body }) => ({ body: answer(body) }),
  });
}

describe('the resolve dialog', () => {
  it('sends the closing message picked (by id, the server fills in its variables) and closes', async () => {
    const fake = api(() => ({ ...TICKET, status: 'closed' }));
    const { user } = renderWithApp(<ChatHeader ticket={TICKET} panelOpen={false} onTogglePanel={() => undefined} />);
    await user.click(screen.getByTestId('ticket-resolve'));
    await user.click(await screen.findByTestId('resolve-farewell-preset'));
    await user.click(await screen.findByRole('option', { name: PRESET.message, hidden: true }));
    expect(await screen.findByTestId('resolve-farewell-preview')).toHaveTextContent(PRESET.message);
    expect(screen.queryByTestId('resolve-farewell')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('confirm-button'));

    await waitFor(() => expect(fake.calls.find((call) => call.method === 'PUT')?.body).toEqual({ status: 'closed', farewellMessageId: 3 }));
    expect(await screen.findByText('Tudo certo! Atendimento resolvido.')).toBeInTheDocument();
  });

  it('asks for a rating when ticked: the ticket stays until the customer answers, and the agent is told so', async () => {
    const fake = api(() => TICKET);
    const { user } = renderWithApp(<ChatHeader ticket={TICKET} panelOpen={false} onTogglePanel={() => undefined} />);
    await user.click(screen.getByTestId('ticket-resolve'));
    await user.click(await screen.findByTestId('resolve-request-rating'));
    await user.click(screen.getByTestId('resolve-farewell'));
    await user.paste('Tchau!');
    await user.click(screen.getByTestId('confirm-button'));

    await waitFor(() =>
      expect(fake.calls.find((call) => call.method === 'PUT')?.body).toEqual({
        status: 'closed',
        farewellMessage: 'Tchau!',
        requestRating: true,
      }),
    );
    expect(await screen.findByText('Avaliação solicitada: o atendimento será encerrado quando o cliente responder.')).toBeInTheDocument();
  });

  it('offers no rating for a group ticket', async () => {
    api(() => TICKET);
    const { user } = renderWithApp(<ChatHeader ticket={{ ...TICKET, isGroup: true }} panelOpen={false} onTogglePanel={() => undefined} />);
    await user.click(screen.getByTestId('ticket-resolve'));
    await screen.findByTestId('resolve-farewell-preset');
    expect(screen.queryByTestId('resolve-request-rating')).not.toBeInTheDocument();
  });
});

describe('the chatbot switch (PUT /ticketsChatBot/{id})', () => {
  function botApi(answer: (body: unknown) => Ticket) {
    return fakeApi({
      'GET /queue': () => ({ body: [] }),
      'PUT /ticketsChatBot/:id': ({ body }) => ({ body: answer(body) }),
    });
  }
  const botCalls = (fake: ReturnType<typeof botApi>) => fake.calls.filter((call) => call.method === 'PUT');

  it('hands a ticket out of the bot to it after a confirmation, and shows it in the bot', async () => {
    const fake = botApi(() => ({ ...TICKET, status: 'pending', userId: null, username: null, chatFlowId: 4 }));
    const { user } = renderWithApp(<ChatHeader ticket={TICKET} panelOpen={false} onTogglePanel={() => undefined} />);
    const toggle = screen.getByTestId('ticket-chatbot');
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(
      await screen.findByText(
        'Colocar o atendimento de Carla no chatbot? Ele sai do atendente, volta para Aguardando e o fluxo do canal recomeça do início.',
      ),
    ).toBeInTheDocument();
    expect(botCalls(fake)).toEqual([]);
    await user.click(screen.getByTestId('confirm-button'));

    await waitFor(() => expect(botCalls(fake)).toMatchObject([{ path: '/ticketsChatBot/12', body: { chatbot: true } }]));
    expect(await screen.findByText('Tudo certo! O chatbot assumiu o atendimento.')).toBeInTheDocument();
  });

  it("says so when the ticket's channel has no runnable flow (404 ERR_NO_FLOW_FOUND) and leaves the ticket as it was", async () => {
    const fake = fakeApi({
      'GET /queue': () => ({ body: [] }),
      'PUT /ticketsChatBot/:id': () => ({
        status: 404,
        body: { error: 'ERR_NO_FLOW_FOUND', message: "The ticket's channel has no active published chatbot flow." },
      }),
    });
    const { user } = renderWithApp(<ChatHeader ticket={TICKET} panelOpen={false} onTogglePanel={() => undefined} />);
    await user.click(screen.getByTestId('ticket-chatbot'));
    await user.click(await screen.findByTestId('confirm-button'));
    expect(await screen.findByText('O canal deste atendimento não tem um fluxo de chatbot ativo e publicado.')).toBeInTheDocument();
    expect(fake.calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    expect(screen.getByTestId('ticket-chatbot')).not.toBeChecked();
  });

  it('switches the bot off at once for a ticket in it (chatFlowId set)', async () => {
    const inBot: Ticket = { ...TICKET, status: 'pending', userId: null, username: null, chatFlowId: 4 };
    const fake = botApi(() => ({ ...inBot, chatFlowId: null }));
    const { user } = renderWithApp(<ChatHeader ticket={inBot} panelOpen={false} onTogglePanel={() => undefined} />);
    const toggle = screen.getByTestId('ticket-chatbot');
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(botCalls(fake)).toMatchObject([{ path: '/ticketsChatBot/12', body: { chatbot: false } }]));
    expect(await screen.findByText('Tudo certo! O chatbot foi desligado neste atendimento.')).toBeInTheDocument();
    expect(screen.queryByTestId('confirm-button')).not.toBeInTheDocument();
  });

  it('is shown only to whoever may act on the ticket, and never to put a closed or group ticket in the bot', () => {
    botApi(() => TICKET);
    const render = (ticket: Ticket) => {
      const view = renderWithApp(<ChatHeader ticket={ticket} panelOpen={false} onTogglePanel={() => undefined} />);
      const shown = screen.queryByTestId('ticket-chatbot') !== null;
      view.unmount();
      return shown;
    };
    // Another agent's ticket: neither a user nor a supervisor may switch it; an admin may.
    expect(render({ ...TICKET, userId: 9, username: 'Bruno' })).toBe(false);
    signInAs('super', { userId: 7 });
    expect(render({ ...TICKET, userId: 9, username: 'Bruno' })).toBe(false);
    signInAs('admin', { userId: 7 });
    expect(render({ ...TICKET, userId: 9, username: 'Bruno' })).toBe(true);
    expect(render({ ...TICKET, status: 'closed' })).toBe(false);
    expect(render({ ...TICKET, isGroup: true })).toBe(false);
    // A group or closed ticket still marked in the bot can be taken out of it.
    expect(render({ ...TICKET, isGroup: true, chatFlowId: 4 })).toBe(true);
  });
});

describe('a ticket waiting for another agent (transferred or given to them)', () => {
  it('anyone who sees it may take it, but is asked first; the agent it waits for accepts at once', async () => {
    const fake = api(() => ({ ...TICKET, status: 'open', userId: 7, username: 'Ana Souza' }));
    const waitingForBruno: Ticket = { ...TICKET, status: 'pending', userId: 9, username: 'Bruno' };
    const { user, unmount } = renderWithApp(<ChatHeader ticket={waitingForBruno} panelOpen={false} onTogglePanel={() => undefined} />);
    await user.click(screen.getByTestId('ticket-accept'));
    const dialog = await screen.findByTestId('confirm-modal');
    expect(dialog).toHaveTextContent('O atendimento de Carla aguarda Bruno. Assumir mesmo assim? Ele passa a ser seu.');
    expect(fake.calls.filter((call) => call.method === 'PUT')).toEqual([]);
    await user.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() =>
      expect(fake.calls.find((call) => call.method === 'PUT')).toMatchObject({ path: '/tickets/12', body: { status: 'open', userId: 7 } }),
    );
    unmount();

    signInAs('user', { userId: 9 });
    const mine = api(() => ({ ...TICKET, status: 'open', userId: 9, username: 'Bruno' }));
    const view = renderWithApp(<ChatHeader ticket={waitingForBruno} panelOpen={false} onTogglePanel={() => undefined} />);
    await view.user.click(screen.getByTestId('ticket-accept'));
    await waitFor(() => expect(mine.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(screen.queryByTestId('confirm-modal')).toBeNull();
  });
});

describe('reopening a resolved ticket', () => {
  it('while the customer has another conversation going on the channel: offers to open that ticket instead', async () => {
    const fake = fakeApi({
      'GET /queue': () => ({ body: [] }),
      'PUT /tickets/:id': () => ({
        status: 409,
        body: {
          error: 'ERR_OTHER_OPEN_TICKET',
          message: 'Já existe um ticket aberto/pendente para esse contato.',
          details: { ticketId: 44, userId: null, status: 'pending' },
        },
      }),
    });
    function Where() {
      return <span data-testid="where">{useLocation().pathname}</span>;
    }
    const { user } = renderWithApp(
      <Routes>
        <Route
          path="*"
          element={
            <>
              <ChatHeader ticket={{ ...TICKET, status: 'closed' }} panelOpen={false} onTogglePanel={() => undefined} />
              <Where />
            </>
          }
        />
      </Routes>,
      { route: '/atendimento/12' },
    );
    await user.click(screen.getByTestId('ticket-reopen'));
    const dialog = await screen.findByTestId('confirm-modal');
    expect(dialog).toHaveTextContent(
      'Carla já tem outro ticket aberto ou aguardando neste canal, por isso este não pode ser reaberto. Deseja abrir o ticket em andamento?',
    );
    expect(fake.calls.find((call) => call.method === 'PUT')).toMatchObject({ path: '/tickets/12', body: { status: 'open', userId: 7 } });
    await user.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/atendimento/44'));
  });
});

describe("the ticket's kanban lane (PUT /tickets/{id}/lane)", () => {
  const LANES = [
    { id: 3, name: 'Negociação', color: '#868e96', position: 0, ticketCount: 0, createdAt: TICKET.createdAt, updatedAt: TICKET.createdAt },
    { id: 4, name: 'Pós-venda', color: '#868e96', position: 1, ticketCount: 0, createdAt: TICKET.createdAt, updatedAt: TICKET.createdAt },
  ];

  it('puts the ticket in a lane picked from the list, and clears it', async () => {
    const notices = watchNotices();
    const fake = fakeApi({
      'GET /queue': () => ({ body: [] }),
      'GET /lanes': () => ({ body: LANES }),
      'PUT /tickets/:id/lane': ({ body }) => {
        const laneId = (body as { laneId: number | null }).laneId;
        return { body: { ...TICKET, kanban: laneId === null ? null : { id: laneId, name: LANES.find((l) => l.id === laneId)!.name } } };
      },
    });
    const { user, rerender } = renderWithApp(<ChatHeader ticket={TICKET} panelOpen={false} onTogglePanel={() => undefined} />);
    const select = await screen.findByTestId('ticket-lane');
    expect(select).toHaveAccessibleName('Coluna do kanban');
    expect(select).toHaveValue('');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Pós-venda', hidden: true }));
    await waitFor(() =>
      expect(fake.calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/tickets/12/lane', body: { laneId: 4 } }),
    );
    await notices.shown('Atendimento movido para “Pós-venda”.');

    rerender(<ChatHeader ticket={{ ...TICKET, kanban: { id: 4, name: 'Pós-venda' } }} panelOpen={false} onTogglePanel={() => undefined} />);
    expect(screen.getByTestId('ticket-lane')).toHaveValue('Pós-venda');
    const clear = screen.getByTestId('ticket-lane').parentElement!.querySelector('button')!;
    await user.click(clear);
    await waitFor(() => expect(fake.calls.filter((c) => c.method === 'PUT').at(-1)).toMatchObject({ body: { laneId: null } }));
  });

  it('is not shown while the company has no lanes', async () => {
    const fake = fakeApi({ 'GET /queue': () => ({ body: [] }), 'GET /lanes': () => ({ body: [] }) });
    renderWithApp(<ChatHeader ticket={TICKET} panelOpen={false} onTogglePanel={() => undefined} />);
    await waitFor(() => expect(fake.calls.some((c) => c.path === '/lanes')).toBe(true));
    await screen.findByTestId('ticket-resolve');
    expect(screen.queryByTestId('ticket-lane')).not.toBeInTheDocument();
  });
});
