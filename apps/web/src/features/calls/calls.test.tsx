import type { Call } from '@conversa/shared';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type ApiCall } from '../../test/fetch';
import { renderWithApp, testQueryClient } from '../../test/render';
import { signInAs } from '../../test/session';
import { saveUser } from '../../lib/session';
import { applyCallEvent } from './api';
import { CallsPage } from './pages/CallsPage';
import { CallTokensSection } from './components/CallTokensSection';
import { watchNotices } from '../../test/notices';

const CHANNELS = [{ id: 3, name: 'Vendas' }];
const call = (id: number, overrides: Partial<Call> = {}): Call => ({
  id,
  channelId: 3,
  inboxName: 'Vendas',
  userId: 7,
  userName: 'Ana Souza',
  direction: 'outgoing',
  phone: '5511988887777',
  caller: '5511911110000',
  receiver: '5511988887777',
  contactName: null,
  status: 'outcoming_calling',
  instance: 1,
  startedAt: '2026-01-05T12:00:00.000Z',
  answeredAt: null,
  endedAt: null,
  duration: 0,
  ...overrides,
});

let getUserMedia: ReturnType<typeof vi.fn>;
const stop = vi.fn();

beforeEach(() => {
  getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop }] }));
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
  localStorage.clear();
  stop.mockClear();
});

function api(extra: Record<string, (c: ApiCall) => { status?: number; body: unknown }> = {}) {
  return fakeApi({
    'GET /whatsapp': () => ({ body: CHANNELS }),
    'GET /calls': () => ({
      body: {
        calls: [
          call(11, { status: 'terminate', duration: 65, answeredAt: '2026-01-05T12:00:05.000Z', endedAt: '2026-01-05T12:01:10.000Z' }),
          call(10, {
            direction: 'incoming',
            caller: '5511966665555',
            receiver: '5511911110000',
            phone: '5511966665555',
            status: 'reject',
            userId: null,
            userName: null,
          }),
        ],
        count: 2,
        hasMore: false,
      },
    }),
    ...extra,
  });
}

async function dial(user: ReturnType<typeof renderWithApp>['user'], digits: string) {
  await screen.findByRole('option', { name: 'Vendas', hidden: true }).catch(() => undefined);
  for (const digit of digits) await user.click(screen.getByTestId(`softphone-key-${digit}`));
}

describe('/wavoip call list', () => {
  it('shows the company calls with caller, receiver, date, duration, status and direction; filters ask the server', async () => {
    signInAs('admin');
    const { calls } = api();
    const { user } = renderWithApp(<CallsPage />);
    const row = await screen.findByTestId('call-11');
    expect(within(row).getByText('5511911110000')).toBeInTheDocument();
    expect(within(row).getByText('1:05')).toBeInTheDocument();
    expect(within(row).getByText('Encerrada')).toBeInTheDocument();
    expect(within(row).getByText('Efetuada')).toBeInTheDocument();
    expect(within(screen.getByTestId('call-10')).getByText('Recusada')).toBeInTheDocument();

    await user.click(screen.getByTestId('calls-filter-direction'));
    await user.click(await screen.findByRole('option', { name: 'Recebida', hidden: true }));
    await waitFor(() => expect(calls.some((c) => c.path === '/calls' && c.query.get('direction') === 'incoming')).toBe(true));
  });

  it('a plain user gets the softphone and no call list', async () => {
    signInAs('user');
    const { calls } = api();
    renderWithApp(<CallsPage />);
    expect(await screen.findByTestId('softphone')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path === '/whatsapp')).toBe(true));
    expect(screen.queryByTestId('calls-table')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/calls')).toBe(false);
  });

  it('a user with the softphone blocked sees neither', async () => {
    signInAs('admin');
    saveUser({
      name: 'Ana Souza',
      profile: 'admin',
      email: 'ana@example.com',
      blockWavoip: true,
      queues: [],
      configs: { filtrosAtendimento: null, isDark: false, language: null, notificationSound: true },
    });
    const { calls } = api();
    renderWithApp(<CallsPage />);
    expect(await screen.findByTestId('calls-blocked')).toHaveTextContent('As chamadas estão bloqueadas para o seu usuário.');
    expect(screen.queryByTestId('softphone')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('softphone', () => {
  it('dials through the pad after the microphone is granted, shows the status and hangs up', async () => {
    signInAs('user');
    const { calls } = api({
      'POST /calls': () => ({ status: 201, body: call(20) }),
      'POST /calls/:id/hangup': () => ({ body: call(20, { status: 'terminate', endedAt: '2026-01-05T12:00:09.000Z' }) }),
    });
    const { user } = renderWithApp(<CallsPage />);
    await waitFor(() => expect(screen.getByTestId('softphone-channel')).toHaveValue('Vendas'));
    await dial(user, '5511988887777');
    await user.click(screen.getByTestId('softphone-dial'));
    expect(await screen.findByTestId('softphone-status')).toHaveTextContent('Discando');
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(calls.find((c) => c.method === 'POST' && c.path === '/calls')?.body).toEqual({ channelId: 3, phone: '5511988887777' });

    await user.click(screen.getByTestId('softphone-hangup'));
    expect(await screen.findByTestId('softphone-status')).toHaveTextContent('Encerrada');
    expect(stop).toHaveBeenCalled();
    // 3.5 s after the end the pad comes back.
    expect(await screen.findByTestId('softphone-dial', {}, { timeout: 6000 })).toBeInTheDocument();
  });

  it("tells 'line busy' when every line failed", async () => {
    signInAs('user');
    api({
      'POST /calls': () => ({
        status: 409,
        body: { error: 'ERR_CALL_LINES_BUSY', message: 'Line busy, please try again later or upgrade' },
      }),
    });
    const { user } = renderWithApp(<CallsPage />);
    await waitFor(() => expect(screen.getByTestId('softphone-channel')).toHaveValue('Vendas'));
    await dial(user, '5511988887777');
    await user.click(screen.getByTestId('softphone-dial'));
    expect(await screen.findByText('Linha ocupada, tente mais tarde ou faça um upgrade')).toBeInTheDocument();
    expect(screen.getByTestId('softphone-dial')).toBeInTheDocument();
    expect(stop).toHaveBeenCalled();
  });

  it("does not call when the microphone is refused: 'Permissão de microfone negada'", async () => {
    signInAs('user');
    getUserMedia.mockRejectedValue(Object.assign(new Error('denied'), { name: 'NotAllowedError' }));
    const { calls } = api();
    const { user } = renderWithApp(<CallsPage />);
    await waitFor(() => expect(screen.getByTestId('softphone-channel')).toHaveValue('Vendas'));
    await dial(user, '5511988887777');
    await user.click(screen.getByTestId('softphone-dial'));
    expect(await screen.findByTestId('softphone-mic-denied')).toHaveTextContent('Permissão de microfone negada');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('rings for an incoming call and answers it', async () => {
    signInAs('user');
    const { calls } = api({
      'POST /calls/:id/accept': () => ({
        body: call(30, { direction: 'incoming', status: 'accept', phone: '5511966665555', contactName: 'Dona Maria' }),
      }),
    });
    const queryClient = testQueryClient();
    const { user } = renderWithApp(<CallsPage />, { queryClient });
    await screen.findByTestId('softphone-dial');
    act(() =>
      applyCallEvent(
        queryClient,
        call(30, { direction: 'incoming', status: 'offer', phone: '5511966665555', contactName: 'Dona Maria', userId: null }),
      ),
    );
    expect(await screen.findByTestId('softphone-party')).toHaveTextContent('Dona Maria · 5511966665555');
    expect(screen.getByTestId('softphone-status')).toHaveTextContent('Chamando');
    await user.click(screen.getByTestId('softphone-accept'));
    expect(await screen.findByTestId('softphone-hangup')).toBeInTheDocument();
    expect(screen.getByTestId('softphone-status')).toHaveTextContent('Em chamada');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/calls/30/accept')).toBe(true);
  });
});

describe('channel voice-call tokens', () => {
  it('shows the stored tokens masked and saves the edited list (admins only)', async () => {
    const notices = watchNotices();
    signInAs('admin');
    const { calls } = fakeApi({
      'GET /channels/:id/call-tokens': () => ({
        body: { channelId: 3, tokens: ['••••••', '••••••'], updatedAt: '2026-01-05T12:00:00.000Z' },
      }),
      'PUT /channels/:id/call-tokens': () => ({
        body: { channelId: 3, tokens: ['••••••', '••••••', '••••••'], updatedAt: '2026-01-05T12:01:00.000Z' },
      }),
    });
    const { user } = renderWithApp(<CallTokensSection channelId={3} />);
    await user.click(await screen.findByTestId('channel-call-tokens-open'));
    const input = await screen.findByTestId('channel-call-tokens-input');
    await waitFor(() => expect(input).toHaveValue('••••••, ••••••'));
    await user.type(input, ', novo-token');
    await user.click(screen.getByTestId('channel-call-tokens-save'));
    await notices.shown('Tokens de chamada salvos.');
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/channels/3/call-tokens',
      body: { tokens: '••••••, ••••••, novo-token' },
    });
    await waitFor(() => expect(screen.getByTestId('channel-call-tokens-input')).toHaveValue('••••••, ••••••, ••••••'));
  });

  it('is not shown to a supervisor', async () => {
    signInAs('super');
    const { calls } = fakeApi({});
    renderWithApp(
      <>
        <CallTokensSection channelId={3} />
        <span data-testid="rendered" />
      </>,
    );
    expect(await screen.findByTestId('rendered')).toBeInTheDocument();
    expect(screen.queryByTestId('channel-call-tokens-open')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
