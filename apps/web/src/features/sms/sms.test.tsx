import type { SmsMessage, SmsSettings, Ticket } from '@conversa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fetch';
import { PHONE, setScreenSize } from '../../test/media';
import { renderWithApp } from '../../test/render';
import { signInAs } from '../../test/session';
import { buildTicket } from '../tickets/test-support';
import { ChatHeader } from '../tickets/components/ChatHeader';
import { smsKeys } from './api';
import { SmsModal } from './components/SmsModal';
import { SmsSettingsPage } from './pages/SmsSettingsPage';

const SID = `AC${'a1'.repeat(16)}`;
const SERVICE = `MG${'b2'.repeat(16)}`;
const TOKEN = 'c3'.repeat(16);
const NOW = '2026-03-01T12:00:00.000Z';

const NONE: SmsSettings = {
  provider: 'twilio',
  configured: false,
  accountSid: '',
  authToken: '',
  fromNumber: null,
  messagingServiceSid: null,
  baseUrl: 'https://api.twilio.com',
  updatedAt: null,
};
const STORED: SmsSettings = { ...NONE, configured: true, accountSid: SID, authToken: '••••••', fromNumber: '+15005550006', updatedAt: NOW };

function sms(overrides: Partial<SmsMessage> = {}): SmsMessage {
  return {
    id: 'b9a1c2d3-0000-4000-8000-000000000001',
    contactId: 5,
    ticketId: 12,
    userId: 7,
    to: '+5511999990000',
    body: 'Seu pedido saiu para entrega',
    segments: 1,
    status: 'delivered',
    providerId: 'SM1',
    errorCode: null,
    reason: null,
    error: null,
    sourceKind: 'agent',
    createdAt: NOW,
    sentAt: NOW,
    deliveredAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

beforeEach(() => signInAs('admin'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setScreenSize(1280);
});

describe('/configuracoes/sms', () => {
  it('sets Twilio up: checks the fields with the shared schema, sends them, then shows the token masked', async () => {
    let current = NONE;
    const api = fakeApi({
      'GET /settings/sms': () => ({ body: current }),
      'PUT /settings/sms': ({ body }) => {
        current = { ...STORED, fromNumber: (body as { fromNumber: string }).fromNumber };
        return { body: current };
      },
    });
    const { user } = renderWithApp(<SmsSettingsPage />);
    expect(await screen.findByTestId('sms-settings-status')).toHaveTextContent('Não configurado');

    await user.type(screen.getByTestId('sms-account-sid'), 'AC123');
    await user.type(screen.getByTestId('sms-auth-token'), TOKEN);
    await user.type(screen.getByTestId('sms-from-number'), '11999998888');
    await user.click(screen.getByTestId('sms-save'));
    expect(await screen.findByText('Informe o Account SID: AC e mais 32 letras ou números.')).toBeInTheDocument();
    expect(screen.getByText('Use o formato internacional, por exemplo +5511999998888.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.clear(screen.getByTestId('sms-account-sid'));
    await user.type(screen.getByTestId('sms-account-sid'), SID);
    await user.clear(screen.getByTestId('sms-from-number'));
    await user.type(screen.getByTestId('sms-from-number'), '+5511999998888');
    await user.click(screen.getByTestId('sms-save'));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
        accountSid: SID,
        authToken: TOKEN,
        fromNumber: '+5511999998888',
        messagingServiceSid: null,
        baseUrl: 'https://api.twilio.com',
      }),
    );
    expect(await screen.findByTestId('sms-settings-status')).toHaveTextContent('Configurado');
    expect(screen.getByTestId('sms-auth-token')).toHaveValue('••••••');
  });

  it('keeps the stored token when untouched, tests the connection, and uses a Messaging Service when chosen', async () => {
    const api = fakeApi({
      'GET /settings/sms': () => ({ body: STORED }),
      'POST /settings/sms/test': ({ body }) =>
        (body as { messagingServiceSid: string | null }).messagingServiceSid
          ? { status: 400, body: { error: 'ERR_SMS_PROVIDER_REFUSED', message: 'Twilio refused the credentials (20003): Authenticate' } }
          : { body: { ok: true, accountName: 'Loja Centro', accountStatus: 'active' } },
      'PUT /settings/sms': ({ body }) => ({ body: { ...STORED, ...(body as object), authToken: '••••••' } }),
    });
    const { user } = renderWithApp(<SmsSettingsPage />);
    expect(await screen.findByTestId('sms-auth-token')).toHaveValue('••••••');

    await user.click(screen.getByTestId('sms-test'));
    expect(await screen.findByTestId('sms-test-result')).toHaveTextContent('Conexão OK: conta "Loja Centro" (active).');
    expect(api.calls.find((c) => c.path === '/settings/sms/test')?.body).toMatchObject({ authToken: '••••••', fromNumber: '+15005550006' });

    await user.click(screen.getByRole('radio', { name: 'Messaging Service' }));
    await user.type(await screen.findByTestId('sms-service-sid'), SERVICE);
    await user.click(screen.getByTestId('sms-test'));
    await waitFor(() =>
      expect(screen.getByTestId('sms-test-result')).toHaveTextContent(
        'O provedor de SMS recusou a solicitação. Twilio refused the credentials (20003): Authenticate',
      ),
    );

    await user.click(screen.getByTestId('sms-save'));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
        accountSid: SID,
        authToken: '••••••',
        fromNumber: null,
        messagingServiceSid: SERVICE,
        baseUrl: 'https://api.twilio.com',
      }),
    );
  });

  it('removes the setup only after confirmation', async () => {
    let current = STORED;
    const api = fakeApi({
      'GET /settings/sms': () => ({ body: current }),
      'DELETE /settings/sms': () => {
        current = NONE;
        return { status: 204, body: null };
      },
    });
    const { user } = renderWithApp(<SmsSettingsPage />);
    await user.click(await screen.findByTestId('sms-remove'));
    expect(await screen.findByText('Remover o SMS?')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.click(screen.getByTestId('confirm-button'));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(await screen.findByText('Não configurado')).toBeInTheDocument();
  });

  it('works on a 390 px phone', async () => {
    setScreenSize(PHONE);
    fakeApi({ 'GET /settings/sms': () => ({ body: STORED }) });
    renderWithApp(<SmsSettingsPage />);
    expect(await screen.findByTestId('sms-account-sid')).toBeVisible();
    expect(screen.getByTestId('sms-save')).toBeVisible();
    expect(screen.getByTestId('sms-test')).toBeVisible();
  });
});

describe('the SMS modal', () => {
  const TICKET: Ticket = buildTicket({
    id: 12,
    contactId: 5,
    contact: { id: 5, name: 'Carla', number: '5511999990000', email: null, profilePicUrl: null, blocked: false },
  });

  beforeEach(() => signInAs('user', { userId: 7 }));

  it('counts characters and segments: 160 per SMS in GSM-7, 153 each once split, 70 with accents', async () => {
    fakeApi({ 'GET /sms': () => ({ body: [] }) });
    const { user } = renderWithApp(<SmsModal ticket={TICKET} onClose={() => undefined} />);
    expect(await screen.findByTestId('sms-history-empty')).toBeInTheDocument();
    const body = screen.getByTestId('sms-body');
    const counter = screen.getByTestId('sms-counter');

    await user.click(body);
    await user.paste('a'.repeat(160));
    expect(counter).toHaveTextContent('160 caracteres · 1 SMS (160 por SMS)');
    await user.type(body, 'b');
    expect(counter).toHaveTextContent('161 caracteres · 2 SMS (153 por SMS)');
    expect(screen.queryByTestId('sms-ucs2-hint')).not.toBeInTheDocument();

    await user.clear(body);
    await user.type(body, 'Olá, João');
    expect(counter).toHaveAttribute('data-encoding', 'UCS-2');
    expect(counter).toHaveTextContent('9 caracteres · 1 SMS (70 por SMS)');
    expect(screen.getByTestId('sms-ucs2-hint')).toBeVisible();
  });

  it("sends to the ticket's contact once per message and lists the SMS with their statuses and reasons", async () => {
    let history = [
      sms({
        id: 'b9a1c2d3-0000-4000-8000-000000000002',
        body: 'Lembrete',
        status: 'failed',
        reason: 'unreachable',
        errorCode: '30003',
        deliveredAt: null,
      }),
    ];
    const api = fakeApi({
      'GET /sms': () => ({ body: history }),
      'POST /sms': ({ body }) => {
        const sent = sms({
          id: 'b9a1c2d3-0000-4000-8000-000000000003',
          body: (body as { body: string }).body,
          status: 'queued',
          sentAt: null,
          deliveredAt: null,
        });
        history = [sent, ...history];
        return { status: 201, body: sent };
      },
    });
    const { user } = renderWithApp(<SmsModal ticket={TICKET} onClose={() => undefined} />);
    expect(screen.getByTestId('sms-recipient')).toHaveTextContent('Para: Carla (5511999990000)');
    const failed = await screen.findByTestId('sms-history-item');
    expect(within(failed).getByTestId('sms-status')).toHaveTextContent('Falhou');
    expect(within(failed).getByTestId('sms-reason')).toHaveTextContent('Celular inacessível (desligado ou fora de área). (30003)');

    await user.click(screen.getByTestId('sms-send'));
    expect(await screen.findByText('Escreva a mensagem.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByTestId('sms-body'), 'Seu pedido chegou');
    await user.click(screen.getByTestId('sms-send'));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const posted = api.calls.find((c) => c.method === 'POST')!.body as { ticketId: number; body: string; clientKey: string };
    expect(posted).toMatchObject({ ticketId: 12, body: 'Seu pedido chegou' });
    expect(posted.clientKey).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.getAllByTestId('sms-history-item')).toHaveLength(2));
    expect(within(screen.getAllByTestId('sms-history-item')[0]).getByTestId('sms-status')).toHaveTextContent('Na fila');
    expect(screen.getByTestId('sms-body')).toHaveValue('');

    // The next message gets a key of its own.
    await user.type(screen.getByTestId('sms-body'), 'Outra');
    await user.click(screen.getByTestId('sms-send'));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const second = api.calls.filter((c) => c.method === 'POST')[1].body as { clientKey: string };
    expect(second.clientKey).not.toBe(posted.clientKey);
  });

  it('reads the list again while an SMS is on its way, until it is delivered', async () => {
    let reads = 0;
    fakeApi({
      'GET /sms': () => {
        reads += 1;
        return { body: [sms({ status: reads === 1 ? 'sent' : 'delivered', deliveredAt: reads === 1 ? null : NOW })] };
      },
    });
    renderWithApp(<SmsModal ticket={TICKET} onClose={() => undefined} />);
    expect(await screen.findByTestId('sms-status')).toHaveTextContent('Enviado');
    await waitFor(() => expect(screen.getByTestId('sms-status')).toHaveTextContent('Entregue'), { timeout: 7_000 });
    expect(reads).toBe(2);
  }, 10_000);

  it('shows the server refusal (no valid number) in the modal', async () => {
    fakeApi({
      'GET /sms': () => ({ body: [] }),
      'POST /sms': () => ({
        status: 400,
        body: { error: 'ERR_SMS_INVALID_NUMBER', message: 'This contact has no phone number that can receive SMS.' },
      }),
    });
    const { user } = renderWithApp(<SmsModal ticket={TICKET} onClose={() => undefined} />);
    await user.type(await screen.findByTestId('sms-body'), 'Oi');
    await user.click(screen.getByTestId('sms-send'));
    expect(
      await screen.findAllByText('Este número não pode receber SMS: informe um celular válido com o código do país.'),
    ).not.toHaveLength(0);
  });

  it('is offered in the chat header only when SMS is set up, and opens there', async () => {
    fakeApi({ 'GET /queue': () => ({ body: [] }), 'GET /sms/config': () => ({ body: { configured: false } }) });
    const { unmount, queryClient } = renderWithApp(<ChatHeader ticket={TICKET} panelOpen={false} onTogglePanel={() => undefined} />);
    // The answer has come (and been rendered): the SMS action stays away.
    await waitFor(() => expect(queryClient.getQueryState(smsKeys.availability)?.status).toBe('success'));
    expect(screen.getByTestId('ticket-transfer')).toBeInTheDocument();
    expect(screen.queryByTestId('ticket-sms')).not.toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();

    fakeApi({
      'GET /queue': () => ({ body: [] }),
      'GET /sms/config': () => ({ body: { configured: true } }),
      'GET /sms': () => ({ body: [sms()] }),
    });
    const { user } = renderWithApp(<ChatHeader ticket={TICKET} panelOpen={false} onTogglePanel={() => undefined} />);
    await user.click(await screen.findByTestId('ticket-sms'));
    expect(await screen.findByTestId('sms-modal')).toBeInTheDocument();
    expect(await screen.findByTestId('sms-status')).toHaveTextContent('Entregue');
  });

  it('works on a 390 px phone (full screen)', async () => {
    setScreenSize(PHONE);
    fakeApi({ 'GET /sms': () => ({ body: [sms()] }) });
    renderWithApp(<SmsModal ticket={TICKET} onClose={() => undefined} />);
    expect(await screen.findByTestId('sms-history-item')).toBeVisible();
    expect(screen.getByTestId('sms-send')).toBeVisible();
    expect(screen.getByTestId('sms-body')).toBeVisible();
  });
});
