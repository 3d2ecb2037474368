import { createTeamBodySchema, type Team, type User } from '@conversa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fetch';
import { expectFieldError, field } from '../../test/form';
import { renderWithApp } from '../../test/render';
import { signInAs } from '../../test/session';
import { UsersPage } from '../users/pages/UsersPage';
import { TeamsPage } from './pages/TeamsPage';

const stamp = { createdAt: '2026-01-01T10:00:00.000Z', updatedAt: '2026-01-01T10:00:00.000Z' };
const user = (id: number, name: string): User => ({
  id,
  tenantId: 1,
  name,
  email: `${name.toLowerCase()}@example.com`,
  profile: 'user',
  isOnline: false,
  lastOnline: null,
  blockWavoip: false,
  configs: { filtrosAtendimento: null, isDark: false, language: null, notificationSound: true },
  queues: [],
  ...stamp,
});
const ANA = user(7, 'Ana');
const BRUNO = user(8, 'Bruno');
const CARLA = user(9, 'Carla');
const SUPPORT: Team = { id: 1, name: 'Suporte', isActive: true, users: [{ id: 8, name: 'Bruno' }], ...stamp };
const SALES: Team = { id: 2, name: 'Vendas', isActive: false, users: [], ...stamp };

beforeEach(() => signInAs('super'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const usersPage = { body: { users: [ANA, BRUNO, CARLA], count: 3, hasMore: false } };

describe('/equipes', () => {
  it('lists the teams with their members and active switch; the switch saves at once', async () => {
    const api = fakeApi({
      'GET /teams': () => ({ body: [SUPPORT, SALES] }),
      'PUT /teams/:id': ({ body }) => ({ body: { ...SUPPORT, ...(body as object) } }),
    });
    const { user } = renderWithApp(<TeamsPage />);
    expect(await screen.findByTestId('team-members-1')).toHaveTextContent('Bruno');
    expect(screen.getByTestId('team-members-2')).toHaveTextContent('Sem membros');
    expect(screen.getByTestId('team-2')).toHaveTextContent('Inativa');
    await user.click(screen.getByTestId('team-active-1'));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/teams/1', body: { isActive: false } }));
  });

  it('creates one with members picked from the tenant users; the shared schema refuses an empty name; a taken name is shown on the field', async () => {
    let taken = true;
    const api = fakeApi({
      'GET /teams': () => ({ body: [SUPPORT] }),
      'GET /users/': () => usersPage,
      'POST /teams': ({ body }) =>
        taken
          ? { status: 409, body: { error: 'ERR_DUPLICATED_TEAM', message: 'A team with this name already exists.' } }
          : { status: 201, body: { id: 3, ...stamp, users: [], ...(body as object) } },
    });
    const { user } = renderWithApp(<TeamsPage />);
    await user.click(await screen.findByTestId('teams-new'));
    await user.click(screen.getByTestId('team-save'));
    await expectFieldError('Nome', 'Este campo é obrigatório.');
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(field('Nome'), 'suporte');
    await user.click(screen.getByTestId('team-members'));
    await user.click(await screen.findByRole('option', { name: 'Carla', hidden: true }));
    await user.click(screen.getByTestId('team-save'));
    await expectFieldError('Nome', 'Já existe uma equipe com este nome.');

    taken = false;
    await user.clear(field('Nome'));
    await user.type(field('Nome'), 'Plantão');
    await user.click(screen.getByTestId('team-save'));
    await waitFor(() => expect(screen.queryByTestId('team-modal')).toBeNull());
    const post = api.calls.filter((c) => c.method === 'POST').at(-1);
    expect(post?.body).toEqual({ name: 'Plantão', isActive: true, userIds: [9] });
    expect(createTeamBodySchema.safeParse(post?.body).success).toBe(true);
  });

  it('editing the members replaces them (PUT /teams/{id}/users) after saving name and active', async () => {
    const api = fakeApi({
      'GET /teams': () => ({ body: [SUPPORT] }),
      'GET /users/': () => usersPage,
      'PUT /teams/1/users': ({ body }) => ({ body: { ...SUPPORT, users: [], ...(body as object) } }),
      'PUT /teams/:id': () => ({ body: SUPPORT }),
    });
    const { user } = renderWithApp(<TeamsPage />);
    await user.click(await screen.findByTestId('team-edit-1'));
    await user.click(screen.getByTestId('team-members'));
    await user.click(await screen.findByRole('option', { name: 'Ana', hidden: true }));
    await user.click(screen.getByTestId('team-save'));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual(['/teams/1', '/teams/1/users']));
    expect(api.calls.find((c) => c.path === '/teams/1/users')?.body).toEqual({ userIds: [8, 7] });
  });

  it('deleting asks first and says what it detaches', async () => {
    const api = fakeApi({
      'GET /teams': () => ({ body: [SUPPORT] }),
      'GET /teams/1/usage': () => ({ body: { users: 1, messages: 12 } }),
      'DELETE /teams/1': () => ({ body: { detachedUsers: 1 } }),
    });
    const { user } = renderWithApp(<TeamsPage />);
    await user.click(await screen.findByTestId('team-delete-1'));
    expect(await screen.findByTestId('team-delete-usage')).toHaveTextContent(
      '1 membro deixarão a equipe e a conversa da equipe, com 12 mensagens, será apagada.',
    );
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/teams/1')).toBe(true));
  });
});

describe('the users screen filtered by team', () => {
  it("shows only the chosen team's members", async () => {
    signInAs('admin');
    const api = fakeApi({
      'GET /teams': () => ({ body: [SUPPORT] }),
      'GET /users/': ({ query }) => (query.get('teamId') === '1' ? { body: { users: [BRUNO], count: 1, hasMore: false } } : usersPage),
    });
    const { user } = renderWithApp(<UsersPage />);
    expect(await screen.findByTestId('user-row-9')).toBeInTheDocument();
    await user.click(screen.getByTestId('users-team-filter'));
    await user.click(await screen.findByRole('option', { name: 'Suporte', hidden: true }));
    await waitFor(() => expect(screen.queryByTestId('user-row-9')).toBeNull());
    expect(screen.getByTestId('user-row-8')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/users/' && c.query.get('teamId') === '1')).toBe(true);
  });
});

describe('the users screen, deleting', () => {
  it('asks first; deleting the last user of page 2 takes the list back to page 1', async () => {
    let deleted = false;
    const api = fakeApi({
      'GET /users/': ({ query }) =>
        query.get('pageNumber') === '2'
          ? { body: { users: deleted ? [] : [CARLA], count: deleted ? 2 : 3, hasMore: false } }
          : { body: { users: [ANA, BRUNO], count: deleted ? 2 : 3, hasMore: !deleted } },
      'DELETE /users/:id': () => {
        deleted = true;
        return { status: 204, body: null };
      },
    });
    const { user } = renderWithApp(<UsersPage />);
    await user.click(await screen.findByTestId('users-next'));
    await user.click(await screen.findByTestId('user-delete-9'));
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    const dialog = await screen.findByTestId('confirm-modal');
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/users/9']));
    expect(await screen.findByText('Página 1')).toBeInTheDocument();
    expect(await screen.findByTestId('user-row-7')).toBeInTheDocument();
  });
});
