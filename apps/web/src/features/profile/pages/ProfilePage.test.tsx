import type { LoginResponse, User } from '@conversa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../lib/i18n';
import { getConfigs, getSession, saveLogin } from '../../../lib/session';
import { renderWithApp } from '../../../test/render';
import { ProfilePage } from './ProfilePage';
import { watchNotices } from '../../../test/notices';

const login: LoginResponse = {
  token: 'access-1',
  refreshToken: 'unused',
  username: 'Ana Souza',
  profile: 'user',
  userId: 7,
  tenantId: 3,
  email: 'ana@example.com',
  queues: [],
  blockWavoip: false,
  whatsappAllowed: true,
  configs: { filtrosAtendimento: null, isDark: false, language: null, notificationSound: true },
};

let user: User;
type PutBody = Partial<Record<'name' | 'email' | 'password' | 'currentPassword', string>> & Record<string, unknown>;
let puts: { path: string; body: PutBody }[];
/** What PUT /users/7 answers (the stored user by default). */
let answerPut: (body: PutBody) => Response;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  saveLogin(login);
  user = {
    id: 7,
    tenantId: 3,
    name: 'Ana Souza',
    email: 'ana@example.com',
    profile: 'user',
    isOnline: true,
    lastOnline: null,
    blockWavoip: false,
    configs: login.configs,
    queues: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
  puts = [];
  // One's own e-mail is not changed by the answer (a link goes to the new address).
  answerPut = (body) => {
    user = { ...user, ...(body.name ? { name: body.name } : {}) };
    return json(200, user);
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = url.replace(/^https?:\/\/[^/]+/, '');
      if (init.method === 'PUT') {
        const body = JSON.parse(init.body as string) as PutBody;
        puts.push({ path, body });
        if (path === '/users/7/configs') {
          user = { ...user, configs: { ...user.configs, ...body } };
          return json(200, user);
        }
        return answerPut(body);
      }
      return json(200, user);
    }),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('pt');
});

async function renderPage() {
  const view = renderWithApp(<ProfilePage />);
  await screen.findByTestId('profile-page');
  return view;
}

describe('the profile page: password', () => {
  it('validates with the shared rules before sending anything (current password, SPEC §5 strength, confirmation)', async () => {
    const { user: person } = await renderPage();
    const form = screen.getByTestId('profile-password-form');
    await person.click(screen.getByTestId('profile-password-save'));
    // The shared schema's issue (a required field), translated: never zod's English.
    expect(await within(form).findByText('Este campo é obrigatório.', { selector: '.mantine-InputWrapper-error' })).toBeInTheDocument();
    expect(within(form).queryByText(/Too small|Invalid input/)).toBeNull();

    await person.type(screen.getByTestId('profile-current-password'), 'Old-pass-1!');
    await person.type(screen.getByTestId('profile-new-password'), 'abcdefg');
    await person.type(screen.getByTestId('profile-confirm-password'), 'abcdefx');
    await person.click(screen.getByTestId('profile-password-save'));
    expect(
      await within(form).findByText('A senha deve ter pelo menos 7 caracteres, com letras, números e um caractere especial.', {
        selector: '.mantine-InputWrapper-error',
      }),
    ).toBeInTheDocument();
    expect(within(form).getByText('As senhas não conferem.')).toBeInTheDocument();
    expect(puts).toEqual([]);
  });

  it('sends the new and the current password, says so, and empties the form', async () => {
    const notices = watchNotices();
    const { user: person } = await renderPage();
    await person.type(screen.getByTestId('profile-current-password'), 'Old-pass-1!');
    await person.type(screen.getByTestId('profile-new-password'), 'New-pass-2!');
    await person.type(screen.getByTestId('profile-confirm-password'), 'New-pass-2!');
    await person.click(screen.getByTestId('profile-password-save'));
    await notices.shown('Tudo certo! Senha alterada.');
    expect(puts).toEqual([{ path: '/users/7', body: { password: 'New-pass-2!', currentPassword: 'Old-pass-1!' } }]);
    expect(screen.getByTestId('profile-new-password')).toHaveValue('');
  });

  it("shows the server's refusal of a wrong current password, translated, on its field", async () => {
    answerPut = () =>
      json(400, {
        error: 'ERR_INVALID_CURRENT_PASSWORD',
        message: 'The current password is not correct.',
        fields: { currentPassword: ['The current password is not correct.'] },
      });
    const { user: person } = await renderPage();
    await person.type(screen.getByTestId('profile-current-password'), 'Wrong-pass-1!');
    await person.type(screen.getByTestId('profile-new-password'), 'New-pass-2!');
    await person.type(screen.getByTestId('profile-confirm-password'), 'New-pass-2!');
    await person.click(screen.getByTestId('profile-password-save'));
    expect(await within(screen.getByTestId('profile-password-form')).findByText('A senha atual não está correta.')).toBeInTheDocument();
    // Not a lost session: still signed in.
    expect(getSession()?.token).toBe('access-1');
  });

  it('a limit answer is shown translated', async () => {
    answerPut = () => json(429, { error: 'ERR_LIMIT_MAX', message: 'Too many attempts. Try again in 1 minute.' });
    const { user: person } = await renderPage();
    await person.type(screen.getByTestId('profile-current-password'), 'Old-pass-1!');
    await person.type(screen.getByTestId('profile-new-password'), 'New-pass-2!');
    await person.type(screen.getByTestId('profile-confirm-password'), 'New-pass-2!');
    await person.click(screen.getByTestId('profile-password-save'));
    expect(await screen.findByTestId('profile-password-error')).toHaveTextContent('Muitas tentativas. Tente novamente em 1 minuto.');
  });
});

describe('the profile page: name and e-mail', () => {
  it('saves a new name alone; the session (user menu) follows', async () => {
    const { user: person } = await renderPage();
    await person.clear(screen.getByTestId('profile-name'));
    await person.type(screen.getByTestId('profile-name'), 'Ana Paula');
    expect(screen.queryByTestId('profile-email-current-password')).toBeNull();
    await person.click(screen.getByTestId('profile-details-save'));
    await waitFor(() => expect(getSession()?.username).toBe('Ana Paula'));
    expect(puts).toEqual([{ path: '/users/7', body: { name: 'Ana Paula' } }]);
  });

  it('a new e-mail asks for the current password, then says where the confirmation link went', async () => {
    const { user: person } = await renderPage();
    await person.clear(screen.getByTestId('profile-email'));
    await person.type(screen.getByTestId('profile-email'), 'Ana.Paula@Example.com');
    await person.type(screen.getByTestId('profile-email-current-password'), 'Old-pass-1!');
    await person.click(screen.getByTestId('profile-details-save'));
    expect(await screen.findByTestId('profile-email-sent')).toHaveTextContent(
      'Enviamos um link de confirmação para ana.paula@example.com.',
    );
    expect(puts).toEqual([
      { path: '/users/7', body: { name: 'Ana Souza', email: 'ana.paula@example.com', currentPassword: 'Old-pass-1!' } },
    ]);
    // Still the old e-mail until the link is opened.
    expect(screen.getByTestId('profile-email')).toHaveValue('ana@example.com');
    expect(getSession()?.email).toBe('ana@example.com');
  });

  it('a new e-mail without the current password is not sent; a server refusal is told on its field', async () => {
    answerPut = () => json(409, { error: 'ERR_DUPLICATED_EMAIL', message: 'A user with this e-mail already exists.' });
    const { user: person } = await renderPage();
    await person.clear(screen.getByTestId('profile-email'));
    await person.type(screen.getByTestId('profile-email'), 'ana.paula@example.com');
    await person.click(screen.getByTestId('profile-details-save'));
    expect(await screen.findByText('Informe a sua senha atual.')).toBeInTheDocument();
    expect(puts).toEqual([]);

    await person.type(screen.getByTestId('profile-email-current-password'), 'Old-pass-1!');
    await person.click(screen.getByTestId('profile-details-save'));
    expect(await screen.findByText('Já existe um usuário com este e-mail.')).toBeInTheDocument();
    expect(puts).toEqual([
      { path: '/users/7', body: { name: 'Ana Souza', email: 'ana.paula@example.com', currentPassword: 'Old-pass-1!' } },
    ]);
  });
});

describe('the profile page: preferences', () => {
  it('switching the language re-renders the page in it and stores it on the server', async () => {
    const { user: person } = await renderPage();
    expect(screen.getByText('Meu perfil')).toBeInTheDocument();
    await person.selectOptions(screen.getByTestId('profile-language'), 'en');
    expect(await screen.findByText('My profile')).toBeInTheDocument();
    await waitFor(() => expect(puts).toContainEqual({ path: '/users/7/configs', body: { language: 'en' } }));
    expect(getConfigs().language).toBe('en');
  });

  it('turning the notification sound off stores it (the beep then stays silent)', async () => {
    const { user: person } = await renderPage();
    await person.click(screen.getByTestId('profile-sound'));
    await waitFor(() => expect(puts).toContainEqual({ path: '/users/7/configs', body: { notificationSound: false } }));
    expect(getConfigs().notificationSound).toBe(false);
    expect(screen.getByTestId('profile-sound')).not.toBeChecked();
  });

  it('a refused change is put back', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit = {}) =>
        init.method === 'PUT' ? json(400, { error: 'ERR_VALIDATION', message: 'no' }) : json(200, user),
      ),
    );
    const { user: person } = await renderPage();
    await person.click(screen.getByTestId('profile-sound'));
    await waitFor(() => expect(getConfigs().notificationSound).toBe(true));
  });
});
