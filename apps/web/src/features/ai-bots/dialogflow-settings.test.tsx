import type { BotIntegrationSettings } from '@conversa/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fetch';
import { PHONE, setScreenSize } from '../../test/media';
import { renderWithApp } from '../../test/render';
import { signInAs } from '../../test/session';
import { BotIntegrationSettingsView } from './pages/BotIntegrationSettingsPage';

const NOW = '2026-03-01T12:00:00.000Z';
const EMAIL = 'conversa-bot@loja-azul-agent.iam.gserviceaccount.com';
const KEY_FILE = JSON.stringify({
  type: 'service_account',
  project_id: 'loja-azul-agent',
  private_key: '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n',
  client_email: EMAIL,
  token_uri: 'https://oauth2.googleapis.com/token',
});
const NONE: BotIntegrationSettings = { kind: 'dialogflow', configured: false, settings: null, updatedAt: null };
const STORED: BotIntegrationSettings = {
  kind: 'dialogflow',
  configured: true,
  settings: {
    kind: 'dialogflow',
    credentials: '••••••',
    clientEmail: EMAIL,
    projectId: 'loja-azul-agent',
    language: 'pt-BR',
    url: 'https://dialogflow.googleapis.com',
    botName: 'Loja Azul',
    stopWord: 'sair',
    restartWord: null,
    buttons: true,
    timeoutMs: 20_000,
  },
  updatedAt: NOW,
};

beforeEach(() => signInAs('admin'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setScreenSize(1280);
});

describe('/configuracoes/dialogflow', () => {
  it('refuses a pasted text that is not a key file, then saves the pasted key file; it then shows only its client_email', async () => {
    let current = NONE;
    const api = fakeApi({
      'GET /settings/bots/dialogflow': () => ({ body: current }),
      'PUT /settings/bots/dialogflow': () => {
        current = STORED;
        return { body: current };
      },
    });
    const { user } = renderWithApp(<BotIntegrationSettingsView kind="dialogflow" />);
    expect(await screen.findByTestId('bot-url')).toHaveValue('https://dialogflow.googleapis.com');
    await user.click(screen.getByTestId('bot-save'));
    expect(await screen.findByText('Cole ou envie a chave da conta de serviço.')).toBeInTheDocument();
    expect(screen.getByTestId('bot-project-id')).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByTestId('bot-credentials'));
    await user.paste('{"type":"authorized_user"}');
    await user.type(screen.getByTestId('bot-project-id'), 'loja-azul-agent');
    await user.click(screen.getByTestId('bot-save'));
    expect(await screen.findByText(/Cole o arquivo de chave completo/)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.clear(screen.getByTestId('bot-credentials'));
    await user.click(screen.getByTestId('bot-credentials'));
    await user.paste(KEY_FILE);
    await user.type(screen.getByTestId('bot-name'), 'Loja Azul');
    await user.type(screen.getByTestId('bot-stop-word'), 'sair');
    await user.click(screen.getByTestId('bot-save'));
    await waitFor(() => expect(screen.getByTestId('bot-settings-status')).toHaveTextContent('Configurado'));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      kind: 'dialogflow',
      credentials: KEY_FILE,
      projectId: 'loja-azul-agent',
      language: 'pt-BR',
      url: 'https://dialogflow.googleapis.com',
      botName: 'Loja Azul',
      stopWord: 'sair',
      restartWord: null,
      buttons: true,
      timeoutMs: 20_000,
    });
    expect(screen.getByTestId('bot-credentials-stored')).toHaveTextContent(EMAIL);
    expect(screen.queryByTestId('bot-credentials')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain('PRIVATE KEY');
  });

  it('keeps the stored key (sends the mask), or replaces it with an uploaded .json file', async () => {
    const api = fakeApi({
      'GET /settings/bots/dialogflow': () => ({ body: STORED }),
      'PUT /settings/bots/dialogflow': ({ body }) => ({ body: { ...STORED, settings: { ...STORED.settings, ...(body as object) } } }),
      'POST /settings/bots/dialogflow/test': () => ({ body: { ok: true, detail: EMAIL } }),
    });
    const { user } = renderWithApp(<BotIntegrationSettingsView kind="dialogflow" />);
    expect(await screen.findByTestId('bot-credentials-stored')).toHaveTextContent(EMAIL);
    await user.click(screen.getByTestId('bot-test'));
    expect(await screen.findByTestId('bot-test-result')).toHaveTextContent(`Conexão ok (${EMAIL}).`);
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ credentials: '••••••', projectId: 'loja-azul-agent' });

    await user.click(screen.getByTestId('bot-credentials-replace'));
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File([KEY_FILE], 'chave.json', { type: 'application/json' }));
    await waitFor(() => expect(screen.getByTestId('bot-credentials')).toHaveValue(KEY_FILE));
    await user.click(screen.getByTestId('bot-buttons'));
    await user.click(screen.getByTestId('bot-save'));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ credentials: KEY_FILE, buttons: false }));
  });

  it('refuses an uploaded file too large for a key', async () => {
    fakeApi({ 'GET /settings/bots/dialogflow': () => ({ body: NONE }) });
    const { user } = renderWithApp(<BotIntegrationSettingsView kind="dialogflow" />);
    await screen.findByTestId('bot-credentials');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['x'.repeat(21 * 1024)], 'grande.json', { type: 'application/json' }));
    expect(await screen.findByText('O arquivo é grande demais para uma chave (até 20 KiB).')).toBeInTheDocument();
    expect(screen.getByTestId('bot-credentials')).toHaveValue('');
  });

  it('works on a 390 px phone', async () => {
    setScreenSize(PHONE);
    fakeApi({ 'GET /settings/bots/dialogflow': () => ({ body: STORED }) });
    renderWithApp(<BotIntegrationSettingsView kind="dialogflow" />);
    expect(await screen.findByTestId('bot-credentials-stored')).toBeVisible();
    expect(screen.getByTestId('bot-save')).toBeVisible();
  });
});
