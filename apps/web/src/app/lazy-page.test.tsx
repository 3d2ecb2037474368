import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { lazyPage } from './lazy-page';

describe('a screen loaded on demand', () => {
  it('shows a spinner in its place until its code arrives, then the screen', async () => {
    let deliver!: (module: { ChatScreen: () => ReactElement }) => void;
    const load = () => new Promise<{ ChatScreen: () => ReactElement }>((resolve) => (deliver = resolve));
    const ChatScreen = lazyPage(load, 'ChatScreen');

    renderWithApp(<ChatScreen />);
    expect(await screen.findByTestId('page-loader')).toBeVisible();
    expect(screen.queryByText('Conversa carregada')).toBeNull();

    deliver({ ChatScreen: () => <p>Conversa carregada</p> });
    expect(await screen.findByText('Conversa carregada')).toBeVisible();
    expect(screen.queryByTestId('page-loader')).toBeNull();
  });

  it('shows, when its code cannot be downloaded (offline, a new version deployed), a way out instead of a blank page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const ChatScreen = lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), 'ChatScreen');

    const { user } = renderWithApp(
      <div>
        <p>Menu</p>
        <ChatScreen />
      </div>,
    );
    expect(await screen.findByText('Não foi possível carregar esta tela')).toBeVisible();
    expect(screen.getByText('Menu')).toBeVisible();
    await user.click(screen.getByTestId('load-failure-reload'));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
