import type { Call } from '@conversa/shared';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fetch';
import { renderWithApp, testQueryClient } from '../../test/render';
import { signInAs } from '../../test/session';
import { applyCallEvent } from './api';
import type { CallAudioStats } from './call-audio';
import { releaseCallMicrophone } from './call-media';
import { CallDock } from './components/CallDock';

// The session's socket (SocketProvider) and the Web Audio engine (no AudioContext in jsdom): the
// dock's part is to start the call's audio for the right call with the held microphone, stop it at
// the end and expose its markers.
// Stable, as the provider's memoised getter.
const socketOf = vi.hoisted(() => {
  const fakeSocket = { connected: true };
  return () => fakeSocket;
});
vi.mock('../../app/SocketProvider', () => ({ useSessionSocket: () => socketOf }));
const audio = vi.hoisted(() => ({
  started: [] as { callId: number; stream: unknown; report: (stats: CallAudioStats) => void }[],
  stop: vi.fn(),
}));
vi.mock('./call-audio', () => ({
  startCallAudio: vi.fn(async (_socket: unknown, callId: number, stream: unknown, report: (stats: CallAudioStats) => void) => {
    audio.started.push({ callId, stream, report });
    return { stop: audio.stop };
  }),
}));

const offer = (overrides: Partial<Call> = {}): Call => ({
  id: 30,
  channelId: 3,
  inboxName: 'Vendas',
  userId: null,
  userName: null,
  direction: 'incoming',
  phone: '5511966665555',
  caller: '5511966665555',
  receiver: '5511911110000',
  contactName: 'Dona Maria',
  status: 'offer',
  instance: 1,
  startedAt: '2026-01-05T12:00:00.000Z',
  answeredAt: null,
  endedAt: null,
  duration: 0,
  ...overrides,
});

/** A socket event of the call (after the dock's first read of the live call, as in the app). */
async function push(queryClient: ReturnType<typeof testQueryClient>, call: Call): Promise<void> {
  await waitFor(() => expect(queryClient.getQueryState(['calls', 'live'])?.status).toBe('success'));
  act(() => applyCallEvent(queryClient, call));
}

const stopTrack = vi.fn();
const stream = { getTracks: () => [{ stop: stopTrack }] };
let getUserMedia: ReturnType<typeof vi.fn>;

beforeEach(() => {
  getUserMedia = vi.fn(async () => stream);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  audio.started.length = 0;
  audio.stop.mockClear();
});
afterEach(() => {
  releaseCallMicrophone();
  notifications.clean();
  localStorage.clear();
  stopTrack.mockClear();
});

describe('the call dock (every screen)', () => {
  it('rings on any screen; accepting asks the microphone, answers, runs the audio and shows its markers; the end stops it', async () => {
    signInAs('user');
    const { calls } = fakeApi({
      'POST /calls/:id/accept': () => ({
        body: offer({ status: 'accept', userId: 7, userName: 'Ana Souza', answeredAt: '2026-01-05T12:00:05.000Z' }),
      }),
      'POST /calls/:id/hangup': () => ({
        body: offer({ status: 'terminate', userId: 7, answeredAt: '2026-01-05T12:00:05.000Z', endedAt: '2026-01-05T12:01:00.000Z' }),
      }),
    });
    const queryClient = testQueryClient();
    const { user } = renderWithApp(<CallDock />, { route: '/contatos', queryClient });
    await push(queryClient, offer());
    const dock = await screen.findByTestId('call-dock');
    expect(dock).toHaveAttribute('role', 'alertdialog');
    expect(screen.getByTestId('call-dock-status')).toHaveTextContent('Chamada recebida');
    expect(screen.getByTestId('call-dock-party')).toHaveTextContent('Dona Maria · 5511966665555');

    await user.click(screen.getByTestId('call-dock-accept'));
    await waitFor(() => expect(screen.getByTestId('call-dock-status')).toHaveTextContent('Em chamada'));
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(calls.some((c) => c.method === 'POST' && c.path === '/calls/30/accept')).toBe(true);
    await waitFor(() => expect(audio.started).toHaveLength(1));
    expect(audio.started[0]).toMatchObject({ callId: 30, stream });

    act(() =>
      audio.started[0].report({ state: 'live', sentFrames: 12, receivedFrames: 9, playedFrames: 8, droppedFrames: 0, level: 0.3542 }),
    );
    const marker = screen.getByTestId('call-audio');
    expect(marker).toHaveAttribute('data-state', 'live');
    expect(marker).toHaveAttribute('data-played-frames', '8');
    expect(marker).toHaveAttribute('data-sent-frames', '12');
    expect(marker).toHaveAttribute('data-level', '0.354');

    await user.click(screen.getByTestId('call-dock-hangup'));
    await waitFor(() => expect(screen.getByTestId('call-dock-status')).toHaveTextContent('Chamada encerrada'));
    expect(audio.stop).toHaveBeenCalled();
    expect(screen.getByTestId('call-audio')).toHaveAttribute('data-state', 'ended');
    expect(stopTrack).toHaveBeenCalled();
    // 3.5 s after the end the call leaves the screen (SPEC §4).
    await waitFor(() => expect(screen.queryByTestId('call-dock')).not.toBeInTheDocument(), { timeout: 6000 });
  });

  it('rejects from any screen', async () => {
    signInAs('super');
    const { calls } = fakeApi({ 'POST /calls/:id/reject': () => ({ body: offer({ status: 'reject' }) }) });
    const queryClient = testQueryClient();
    const { user } = renderWithApp(<CallDock />, { route: '/atendimento', queryClient });
    await push(queryClient, offer());
    await user.click(await screen.findByTestId('call-dock-reject'));
    // Refused, nobody's call: it leaves the screen.
    await waitFor(() => expect(screen.queryByTestId('call-dock')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'POST' && c.path === '/calls/30/reject')).toBe(true);
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(audio.started).toHaveLength(0);
  });

  it("does not answer without the microphone: 'Permissão de microfone negada'", async () => {
    signInAs('user');
    getUserMedia.mockRejectedValue(Object.assign(new Error('denied'), { name: 'NotAllowedError' }));
    const { calls } = fakeApi({});
    const queryClient = testQueryClient();
    const { user } = renderWithApp(<CallDock />, { route: '/contatos', queryClient });
    await push(queryClient, offer());
    await user.click(await screen.findByTestId('call-dock-accept'));
    expect(await screen.findByText('Permissão de microfone negada')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(screen.getByTestId('call-dock-status')).toHaveTextContent('Chamada recebida');
  });

  it('on /wavoip the softphone shows the call; a call taken by someone else is theirs', async () => {
    signInAs('user');
    fakeApi({});
    const queryClient = testQueryClient();
    const { unmount } = renderWithApp(
      <>
        <CallDock />
        <span data-testid="rendered" />
      </>,
      { route: '/wavoip', queryClient },
    );
    await push(queryClient, offer());
    expect(await screen.findByTestId('rendered')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryData(['calls', 'live'])).toMatchObject({ id: 30 }));
    expect(screen.queryByTestId('call-dock')).not.toBeInTheDocument();
    unmount();

    const other = testQueryClient();
    renderWithApp(<CallDock />, { route: '/contatos', queryClient: other });
    await push(other, offer());
    expect(await screen.findByTestId('call-dock')).toBeInTheDocument();
    act(() => applyCallEvent(other, offer({ status: 'accept', userId: 99, userName: 'Outro', answeredAt: '2026-01-05T12:00:05.000Z' })));
    await waitFor(() => expect(screen.queryByTestId('call-dock')).not.toBeInTheDocument());
    expect(audio.started).toHaveLength(0);
  });

  it('a user with the softphone blocked (blockWavoip) gets no ringing', async () => {
    signInAs('user', { blockWavoip: true });
    fakeApi({});
    const queryClient = testQueryClient();
    renderWithApp(
      <>
        <CallDock />
        <span data-testid="rendered" />
      </>,
      { route: '/contatos', queryClient },
    );
    act(() => applyCallEvent(queryClient, offer()));
    expect(await screen.findByTestId('rendered')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryData(['calls', 'live'])).toMatchObject({ id: 30 }));
    expect(screen.queryByTestId('call-dock')).not.toBeInTheDocument();
  });
});
