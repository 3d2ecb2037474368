import { SETTING_DEFINITIONS, type Setting } from '@conversa/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { GeneralSettingsPage } from './GeneralSettingsPage';

/** The general settings against a fake API that stores what it is given. */
let stored: Setting[];
let puts: { path: string; body: unknown }[];

beforeEach(() => {
  stored = Object.entries(SETTING_DEFINITIONS).map(([key, definition]) => ({ key, value: definition.default }) as Setting);
  puts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (init.method === 'PUT') {
        const body = JSON.parse(init.body as string) as { value: string };
        const key = url.split('/').pop() as Setting['key'];
        puts.push({ path: url, body });
        stored = stored.map((s) => (s.key === key ? { key, value: body.value } : s));
        return new Response(JSON.stringify({ key, value: body.value }), { status: 200 });
      }
      return new Response(JSON.stringify(stored), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the general settings: signing messages', () => {
  it('shows the switch off by default, described, and saves "enabled" then "disabled"', async () => {
    const { user } = renderWithApp(<GeneralSettingsPage />);
    const toggle = await screen.findByRole('switch', { name: 'Assinar as mensagens com o nome do atendente' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/nome de quem atende em negrito na primeira linha \(\*Nome:\*\)/);

    await user.click(toggle);
    await waitFor(() => expect(puts).toEqual([{ path: '/settings/signMessages', body: { value: 'enabled' } }]));
    await waitFor(() => expect(toggle).toBeChecked());
    await user.click(toggle);
    await waitFor(() => expect(puts.at(-1)).toEqual({ path: '/settings/signMessages', body: { value: 'disabled' } }));
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it('shows the stored value', async () => {
    stored = stored.map((s) => (s.key === 'signMessages' ? { key: 'signMessages', value: 'enabled' } : s));
    renderWithApp(<GeneralSettingsPage />);
    expect(await screen.findByRole('switch', { name: 'Assinar as mensagens com o nome do atendente' })).toBeChecked();
  });
});
