import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { getConfigs } from '../../lib/session';
import { fakeApi } from '../../test/fetch';
import { DESKTOP, PHONE, setScreenSize } from '../../test/media';
import { renderWithApp } from '../../test/render';
import { signInAs } from '../../test/session';
import { HeaderBar } from './HeaderBar';

// jsdom lays nothing out, so Mantine hides an open dropdown as if its target were off-screen
// (display: none): the menu's content is queried with `hidden: true`; the e2e tests see it for real.
const inMenu = { hidden: true } as const;

async function openUserMenu(user: ReturnType<typeof renderWithApp>['user']): Promise<HTMLElement> {
  await user.click(screen.getByTestId('user-menu'));
  return screen.findByRole('menu', inMenu);
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('pt');
});

/** PUT /users/{id}/configs answered as the server does: the user with the configs changed. */
function configsApi() {
  return fakeApi({
    'PUT /users/:id/configs': ({ body }) => ({
      body: {
        id: 7,
        name: 'Ana Souza',
        profile: 'admin',
        email: 'ana@example.com',
        blockWavoip: false,
        queues: [],
        configs: { ...getConfigs(), ...(body as object) },
      },
    }),
  });
}

describe('the header', () => {
  it('on a wide screen shows the language, the colour scheme and the named user menu side by side', async () => {
    setScreenSize(DESKTOP, 800);
    signInAs('admin', { username: 'Ana Souza' });
    const { user } = renderWithApp(<HeaderBar navbarOpened={false} onToggleNavbar={vi.fn()} />);
    expect(screen.getByTestId('header-bar')).not.toHaveAttribute('data-compact');
    expect(screen.getByTestId('language-menu')).toHaveTextContent('PT');
    expect(screen.getByTestId('color-scheme-toggle')).toHaveTextContent('Modo escuro');
    expect(screen.getByTestId('user-menu')).toHaveTextContent('Ana Souza');
    const menu = await openUserMenu(user);
    expect(within(menu).getByRole('menuitem', { ...inMenu, name: 'Sair' })).toBeInTheDocument();
    // Language and colour scheme are in the header, not repeated in the menu.
    expect(within(menu).queryByLabelText('Idioma')).not.toBeInTheDocument();
  });

  it('on a phone keeps only an avatar button, whose menu holds the language, the colour scheme and sign-out', async () => {
    setScreenSize(PHONE);
    signInAs('admin', { username: 'Ana Souza Figueiredo de Albuquerque', email: 'ana@example.com' });
    const api = configsApi();
    const { user } = renderWithApp(<HeaderBar navbarOpened={false} onToggleNavbar={vi.fn()} />);
    expect(screen.getByTestId('header-bar')).toHaveAttribute('data-compact', 'true');
    expect(screen.queryByTestId('language-menu')).not.toBeInTheDocument();
    expect(screen.queryByTestId('color-scheme-toggle')).not.toBeInTheDocument();
    const avatar = screen.getByRole('button', { name: 'Menu do usuário' });
    // An icon only: a long name cannot push it off the screen.
    expect(avatar).not.toHaveTextContent(/\S/);

    const menu = await openUserMenu(user);
    expect(within(menu).getByTestId('user-menu-name')).toHaveTextContent('Ana Souza Figueiredo de Albuquerque');
    expect(within(menu).getByText('ana@example.com')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { ...inMenu, name: 'Sair' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { ...inMenu, name: 'Modo escuro' })).toBeInTheDocument();

    // The language changes from the menu.
    await user.selectOptions(within(menu).getByLabelText('Idioma'), 'en');
    expect(await within(menu).findByRole('menuitem', { ...inMenu, name: 'Sign out' })).toBeInTheDocument();
    // …and is kept in the user's configs, which the next sign-in applies.
    expect(api.calls.find((call) => call.method === 'PUT')).toMatchObject({ path: '/users/7/configs', body: { language: 'en' } });
  });

  it("the header's language menu keeps the choice in the user's configs; refused, the language goes back", async () => {
    setScreenSize(DESKTOP, 800);
    signInAs('admin', { userId: 7 });
    const api = configsApi();
    const { user } = renderWithApp(<HeaderBar navbarOpened={false} onToggleNavbar={vi.fn()} />);
    await user.click(screen.getByTestId('language-menu'));
    await user.click(await screen.findByTestId('language-option-es'));
    await vi.waitFor(() => expect(screen.getByTestId('language-menu')).toHaveTextContent('ES'), { timeout: 5000 });
    await vi.waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PUT')).toMatchObject({ path: '/users/7/configs', body: { language: 'es' } }),
    );
    expect(getConfigs().language).toBe('es');

    const refusing = fakeApi({ 'PUT /users/:id/configs': () => ({ status: 400, body: { error: 'ERR_VALIDATION', message: 'refused' } }) });
    await user.click(screen.getByTestId('language-menu'));
    await user.click(await screen.findByTestId('language-option-de'));
    await vi.waitFor(() => expect(refusing.calls.some((call) => call.method === 'PUT')).toBe(true), { timeout: 5000 });
    await vi.waitFor(() => expect(getConfigs().language).toBe('es'), { timeout: 5000 });
    await vi.waitFor(() => expect(screen.getByTestId('language-menu')).toHaveTextContent('ES'), { timeout: 5000 });
  });

  it('on a phone switches the colour scheme from the user menu', async () => {
    setScreenSize(PHONE);
    signInAs('user');
    const fetch = vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise(() => undefined));
    const { user } = renderWithApp(<HeaderBar navbarOpened={false} onToggleNavbar={vi.fn()} />);
    const menu = await openUserMenu(user);
    await user.click(within(menu).getByRole('menuitem', { ...inMenu, name: 'Modo escuro' }));
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await within(menu).findByRole('menuitem', { ...inMenu, name: 'Modo claro' })).toBeInTheDocument();
    // Saved with the user's configs (PUT /users/{id}/configs).
    expect(fetch).toHaveBeenCalledWith('/users/7/configs', expect.objectContaining({ method: 'PUT' }));
  });
});
