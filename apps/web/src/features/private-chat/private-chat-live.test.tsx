import { SOCKET_EVENTS, type PrivateChatTeam } from '@conversa/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SocketProvider } from '../../app/SocketProvider';
import { fakeApi } from '../../test/fetch';
import { fakeSocket as socket } from '../../test/fake-socket';
import { renderWithApp } from '../../test/render';
import { signInAs } from '../../test/session';
import { PrivateChatPage } from './pages/PrivateChatPage';

/** The internal chat as the socket's `team` event changes it: a team conversation the user lost leaves the list and says why. */

vi.mock('socket.io-client', async () => (await import('../../test/fake-socket')).fakeSocketModule);

const ME = 7;
afterEach(() => vi.unstubAllGlobals());
const team = (id: number, name: string): PrivateChatTeam => ({ id, name, memberCount: 3, lastMessage: null, unreadCount: 0 });

function teamsApi(teams: () => PrivateChatTeam[]) {
  return fakeApi({
    'GET /users/chat-privado/': () => ({ body: { users: [] } }),
    'GET /private-chat/teams': () => ({ body: teams() }),
    'GET /private-chat/unread': () => ({ body: { total: 0 } }),
    'GET /private-chat/teams/:id/messages': () => ({ body: { messages: [], hasMore: false } }),
    'PUT /private-chat/teams/:id/read': () => ({ body: null }),
  });
}

async function openTeam(id: number) {
  const { user } = renderWithApp(
    <SocketProvider>
      <PrivateChatPage />
    </SocketProvider>,
  );
  await user.click(await screen.findByTestId('private-tab-teams'));
  await user.click(await screen.findByTestId(`private-team-${id}`));
  await screen.findByTestId('private-input');
}

describe('the team conversation of a user who lost it', () => {
  it('removed from the team: the `team` event reads the tab again; the team leaves it and the open conversation says why', async () => {
    signInAs('user', { userId: ME });
    let member = true;
    teamsApi(() => (member ? [team(3, 'Plantão'), team(4, 'Vendas')] : [team(4, 'Vendas')]));
    await openTeam(3);
    member = false;
    act(() => socket.serverSends(SOCKET_EVENTS.team, { action: 'update', teamId: 3 }));
    expect(await screen.findByTestId('private-conversation-gone')).toHaveTextContent(
      'Você não faz mais parte da equipe Plantão, ou ela foi excluída ou desativada.',
    );
    expect(screen.queryByTestId('private-team-3')).toBeNull();
    expect(screen.getByTestId('private-team-4')).toBeInTheDocument();
    expect(screen.queryByTestId('private-input')).toBeNull();
  });

  it('the team deleted: it leaves the tab at once, without waiting for the tab to be read again', async () => {
    signInAs('user', { userId: ME });
    const api = teamsApi(() => [team(3, 'Plantão'), team(4, 'Vendas')]);
    await openTeam(3);
    // From now on the teams tab is never answered (a slow server): only the event itself can drop the row.
    const answered = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) =>
      String(input instanceof Request ? input.url : input).endsWith('/private-chat/teams')
        ? new Promise(() => undefined)
        : answered(input, init),
    );
    act(() => socket.serverSends(SOCKET_EVENTS.team, { action: 'delete', teamId: 3 }));
    await waitFor(() => expect(screen.queryByTestId('private-team-3')).toBeNull());
    expect(screen.getByTestId('private-conversation-gone')).toBeInTheDocument();
    expect(screen.getByTestId('private-team-4')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'GET' && c.path === '/private-chat/teams')).toHaveLength(1);
  });
});
