import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { lazyComponent } from './on-demand';

afterEach(() => vi.restoreAllMocks());

describe('a component loaded on demand', () => {
  it('shows nothing while offline — the rest of the page stays — and appears once the browser is back online', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let online = false;
    const load = vi.fn(async () => {
      if (!online) throw new TypeError('Failed to fetch dynamically imported module');
      return ({ label }: { label: string }) => <p>{label}</p>;
    });
    const Picker = lazyComponent(load, <span>carregando</span>);

    renderWithApp(
      <div>
        <p>Conversa</p>
        <Picker label="Etiquetas" />
      </div>,
    );
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(screen.queryByText('carregando')).toBeNull());
    expect(screen.getByText('Conversa')).toBeVisible();
    expect(screen.queryByText('Etiquetas')).toBeNull();

    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('Etiquetas')).toBeVisible();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
