import type { Message } from '@conversa/shared';
import { Box, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconCheck, IconChecks, IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type OutboundStatus = 'pending' | 'sent' | 'delivered' | 'read' | 'failed' | 'unconfirmed';

function outboundStatus(status: Message['status']): OutboundStatus {
  return status === 'received' ? 'delivered' : status;
}

/** Ticks of an agent's message: clock (pending), ✓ sent, ✓✓ delivered, blue ✓✓ read, red failed, orange unconfirmed. */
export function MessageStatus({ message }: { message: Message }) {
  const { t } = useTranslation();
  const status = outboundStatus(message.status);
  const icon = {
    pending: <IconClock size={14} />,
    sent: <IconCheck size={14} />,
    delivered: <IconChecks size={14} />,
    read: <IconChecks size={14} />,
    failed: <IconAlertCircle size={14} />,
    unconfirmed: <IconAlertTriangle size={14} />,
  }[status];
  const color = { pending: 'dimmed', sent: 'dimmed', delivered: 'dimmed', read: 'blue', failed: 'red', unconfirmed: 'orange' }[status];
  return (
    <Tooltip label={t(`tickets.messageStatus.${status}`)} withinPortal>
      <Box
        component="span"
        c={color}
        data-testid={`message-status-${message.id}`}
        data-status={status}
        aria-label={t(`tickets.messageStatus.${status}`)}
        style={{ display: 'inline-flex', alignItems: 'center' }}
      >
        {icon}
      </Box>
    </Tooltip>
  );
}
