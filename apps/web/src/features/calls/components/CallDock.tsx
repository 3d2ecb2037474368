import { CALL_RESET_DELAY_MS, isFinalCallStatus } from '@conversa/shared/call-states';
import type { Call } from '@conversa/shared/calls';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PATHS } from '../../../app/paths';
import { useSessionSocket } from '../../../app/SocketProvider';
import { playBeep } from '../../../lib/sound';
import { useSession } from '../../../lib/useSession';
import { resetLiveCall, useLiveCall } from '../api';
import type { CallAudioSession, CallAudioStats } from '../call-audio';
import { releaseCallMicrophone, useCallMicrophone } from '../call-media';
import { useCallControls } from '../use-call-controls';
import { CallButtons } from './CallButtons';

/**
 * The call on every screen (a part of the layout): an incoming call rings with accept / reject
 * wherever the user is, a call in progress keeps its hang-up button and its audio while the user
 * moves between screens (on /wavoip the softphone shows it instead), and a call that ended is reset
 * 3.5 s later (SPEC §4). Users with the softphone blocked (blockWavoip) get none of it.
 */
export function CallDock() {
  const session = useSession();
  if (!session || session.blockWavoip) return null;
  return <LiveCallDock userId={session.userId} />;
}

function LiveCallDock({ userId }: { userId: number }) {
  const qc = useQueryClient();
  const live = useLiveCall().data ?? null;
  const { pathname } = useLocation();
  const microphone = useCallMicrophone();
  const audio = useCallAudio(live, userId, microphone);

  // A call that ended: its microphone is released at once, the call reset 3.5 s later.
  useEffect(() => {
    if (!live || !isFinalCallStatus(live.status)) return;
    releaseCallMicrophone();
    const timer = setTimeout(() => resetLiveCall(qc, live.id), CALL_RESET_DELAY_MS);
    return () => clearTimeout(timer);
  }, [live, qc]);

  const ringing = live?.status === 'offer' && live.direction === 'incoming';
  const ringingId = ringing ? live.id : null;
  useEffect(() => {
    if (ringingId !== null) playBeep();
  }, [ringingId]);

  return (
    <>
      {audio && (
        // The call's audio as positive markers (what was sent, received and played, and how loud).
        <span
          hidden
          data-testid="call-audio"
          data-call-id={audio.callId}
          data-state={audio.stats.state}
          data-sent-frames={audio.stats.sentFrames}
          data-received-frames={audio.stats.receivedFrames}
          data-played-frames={audio.stats.playedFrames}
          data-dropped-frames={audio.stats.droppedFrames}
          data-level={audio.stats.level.toFixed(3)}
        />
      )}
      {/* Everyone hears an offer ring; a call placed or taken by someone else is theirs. */}
      {live && pathname !== PATHS.calls && (ringing || live.userId === userId) && <CallCard call={live} />}
    </>
  );
}

/** A call answered and not over: its audio runs. */
const inProgress = (call: Call) => call.answeredAt !== null && !isFinalCallStatus(call.status);

/** Runs the call's audio while the user's call is in progress (answered) and the microphone is held. */
function useCallAudio(live: Call | null, userId: number, microphone: MediaStream | null) {
  const socketOf = useSessionSocket();
  const [audio, setAudio] = useState<{ callId: number; stats: CallAudioStats } | null>(null);
  const callId = live && inProgress(live) && live.userId === userId && microphone ? live.id : null;

  useEffect(() => {
    const socket = socketOf();
    if (callId === null || !microphone || !socket) return;
    let cancelled = false;
    let session: CallAudioSession | null = null;
    // The audio code (and its worklets) loads with the first call.
    void import('../call-audio')
      .then(({ startCallAudio }) =>
        startCallAudio(socket, callId, microphone, (stats) => {
          if (!cancelled) setAudio({ callId, stats });
        }),
      )
      .then((started) => {
        if (cancelled) started.stop();
        else session = started;
      })
      .catch((error: unknown) => {
        if (!cancelled) {
          setAudio({
            callId,
            stats: {
              state: 'refused',
              error: String(error),
              sentFrames: 0,
              receivedFrames: 0,
              playedFrames: 0,
              droppedFrames: 0,
              level: 0,
            },
          });
        }
      });
    return () => {
      cancelled = true;
      session?.stop();
      setAudio((current) =>
        current?.callId === callId && current.stats.state !== 'ended' ? { callId, stats: { ...current.stats, state: 'ended' } } : current,
      );
    };
  }, [callId, microphone, socketOf]);
  return audio;
}

function CallCard({ call }: { call: Call }) {
  const { t } = useTranslation();
  const { acting, run } = useCallControls();
  const ringing = call.status === 'offer' && call.direction === 'incoming';
  const ended = isFinalCallStatus(call.status);
  const title = ringing
    ? t('callDock.incoming')
    : ended
      ? t('callDock.ended')
      : inProgress(call)
        ? t('callDock.active')
        : t('callDock.dialing');

  return (
    <Paper
      withBorder
      shadow="md"
      p="sm"
      role={ringing ? 'alertdialog' : 'status'}
      aria-label={title}
      data-testid="call-dock"
      style={{ position: 'fixed', right: 16, bottom: 16, width: 'min(360px, calc(100vw - 32px))', zIndex: 300 }}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0} miw={0}>
            <Text fw={600} truncate data-testid="call-dock-party">
              {call.contactName ? `${call.contactName} · ${call.phone}` : call.phone}
            </Text>
            {call.inboxName && (
              <Text size="xs" c="dimmed" truncate>
                {call.inboxName}
              </Text>
            )}
          </Stack>
          <Badge color={ringing ? 'green' : ended ? 'gray' : 'blue'} data-testid="call-dock-status">
            {title}
          </Badge>
        </Group>
        <CallButtons
          call={call}
          acting={acting}
          run={run}
          labels={{ accept: t('callDock.accept'), reject: t('callDock.reject'), hangup: t('callDock.hangup') }}
          testIdPrefix="call-dock"
        />
      </Stack>
    </Paper>
  );
}
