import type { Call } from '@conversa/shared/calls';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/errors';
import { notifyError } from '../../lib/notify';
import { useCallAction, useStartCall } from './api';
import { holdCallMicrophone, releaseCallMicrophone } from './call-media';
import { openMicrophone } from './microphone';

/**
 * Placing, answering, refusing and ending calls, for the softphone and the ringing of every screen:
 * the microphone is asked before a call is placed or answered; refused, the call does not start
 * ('Permissão de microfone negada').
 */
export function useCallControls() {
  const { t } = useTranslation();
  const start = useStartCall();
  const act = useCallAction();
  const [micDenied, setMicDenied] = useState(false);

  const withMicrophone = async (then: () => void) => {
    const opened = await openMicrophone();
    if ('problem' in opened) {
      setMicDenied(true);
      // The texts of the ringing shown on every screen (callDock, loaded with the app's frame).
      notifyError(t(opened.problem === 'denied' ? 'callDock.micDenied' : 'callDock.micUnavailable'));
      return;
    }
    setMicDenied(false);
    holdCallMicrophone(opened.stream);
    then();
  };
  const failed = (error: unknown) => {
    releaseCallMicrophone();
    notifyError(errorMessage(error));
  };

  return {
    micDenied,
    starting: start.isPending,
    acting: act.isPending,
    dial: (channelId: number, phone: string) => void withMicrophone(() => start.mutate({ channelId, phone }, { onError: failed })),
    run: (call: Call, action: 'accept' | 'reject' | 'hangup') => {
      if (action === 'accept') void withMicrophone(() => act.mutate({ id: call.id, action }, { onError: failed }));
      else act.mutate({ id: call.id, action }, { onError: (error) => notifyError(errorMessage(error)) });
    },
  };
}
