import type { Message } from '@conversa/shared';
import { Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyApiError } from '../../../lib/notify';
import { useResendMessage } from '../api';

/**
 * Under an agent's message that may not have reached the contact: unconfirmed (the server stopped
 * while sending it; it is never resent by itself) or failed. The agent checks and may resend it.
 */
export function UnsentNotice({ message }: { message: Message }) {
  const { t } = useTranslation();
  const resend = useResendMessage();
  if (!message.fromMe || message.deleted || (message.status !== 'unconfirmed' && message.status !== 'failed')) return null;
  const unconfirmed = message.status === 'unconfirmed';
  return (
    <Group gap={6} mt={4} justify="space-between" data-testid={`message-unsent-${message.id}`}>
      <Text size="xs" c={unconfirmed ? 'orange' : 'red'}>
        {t(unconfirmed ? 'tickets.unsent.unconfirmed' : 'tickets.unsent.failed')}
      </Text>
      <Button
        size="compact-xs"
        variant="light"
        color={unconfirmed ? 'orange' : 'red'}
        leftSection={<IconRefresh size={12} />}
        loading={resend.isPending}
        onClick={() => resend.mutate(message.id, { onError: (error) => notifyApiError(error) })}
        data-testid={`message-resend-${message.id}`}
      >
        {t('tickets.unsent.resend')}
      </Button>
    </Group>
  );
}
