import type { ChannelDefaults } from '@conversa/shared';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fetch';
import { field } from '../../test/form';
import { PHONE, setScreenSize } from '../../test/media';
import { renderWithApp } from '../../test/render';
import { signInAs } from '../../test/session';
import { ChannelFormModal } from '../channels/components/ChannelFormModal';
import { ChannelDefaultsPage } from './pages/ChannelDefaultsPage';

const EMPTY: ChannelDefaults = { meta: {}, hub: {}, wuzapi: {}, evolution: {} };

function renderTab(kind: string) {
  return renderWithApp(
    <Routes>
      <Route path="/configuracoes/:tab" element={<ChannelDefaultsPage />} />
    </Routes>,
    { route: `/configuracoes/${kind}` },
  );
}

beforeEach(() => signInAs('admin'));
afterEach(() => {
  vi.unstubAllGlobals();
  setScreenSize(1280);
});

describe('/configuracoes/evolution, meta, hub, wuzapi: defaults for new channels', () => {
  it("shows each kind's fields; saves the gateway and key, then shows the key masked", async () => {
    let current = EMPTY;
    const api = fakeApi({
      'GET /settings/channel-defaults': () => ({ body: current }),
      'PUT /settings/channel-defaults/evolution': ({ body }) => {
        const saved = { ...(body as Record<string, string>), apiKey: '••••••' };
        current = { ...current, evolution: saved };
        return { body: saved };
      },
    });
    const { user } = renderTab('evolution');
    expect(await screen.findByTestId('channel-defaults-status')).toHaveTextContent('Sem padrões');
    expect(
      screen.getByText(
        'Os canais novos do tipo Evolution API já vêm com estes dados preenchidos; campos deixados em branco no canal usam estes valores.',
      ),
    ).toBeInTheDocument();

    await user.type(screen.getByTestId('channel-default-baseUrl'), 'não é url');
    await user.click(screen.getByTestId('channel-defaults-save'));
    await waitFor(() => expect(screen.getByTestId('channel-default-baseUrl')).toHaveAttribute('aria-invalid', 'true'));
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await user.clear(screen.getByTestId('channel-default-baseUrl'));
    await user.type(screen.getByTestId('channel-default-baseUrl'), 'https://evolution.loja.com.br');
    await user.type(screen.getByTestId('channel-default-apiKey'), 'chave-global');
    await user.click(screen.getByTestId('channel-defaults-save'));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
        baseUrl: 'https://evolution.loja.com.br',
        apiKey: 'chave-global',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('channel-default-apiKey')).toHaveValue('••••••'));
    expect(screen.getByTestId('channel-defaults-status')).toHaveTextContent('Padrões definidos');
  });

  it('the meta tab has the Meta app fields; an untouched stored secret is sent masked (kept)', async () => {
    const api = fakeApi({
      'GET /settings/channel-defaults': () => ({ body: { ...EMPTY, meta: { apiVersion: 'v21.0', token: '••••••', appSecret: '••••••' } } }),
      'PUT /settings/channel-defaults/meta': ({ body }) => ({ body }),
    });
    const { user } = renderTab('meta');
    expect(await screen.findByTestId('channel-default-token')).toHaveValue('••••••');
    for (const label of [
      'URL base da API',
      'Versão da API',
      'ID da conta do WhatsApp Business',
      'Token',
      'Chave secreta do app',
      'Token de verificação do webhook',
    ]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    await user.type(screen.getByTestId('channel-default-verifyToken'), 'verifica-123');
    await user.click(screen.getByTestId('channel-defaults-save'));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
        baseUrl: '',
        apiVersion: 'v21.0',
        businessAccountId: '',
        token: '••••••',
        appSecret: '••••••',
        verifyToken: 'verifica-123',
      }),
    );
  });

  it('fits a phone', async () => {
    setScreenSize(PHONE);
    fakeApi({ 'GET /settings/channel-defaults': () => ({ body: EMPTY }) });
    renderTab('wuzapi');
    expect(await screen.findByTestId('channel-default-baseUrl')).toBeVisible();
    expect(screen.getByTestId('channel-default-token')).toBeVisible();
    expect(screen.getByTestId('channel-defaults-save')).toBeVisible();
  });
});

describe('the new-channel form starts from the defaults', () => {
  it('a new Evolution channel comes with the gateway URL filled in and the default key kept; the mask is sent for the server to fill', async () => {
    const api = fakeApi({
      'GET /settings/channel-defaults': () => ({
        body: { ...EMPTY, evolution: { baseUrl: 'https://evolution.loja.com.br', apiKey: '••••••' } },
      }),
      'GET /queue': () => ({ body: [] }),
      'GET /chat-flow': () => ({ body: [] }),
      'POST /whatsapp': ({ body }) => ({ status: 201, body: { id: 9, ...(body as object) } }),
    });
    const onClose = vi.fn();
    const { user } = renderWithApp(<ChannelFormModal channel={null} onClose={onClose} />);
    await waitFor(() => expect(api.calls.some((call) => call.path === '/settings/channel-defaults')).toBe(true));
    await user.click(field('Nome'));
    await user.paste('Evolution Loja');
    await user.selectOptions(screen.getByTestId('channel-type'), 'evolution');
    expect(field('URL base da API')).toHaveValue('https://evolution.loja.com.br');
    expect(field('Chave da API')).toHaveValue('••••••');
    expect(screen.getByText('Padrão da empresa. Deixe como está para usá-lo ou clique em Alterar.')).toBeInTheDocument();

    await user.click(screen.getByTestId('channel-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      type: 'evolution',
      settings: { baseUrl: 'https://evolution.loja.com.br', apiKey: '••••••' },
    });
  });

  it('a type without defaults starts empty, and its required key is asked for', async () => {
    const api = fakeApi({
      'GET /settings/channel-defaults': () => ({
        body: { ...EMPTY, evolution: { baseUrl: 'https://evolution.loja.com.br', apiKey: '••••••' } },
      }),
      'GET /queue': () => ({ body: [] }),
      'GET /chat-flow': () => ({ body: [] }),
    });
    const { user } = renderWithApp(<ChannelFormModal channel={null} onClose={() => undefined} />);
    await waitFor(() => expect(api.calls.some((call) => call.path === '/settings/channel-defaults')).toBe(true));
    await user.selectOptions(screen.getByTestId('channel-type'), 'meow');
    expect(field('URL base da API')).toHaveValue('');
    expect(field('Token')).toHaveValue('');
  });
});
