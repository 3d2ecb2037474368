import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
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
});
