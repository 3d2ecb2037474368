import type { ApiConfig, WebhookDelivery } from '@conversa/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { fakeApi } from '../../test/fetch';
import { PHONE, setScreenSize } from '../../test/media';
import { renderWithApp } from '../../test/render';
import { signInAs } from '../../test/session';
import { WebhooksSettingsPage } from './pages/WebhooksSettingsPage';
import { watchNotices } from '../../test/notices';

const NOW = '2026-03-01T12:00:00.000Z';
const CRM_ID = '0f8c6a52-4c8e-4f6b-9a43-1d2e3f4a5b6c';
const SHOP_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

function config(overrides: Partial<ApiConfig> = {}): ApiConfig {
  return {
    id: CRM_ID,
    name: 'CRM',
    channelId: 1,
    channelName: 'WhatsApp',
    active: true,
    tokenMasked: 'cva_••••••••abcd',
    basePath: `/v1/api/external/${CRM_ID}`,
    webhookUrl: 'https://crm.example.com/hooks/conversa',
    webhookSecretMasked: 'whsec_••••••••wxyz',
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

function delivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: '11111111-2222-4333-8444-555555555555',
    eventId: '42-0',
    eventType: 'message.received',
    ticketId: 12,
    attempts: 1,
    lastStatusCode: 200,
    lastError: null,
    responseExcerpt: 'ok',
    state: 'delivered',
    nextAttemptAt: null,
    deliveredAt: NOW,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

const FAILING = delivery({
  id: '66666666-7777-4888-8999-000000000000',
  eventId: '43-0',
  eventType: 'ticket.transferred',
  attempts: 3,
  lastStatusCode: 500,
  lastError: 'HTTP 500',
  state: 'pending',
  nextAttemptAt: NOW,
  deliveredAt: null,
});

/** The page with the current URL shown, to see `?api=` follow the choice. */
function renderPage(route: string) {
  function Where() {
    const location = useLocation();
    return <span data-testid="where">{location.search}</span>;
  }
  return renderWithApp(
    <Routes>
      <Route
        path="/configuracoes/webhooks"
        element={
          <>
            <WebhooksSettingsPage />
            <Where />
          </>
        }
      />
    </Routes>,
    { route },
  );
}

beforeEach(() => signInAs('admin'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setScreenSize(1280);
});

describe('/configuracoes/webhooks', () => {
  it('preselects ?api=, shows its webhook URL, masked secret and delivery log, and resends a delivery', async () => {
    const notices = watchNotices();
    let log = [FAILING, delivery()];
    const api = fakeApi({
      'GET /api-config': () => ({ body: [config(), config({ id: SHOP_ID, name: 'Loja', webhookUrl: null })] }),
      [`GET /api-config/${SHOP_ID}/webhook-deliveries`]: () => ({ body: { deliveries: [], hasMore: false } }),
      [`GET /api-config/${CRM_ID}/webhook-deliveries`]: () => ({ body: { deliveries: log, hasMore: false } }),
      [`POST /api-config/${CRM_ID}/webhook-deliveries/:id/resend`]: () => {
        log = [{ ...FAILING, attempts: 3, state: 'pending' }, delivery()];
        return { body: log[0] };
      },
    });
    const { user } = renderPage(`/configuracoes/webhooks?api=${CRM_ID}`);
    expect(await screen.findByTestId('webhooks-url')).toHaveTextContent('https://crm.example.com/hooks/conversa');
    expect(screen.getByTestId('webhooks-secret')).toHaveTextContent('whsec_••••••••wxyz');

    const failing = await screen.findByTestId(`webhook-delivery-${FAILING.id}`);
    expect(within(failing).getByTestId('webhook-delivery-state')).toHaveTextContent('Pendente');
    expect(failing).toHaveTextContent('Ticket transferido');
    expect(failing).toHaveTextContent('3 tentativas');
    expect(failing).toHaveTextContent('HTTP 500');
    expect(within(failing).getByTestId('webhook-delivery-error')).toHaveTextContent('HTTP 500');
    const delivered = screen.getByTestId(`webhook-delivery-${delivery().id}`);
    expect(within(delivered).getByTestId('webhook-delivery-state')).toHaveTextContent('Entregue');
    expect(delivered).toHaveTextContent('1 tentativa');
    expect(delivered).toHaveTextContent('Mensagem recebida');

    await user.click(within(failing).getByTestId('webhook-delivery-resend'));
    await notices.shown('Entrega reenviada.');
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api-config/${CRM_ID}/webhook-deliveries/${FAILING.id}/resend`,
    ]);

    // How to verify: the exact signed text and a working example.
    const help = screen.getByTestId('webhooks-signature-help');
    expect(help).toHaveTextContent('X-Conversa-Signature: sha256=HEX( HMAC-SHA256( secret, X-Conversa-Timestamp + "." + rawBody ) )');
    expect(screen.getByTestId('webhooks-verify-example')).toHaveTextContent("createHmac('sha256', secret)");

    // Another configuration: its own (empty) log, and the URL says which.
    await user.click(screen.getByTestId('webhooks-config'));
    await user.click(await screen.findByRole('option', { name: 'Loja', hidden: true }));
    expect(await screen.findByTestId('webhooks-no-url')).toBeInTheDocument();
    expect(await screen.findByTestId('webhooks-empty')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(`?api=${SHOP_ID}`);
  });

  it('filters the log by state and pages through it', async () => {
    const api = fakeApi({
      'GET /api-config': () => ({ body: [config()] }),
      [`GET /api-config/${CRM_ID}/webhook-deliveries`]: ({ query }) => ({
        body: query.get('page') === '2' ? { deliveries: [FAILING], hasMore: false } : { deliveries: [delivery()], hasMore: true },
      }),
    });
    const { user } = renderPage('/configuracoes/webhooks');
    expect(await screen.findByTestId(`webhook-delivery-${delivery().id}`)).toBeInTheDocument();
    await user.click(screen.getByTestId('webhooks-next'));
    expect(await screen.findByTestId(`webhook-delivery-${FAILING.id}`)).toBeInTheDocument();
    await user.click(within(screen.getByTestId('webhooks-status-filter')).getByText('Falhou'));
    const reads = api.calls.filter((c) => c.path.endsWith('/webhook-deliveries'));
    expect(reads.at(-1)?.query.get('status')).toBe('failed');
    expect(reads.at(-1)?.query.get('page')).toBe('1');
  });

  it('says when there is no API configuration, and that an inactive one receives nothing', async () => {
    fakeApi({ 'GET /api-config': () => ({ body: [] }) });
    renderPage('/configuracoes/webhooks');
    expect(await screen.findByTestId('webhooks-no-configs')).toHaveTextContent('Nenhuma configuração de API ainda.');
  });

  it('works on a 390 px phone', async () => {
    setScreenSize(PHONE);
    fakeApi({
      'GET /api-config': () => ({ body: [config({ active: false })] }),
      [`GET /api-config/${CRM_ID}/webhook-deliveries`]: () => ({ body: { deliveries: [FAILING], hasMore: false } }),
    });
    renderPage('/configuracoes/webhooks');
    expect(await screen.findByTestId('webhooks-config-active')).toHaveTextContent('Inativa');
    expect(screen.getByText('Configuração inativa: nenhum evento é enviado até que ela seja ativada.')).toBeInTheDocument();
    expect(await screen.findByTestId('webhook-delivery-resend')).toBeVisible();
  });
});
