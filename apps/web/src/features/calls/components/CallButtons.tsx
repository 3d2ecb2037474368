import { isFinalCallStatus } from '@conversa/shared/call-states';
import type { Call } from '@conversa/shared/calls';
import { Button, Group } from '@mantine/core';
import { IconPhone, IconPhoneOff, IconPhoneX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type CallAction = 'accept' | 'reject' | 'hangup';

/**
 * A call's buttons, for the softphone and the dock of every screen: accept and reject while it rings,
 * hang up while it lasts, none once it has ended. The labels come from the caller's texts (the dock's
 * load with the app's frame, the softphone's with its page); the buttons are `<testIdPrefix>-<action>`.
 */
export function CallButtons({
  call,
  acting,
  run,
  labels,
  testIdPrefix,
}: {
  call: Call;
  acting: boolean;
  run: (call: Call, action: CallAction) => void;
  labels: Record<CallAction, string>;
  testIdPrefix: string;
}) {
  const button = (action: CallAction, color: string, icon: ReactNode) => (
    <Button color={color} leftSection={icon} loading={acting} onClick={() => run(call, action)} data-testid={`${testIdPrefix}-${action}`}>
      {labels[action]}
    </Button>
  );
  if (call.status === 'offer' && call.direction === 'incoming')
    return (
      <Group grow>
        {button('accept', 'green', <IconPhone size={16} />)}
        {button('reject', 'red', <IconPhoneX size={16} />)}
      </Group>
    );
  return isFinalCallStatus(call.status) ? null : button('hangup', 'red', <IconPhoneOff size={16} />);
}
