import { apiConfigBodySchema, type ApiCallLog, type ApiConfig } from '@conversa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { menuFor } from '../../app/menus';
import { fakeApi } from '../../test/fetch';
import { expectFieldError, field } from '../../test/form';
import { PHONE, setScreenSize } from '../../test/media';
import { renderWithApp } from '../../test/render';
import { signInAs } from '../../test/session';
import { ApiServicePage } from './pages/ApiServicePage';

const stamp = { createdAt: '2026-01-01T10:00:00.000Z', updatedAt: '2026-01-01T10:00:00.000Z' };
const ID = '0b0e4a8e-7d57-4b83-9d0a-6c1f4f7f1a01';
const OTHER = '5f6c2b0c-3b8e-4a43-8a40-2f3a9e0c7b02';
const N8N: ApiConfig = {
  id: ID,
  name: 'n8n',
  channelId: 3,
  channelName: 'WhatsApp Vendas',
  active: true,
  tokenMasked: 'cva_••••••••Xy9Z',
  basePath: `/v1/api/external/${ID}`,
  webhookUrl: 'https://hooks.example.com/conversa',
  webhookSecretMasked: 'whs_••••••••ab12',
  ...stamp,
};
const CRM: ApiConfig = {
  ...N8N,
  id: OTHER,
  name: 'CRM',
  active: false,
  basePath: `/v1/api/external/${OTHER}`,
  webhookUrl: null,
  tokenMasked: 'cva_••••••••Q1w2',
};
const CHANNELS = [
  { id: 3, name: 'WhatsApp Vendas', type: 'waba', status: 'connected' },
  { id: 4, name: 'Chat do site', type: 'webchat', status: 'connected', isDefault: true },
];
const log = (id: number, status: number, route = '/'): ApiCallLog => ({
  id,
  method: 'POST',
  route,
  status,
  durationMs: 12,
  errorCode: status >= 400 ? 'ERR_API_INVALID_NUMBER' : null,
  createdAt: '2026-01-02T13:05:00.000Z',
});

beforeEach(() => signInAs('admin'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('/api-service', () => {
  it("is the admins' menu entry 'API'", () => {
    const paths = (profile: 'admin' | 'super') => menuFor(profile).flatMap((group) => group.items.map((item) => item.path));
    expect(paths('admin')).toContain('/api-service');
    expect(paths('super')).not.toContain('/api-service');
  });

  it('lists the configurations (name, channel, masked token, webhook, active), the API address and its documents', async () => {
    fakeApi({ 'GET /api-config': () => ({ body: [N8N, CRM] }) });
    renderWithApp(<ApiServicePage />);
    const row = await screen.findByTestId(`api-config-${ID}`);
    expect(row).toHaveTextContent('n8n');
    expect(row).toHaveTextContent('WhatsApp Vendas');
    expect(screen.getByTestId(`api-config-token-${ID}`)).toHaveTextContent('cva_••••••••Xy9Z');
    expect(screen.getByTestId(`api-config-webhook-${ID}`)).toHaveTextContent('https://hooks.example.com/conversa');
    expect(screen.getByTestId(`api-config-${OTHER}`)).toHaveTextContent('Sem webhook');
    expect(screen.getByTestId(`api-config-${OTHER}`)).toHaveTextContent('Inativa');
    expect(screen.getByTestId(`api-config-active-${ID}`)).toBeChecked();
    expect(screen.getByTestId(`api-config-active-${OTHER}`)).not.toBeChecked();
    // The address clients are given, each configuration's own, and the documents of the external API.
    expect(screen.getByTestId('api-base-path')).toHaveTextContent(`${window.location.origin}/v1/api/external/{apiId}`);
    expect(screen.getByTestId(`api-config-url-${ID}`)).toHaveTextContent(`${window.location.origin}/v1/api/external/${ID}`);
    expect(screen.getByTestId('api-openapi-link')).toHaveAttribute('href', `${window.location.origin}/external-api/openapi.json`);
    expect(screen.getByTestId('api-postman-link')).toHaveAttribute('href', `${window.location.origin}/external-api/postman.json`);
    // "Ver entregas" leads to the webhook settings tab with this configuration chosen; none without a webhook.
    expect(screen.getByTestId(`api-config-deliveries-${ID}`)).toHaveAttribute('href', `/configuracoes/webhooks?api=${ID}`);
    expect(screen.getByTestId(`api-config-deliveries-${ID}`)).toHaveTextContent('Ver entregas');
    expect(screen.queryByTestId(`api-config-deliveries-${OTHER}`)).toBeNull();
  });

  it('the active switch saves the whole configuration at once', async () => {
    const api = fakeApi({
      'GET /api-config': () => ({ body: [N8N] }),
      'PUT /api-config/:id': ({ body }) => ({ body: { ...N8N, ...(body as object) } }),
    });
    const { user } = renderWithApp(<ApiServicePage />);
    await user.click(await screen.findByTestId(`api-config-active-${ID}`));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')).toMatchObject({
        path: `/api-config/${ID}`,
        body: { name: 'n8n', channelId: 3, webhookUrl: 'https://hooks.example.com/conversa', active: false },
      }),
    );
  });

  it('creates one: the shared schema refuses a bad webhook URL before sending; the token and secret are shown once, to copy', async () => {
    const api = fakeApi({
      'GET /api-config': () => ({ body: [] }),
      'GET /whatsapp': () => ({ body: CHANNELS }),
      'POST /api-config': ({ body }) => ({
        status: 201,
        body: { ...N8N, ...(body as object), token: 'cva_full-token-shown-once', webhookSecret: 'whs_full-secret' },
      }),
    });
    const { user } = renderWithApp(<ApiServicePage />);
    await user.click(await screen.findByTestId('api-config-new'));
    await user.click(screen.getByTestId('api-config-save'));
    await expectFieldError('Nome', 'Este campo é obrigatório.');
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(field('Nome'), ' n8n ');
    // The company's default channel comes chosen; another may be picked.
    expect(screen.getByTestId('api-config-channel')).toHaveValue('Chat do site (padrão)');
    await user.click(screen.getByTestId('api-config-channel'));
    await user.click(await screen.findByRole('option', { name: 'WhatsApp Vendas', hidden: true }));
    await user.type(field('URL do webhook'), 'hooks.example.com');
    await user.click(screen.getByTestId('api-config-save'));
    await expectFieldError('URL do webhook', 'URL inválida.');
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.clear(field('URL do webhook'));
    await user.type(field('URL do webhook'), 'https://hooks.example.com/conversa');
    await user.click(screen.getByTestId('api-config-save'));
    const secret = await screen.findByTestId('api-secret-modal');
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ name: 'n8n', channelId: 3, webhookUrl: 'https://hooks.example.com/conversa', active: true });
    expect(apiConfigBodySchema.safeParse(post?.body).success).toBe(true);
    expect(within(secret).getByTestId('api-secret-warning')).toHaveTextContent('Copie agora, não será mostrado de novo.');
    expect(within(secret).getByTestId('api-secret-token')).toHaveTextContent('cva_full-token-shown-once');
    expect(within(secret).getByTestId('api-secret-webhook')).toHaveTextContent('whs_full-secret');
    await user.click(within(secret).getByTestId('api-secret-token-copy'));
    // The copy reaches the clipboard (user-event's stand-in for it) and the button says so.
    await waitFor(() => expect(within(secret).getByTestId('api-secret-token-copy')).toHaveAttribute('data-copied', 'true'));
    expect(await navigator.clipboard.readText()).toBe('cva_full-token-shown-once');
    await user.click(within(secret).getByTestId('api-secret-done'));
    await waitFor(() => expect(screen.queryByTestId('api-secret-modal')).toBeNull());
    expect(document.body).not.toHaveTextContent('cva_full-token-shown-once');
  });

  it('edits one: an empty webhook URL is sent as null (no webhook)', async () => {
    const api = fakeApi({
      'GET /api-config': () => ({ body: [N8N] }),
      'GET /whatsapp': () => ({ body: CHANNELS }),
      'PUT /api-config/:id': ({ body }) => ({ body: { ...N8N, ...(body as object) } }),
    });
    const { user } = renderWithApp(<ApiServicePage />);
    await user.click(await screen.findByTestId(`api-config-edit-${ID}`));
    expect(field('Nome')).toHaveValue('n8n');
    await user.clear(field('URL do webhook'));
    await user.click(screen.getByTestId('api-config-save'));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')).toMatchObject({
        path: `/api-config/${ID}`,
        body: { name: 'n8n', channelId: 3, webhookUrl: null, active: true },
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('api-config-modal')).toBeNull());
    expect(screen.queryByTestId('api-secret-modal')).toBeNull();
  });

  it('regenerates the token only after a confirmation, then shows the new one once', async () => {
    const api = fakeApi({
      'GET /api-config': () => ({ body: [N8N] }),
      'PUT /api-config/renew-token/:id': () => ({ body: { ...N8N, token: 'cva_brand-new' } }),
    });
    const { user } = renderWithApp(<ApiServicePage />);
    await user.click(await screen.findByTestId(`api-config-renew-${ID}`));
    const dialog = await screen.findByTestId('confirm-modal');
    expect(dialog).toHaveTextContent('O token atual de n8n deixa de funcionar na hora.');
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await user.click(within(dialog).getByTestId('confirm-button'));
    const secret = await screen.findByTestId('api-secret-modal');
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual([`/api-config/renew-token/${ID}`]);
    expect(within(secret).getByTestId('api-secret-token')).toHaveTextContent('cva_brand-new');
    expect(within(secret).queryByTestId('api-secret-webhook')).toBeNull();
  });

  it('regenerates the webhook secret after a confirmation, then shows it once', async () => {
    const api = fakeApi({
      'GET /api-config': () => ({ body: [N8N] }),
      'PUT /api-config/renew-webhook-secret/:id': () => ({ body: { ...N8N, webhookSecret: 'whs_brand-new' } }),
    });
    const { user } = renderWithApp(<ApiServicePage />);
    await user.click(await screen.findByTestId(`api-config-renew-secret-${ID}`));
    const dialog = await screen.findByTestId('confirm-modal');
    expect(dialog).toHaveTextContent('Regenerar o segredo do webhook?');
    await user.click(within(dialog).getByTestId('confirm-button'));
    const secret = await screen.findByTestId('api-secret-modal');
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual([`/api-config/renew-webhook-secret/${ID}`]);
    expect(within(secret).getByTestId('api-secret-webhook')).toHaveTextContent('whs_brand-new');
    expect(within(secret).queryByTestId('api-secret-token')).toBeNull();
  });

  it('deletes after a confirmation; cancelling deletes nothing', async () => {
    const api = fakeApi({
      'GET /api-config': () => ({ body: [N8N] }),
      'DELETE /api-config/:id': () => ({ status: 204, body: null }),
    });
    const { user } = renderWithApp(<ApiServicePage />);
    await user.click(await screen.findByTestId(`api-config-delete-${ID}`));
    let dialog = await screen.findByTestId('confirm-modal');
    expect(dialog).toHaveTextContent('Excluir n8n?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByText('Excluir n8n?', { exact: false })).toBeNull());
    expect(api.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await user.click(screen.getByTestId(`api-config-delete-${ID}`));
    dialog = await screen.findByTestId('confirm-modal');
    await within(dialog).findByText('Excluir n8n?', { exact: false });
    await user.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/api-config/${ID}`]));
  });

  it('shows the call log of a configuration, page by page', async () => {
    const api = fakeApi({
      'GET /api-config': () => ({ body: [N8N] }),
      'GET /api-config/:id/logs': ({ query }) =>
        query.get('page') === '1'
          ? { body: { logs: [log(41, 201), log(40, 400, '/createcontact')], hasMore: true } }
          : { body: { logs: [log(20, 200, '/statuschannel')], hasMore: false } },
    });
    const { user } = renderWithApp(<ApiServicePage />);
    await user.click(await screen.findByTestId(`api-config-logs-${ID}`));
    const modal = await screen.findByTestId('api-log-modal');
    const first = await within(modal).findByTestId('api-log-41');
    expect(first).toHaveTextContent('POST /');
    expect(first).toHaveTextContent('201');
    expect(first).toHaveTextContent('12 ms');
    expect(within(modal).getByTestId('api-log-40')).toHaveTextContent('ERR_API_INVALID_NUMBER');
    await user.click(within(modal).getByTestId('api-log-page-next'));
    expect(await within(modal).findByTestId('api-log-20')).toHaveTextContent('/statuschannel');
    expect(within(modal).getByTestId('api-log-page-next')).toBeDisabled();
    expect(api.calls.filter((c) => c.path.endsWith('/logs')).map((c) => c.query.get('page'))).toEqual(['1', '2']);
  });

  it('fits a 390 px phone: one card per configuration with its actions', async () => {
    setScreenSize(PHONE);
    fakeApi({ 'GET /api-config': () => ({ body: [N8N, CRM] }) });
    renderWithApp(<ApiServicePage />);
    const table = await screen.findByTestId('api-config-table');
    await waitFor(() => expect(table).toHaveAttribute('data-layout', 'cards'));
    const card = within(table).getByTestId(`api-config-${ID}`);
    expect(within(card).getByTestId(`api-config-renew-${ID}`)).toBeVisible();
    expect(within(card).getByTestId(`api-config-url-${ID}-copy`)).toBeVisible();
  });
});
