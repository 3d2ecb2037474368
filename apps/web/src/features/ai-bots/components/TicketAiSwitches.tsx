import type { Ticket } from '@conversa/shared';
import { ActionIcon, Badge, Group, Indicator, Popover, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconRobot } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyApiError } from '../../../lib/notify';
import { useUpdateTicket } from '../../tickets/api';
import { useAvailableAiBots } from '../api';

/**
 * The chat header's AI switches (SPEC §3 Ticket chatgptStatus, claudeStatus…): one per provider the
 * company has set up; on, that AI answers the customer's next messages. The robot shows which one
 * is on; nothing shows while no provider is set up.
 */
export function TicketAiSwitches({ ticket }: { ticket: Pick<Ticket, 'id' | 'integrationStatuses' | 'status'> }) {
  const { t } = useTranslation();
  const available = useAvailableAiBots();
  const update = useUpdateTicket();
  const providers = available.data ?? [];
  if (providers.length === 0 || ticket.status === 'closed') return null;
  const running = providers.filter((p) => ticket.integrationStatuses[p.statusKey] === true);

  return (
    <Popover position="bottom-end" withArrow shadow="md" hideDetached={false}>
      <Popover.Target>
        <Tooltip label={running.length ? t('aiBots.header.on', { name: running.map((p) => p.label).join(', ') }) : t('aiBots.header.off')}>
          <Indicator disabled={running.length === 0} color="teal" size={8} offset={4}>
            <ActionIcon
              variant={running.length ? 'light' : 'subtle'}
              color={running.length ? 'teal' : undefined}
              aria-label={t('aiBots.header.title')}
              data-testid="ticket-ai"
            >
              <IconRobot size={18} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" data-testid="ticket-ai-switches">
          <Group gap="xs" justify="space-between">
            <Text size="sm" fw={600}>
              {t('aiBots.header.title')}
            </Text>
            {running.length > 0 && (
              <Badge color="teal" size="xs">
                {t('aiBots.header.answering')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" maw={260}>
            {t('aiBots.header.hint')}
          </Text>
          {providers.map((p) => (
            <Switch
              key={p.provider}
              label={p.label}
              checked={ticket.integrationStatuses[p.statusKey] === true}
              disabled={update.isPending}
              onChange={(event) =>
                update.mutate(
                  { id: ticket.id, update: { [p.statusKey]: event.currentTarget.checked } },
                  { onError: (error) => notifyApiError(error, 'ticket-ai-error') },
                )
              }
              data-testid={`ticket-ai-${p.provider}`}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
