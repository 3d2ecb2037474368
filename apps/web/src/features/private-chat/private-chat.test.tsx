import { PRIVATE_MESSAGE_MAX, type PrivateChatTeam, type PrivateChatUser, type PrivateMessage } from '@conversa/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fetch';
import { renderWithApp, testQueryClient } from '../../test/render';
import { signInAs } from '../../test/session';
import { applyPrivateMessageEvent, patchChatUserStatus } from './api';
import { UnreadChatBadge } from './components/UnreadChatBadge';
import { PrivateChatPage } from './pages/PrivateChatPage';

const ME = 7;
const message = (id: number, over: Partial<PrivateMessage> = {}): PrivateMessage => ({
  id,
  senderId: 8,
  senderName: 'Bruno',
  receiverId: ME,
  teamId: null,
  body: `mensagem ${id}`,
  media: null,
  createdAt: '2026-03-02T14:00:00.000Z',
  ...over,
});
const chatUser = (id: number, name: string, over: Partial<PrivateChatUser> = {}): PrivateChatUser => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  profile: 'user',
  isOnline: false,
  lastOnline: null,
  lastMessage: null,
  unreadCount: 0,
  ...over,
});
const BRUNO = chatUser(8, 'Bruno', { isOnline: true, lastMessage: message(41), unreadCount: 2 });
const CARLA = chatUser(9, 'Carla');
const SQUAD: PrivateChatTeam = {
  id: 3,
  name: 'Plantão',
  memberCount: 4,
  lastMessage: message(50, { teamId: 3, receiverId: null, senderId: 9, senderName: 'Carla', body: 'Reunião às 15h' }),
  unreadCount: 1,
};

function chatApi(overrides: Parameters<typeof fakeApi>[0] = {}) {
  let read = false;
  return fakeApi({
    'GET /users/chat-privado/': () => ({ body: { users: [CARLA, read ? { ...BRUNO, unreadCount: 0 } : BRUNO] } }),
    'GET /private-chat/teams': () => ({ body: [SQUAD] }),
    'GET /private-chat/unread': () => ({ body: { total: read ? 1 : 3 } }),
    'GET /private-chat/users/8/messages': ({ query }) =>
      query.get('pageNumber') === '2'
        ? { body: { messages: [message(30, { body: 'bem antiga' })], hasMore: false } }
        : { body: { messages: [message(40, { senderId: ME, senderName: 'Ana', receiverId: 8 }), message(41)], hasMore: true } },
    'GET /private-chat/teams/3/messages': () => ({ body: { messages: [SQUAD.lastMessage], hasMore: false } }),
    'PUT /private-chat/users/8/read': () => {
      read = true;
      return { body: null };
    },
    'PUT /private-chat/teams/3/read': () => ({ body: null }),
    'POST /private-chat/users/8/messages': ({ body }) => ({
      status: 201,
      body: message(60, {
        senderId: ME,
        senderName: 'Ana',
        receiverId: 8,
        body: body instanceof FormData ? (body.get('body') as string) : (body as { body: string }).body,
      }),
    }),
    ...overrides,
  });
}

beforeEach(() => signInAs('user', { userId: ME, username: 'Ana' }));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('/chat-privado', () => {
  it('lists the users with online status, last message and unread count, and the teams in their tab', async () => {
    chatApi();
    const { user } = renderWithApp(<PrivateChatPage />);
    const bruno = await screen.findByTestId('private-user-8');
    expect(bruno).toHaveTextContent('mensagem 41');
    expect(within(bruno).getByTestId('private-user-8-unread')).toHaveTextContent('2');
    expect(within(bruno).getByLabelText('Online')).toBeInTheDocument();
    expect(within(screen.getByTestId('private-user-9')).getByLabelText('Offline')).toBeInTheDocument();
    // The conversation with news comes first.
    const rows = screen.getAllByTestId(/^private-user-\d+$/);
    expect(rows.map((row) => row.getAttribute('data-testid'))).toEqual(['private-user-8', 'private-user-9']);

    await user.click(screen.getByTestId('private-tab-teams'));
    const squad = await screen.findByTestId('private-team-3');
    expect(squad).toHaveTextContent('Plantão');
    expect(squad).toHaveTextContent('Reunião às 15h');
    expect(within(squad).getByTestId('private-team-3-unread')).toHaveTextContent('1');

    await user.type(screen.getByLabelText('Pesquisar'), 'xyz');
    expect(screen.queryByTestId('private-team-3')).toBeNull();
  });

  it('opening a conversation shows its history newest last, marks it read (count cleared) and loads older pages on demand', async () => {
    const api = chatApi();
    const { user } = renderWithApp(<PrivateChatPage />);
    await user.click(await screen.findByTestId('private-user-8'));
    const view = await screen.findByTestId('private-conversation');
    expect(within(view).getByTestId('private-conversation-name')).toHaveTextContent('Bruno');
    await within(view).findByTestId('private-message-41');
    const ids = within(view)
      .getAllByTestId(/^private-message-/)
      .map((el) => el.getAttribute('data-testid'));
    expect(ids).toEqual(['private-message-40', 'private-message-41']);
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT' && c.path === '/private-chat/users/8/read')).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('private-user-8-unread')).toBeNull());

    await user.click(within(view).getByTestId('private-older'));
    await within(view).findByTestId('private-message-30');
    expect(within(view).getAllByTestId(/^private-message-/)[0]).toHaveAttribute('data-testid', 'private-message-30');
  });

  it('Enter sends (Shift+Enter breaks the line); the message joins the conversation', async () => {
    const api = chatApi();
    const { user } = renderWithApp(<PrivateChatPage />);
    await user.click(await screen.findByTestId('private-user-8'));
    const input = await screen.findByTestId('private-input');
    await user.type(input, 'Oi{Shift>}{Enter}{/Shift}tudo bem?');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(input, '{Enter}');
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ body: 'Oi\ntudo bem?' }));
    expect(await screen.findByTestId('private-message-60')).toHaveTextContent('tudo bem?');
    expect(input).toHaveValue('');
  });

  it('attaches a file, sent as multipart with its name', async () => {
    const api = chatApi();
    const { user } = renderWithApp(<PrivateChatPage />);
    await user.click(await screen.findByTestId('private-user-8'));
    await screen.findByTestId('private-input');
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]');
    expect(picker).not.toBeNull();
    await user.upload(picker!, new File(['%PDF-1.4'], 'boleto.pdf', { type: 'application/pdf' }));
    expect(screen.getByTestId('private-attachment')).toHaveTextContent('boleto.pdf');
    await user.click(screen.getByTestId('private-send'));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toBeInstanceOf(FormData));
    const form = api.calls.find((c) => c.method === 'POST')?.body as FormData;
    expect((form.get('medias') as File).name).toBe('boleto.pdf');
  });

  it('live: a message from another counts as unread in the list and the badge; the user status follows', async () => {
    chatApi();
    const queryClient = testQueryClient();
    renderWithApp(
      <>
        <UnreadChatBadge />
        <PrivateChatPage />
      </>,
      { queryClient },
    );
    expect(await screen.findByTestId('private-chat-unread')).toHaveTextContent('3');
    await screen.findByTestId('private-user-9');
    act(() =>
      applyPrivateMessageEvent(
        queryClient,
        { action: 'create', message: message(70, { senderId: 9, senderName: 'Carla', body: 'Chegou?' }) },
        ME,
      ),
    );
    expect(await screen.findByTestId('private-user-9-unread')).toHaveTextContent('1');
    expect(screen.getByTestId('private-user-9')).toHaveTextContent('Chegou?');
    await waitFor(() => expect(screen.getByTestId('private-chat-unread')).toHaveTextContent('4'));
    // Its own messages (from another tab) do not count.
    act(() =>
      applyPrivateMessageEvent(queryClient, { action: 'create', message: message(71, { senderId: ME, receiverId: 9, body: 'Sim' }) }, ME),
    );
    await waitFor(() => expect(screen.getByTestId('private-user-9')).toHaveTextContent('Sim'));
    expect(screen.getByTestId('private-chat-unread')).toHaveTextContent('4');
    act(() => patchChatUserStatus(queryClient, 9, true));
    expect(await within(screen.getByTestId('private-user-9')).findByLabelText('Online')).toBeInTheDocument();
    // A read in another tab clears the conversation's count.
    act(() => applyPrivateMessageEvent(queryClient, { action: 'read', conversation: { type: 'user', id: 9 } }, ME));
    await waitFor(() => expect(screen.queryByTestId('private-user-9-unread')).toBeNull());
  });

  it('a search that finds nothing says so in each tab; an empty tab without a search says why it is empty', async () => {
    chatApi({ 'GET /private-chat/teams': () => ({ body: [] }) });
    const { user } = renderWithApp(<PrivateChatPage />);
    await screen.findByTestId('private-user-8');
    const usersPanel = () => screen.getByRole('tabpanel', { name: /Usuários/ });
    expect(within(usersPanel()).queryByTestId('private-empty')).toBeNull();
    await user.type(screen.getByLabelText('Pesquisar'), 'ninguém');
    expect(within(usersPanel()).getByTestId('private-empty')).toHaveTextContent('Nenhuma conversa encontrada.');
    expect(screen.queryByTestId('private-user-8')).toBeNull();
    // No team at all: that, not the search, is why the tab is empty.
    await user.click(screen.getByTestId('private-tab-teams'));
    const teamsPanel = screen.getByRole('tabpanel', { name: /Equipes/ });
    expect(within(teamsPanel).getByTestId('private-empty')).toHaveTextContent('Você ainda não faz parte de nenhuma equipe.');
    await user.clear(screen.getByLabelText('Pesquisar'));
    expect(within(teamsPanel).getByTestId('private-empty')).toHaveTextContent('Você ainda não faz parte de nenhuma equipe.');
    await user.click(screen.getByTestId('private-tab-users'));
    expect(within(usersPanel()).queryByTestId('private-empty')).toBeNull();
  });

  it('the composer shows the count near the limit and refuses a longer text (never cut): no send until it is shortened', async () => {
    const api = chatApi();
    const { user } = renderWithApp(<PrivateChatPage />);
    await user.click(await screen.findByTestId('private-user-8'));
    const input = await screen.findByTestId('private-input');
    await user.click(input);
    await user.paste('a'.repeat(PRIVATE_MESSAGE_MAX - 401));
    expect(screen.queryByTestId('private-counter')).toBeNull();
    await user.paste('b'.repeat(401));
    expect(screen.getByTestId('private-counter')).toHaveTextContent(`${PRIVATE_MESSAGE_MAX} de ${PRIVATE_MESSAGE_MAX} caracteres`);
    expect(screen.getByTestId('private-send')).toBeEnabled();
    await user.paste('c');
    // The whole text is kept, and said to be too long.
    expect((input as HTMLTextAreaElement).value).toHaveLength(PRIVATE_MESSAGE_MAX + 1);
    expect(screen.getByTestId('private-counter')).toHaveTextContent(
      `${PRIVATE_MESSAGE_MAX + 1} de ${PRIVATE_MESSAGE_MAX} caracteres — A mensagem passa de ${PRIVATE_MESSAGE_MAX} caracteres. Encurte-a para enviar.`,
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('private-send')).toBeDisabled();
    await user.type(input, '{Enter}');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(input, '{Backspace}');
    expect(screen.getByTestId('private-send')).toBeEnabled();
    await user.type(input, '{Enter}');
    await waitFor(() =>
      expect((api.calls.find((c) => c.method === 'POST')?.body as { body: string }).body).toHaveLength(PRIVATE_MESSAGE_MAX),
    );
  });

  it('a team conversation the user was taken out of says why and closes; the team leaves the list', async () => {
    let member = true;
    const api = chatApi({
      'GET /private-chat/teams': () => ({ body: member ? [SQUAD] : [] }),
      'POST /private-chat/teams/3/messages': () => {
        member = false;
        return { status: 404, body: { error: 'ERR_NO_TEAM_FOUND', message: 'No team found with this ID.' } };
      },
    });
    const { user } = renderWithApp(<PrivateChatPage />);
    await user.click(await screen.findByTestId('private-tab-teams'));
    await user.click(await screen.findByTestId('private-team-3'));
    await screen.findByTestId('private-message-50');
    await user.type(await screen.findByTestId('private-input'), 'ainda estou aqui?{Enter}');
    const gone = await screen.findByTestId('private-conversation-gone');
    expect(gone).toHaveTextContent('Conversa indisponível');
    expect(gone).toHaveTextContent('Você não faz mais parte da equipe Plantão, ou ela foi excluída ou desativada.');
    expect(screen.queryByTestId('private-input')).toBeNull();
    expect(screen.queryByTestId('private-message-50')).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('private-team-3')).toBeNull());
    expect(screen.queryByText('Equipe não encontrada.')).toBeNull();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('on a phone (390 px) shows the list, then the conversation with a way back', async () => {
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
    chatApi();
    const { user } = renderWithApp(<PrivateChatPage />);
    await user.click(await screen.findByTestId('private-user-8'));
    expect(await screen.findByTestId('private-conversation')).toBeInTheDocument();
    expect(screen.queryByTestId('private-chat-list')).toBeNull();
    await user.click(screen.getByTestId('private-back'));
    expect(await screen.findByTestId('private-chat-list')).toBeInTheDocument();
  });
});
