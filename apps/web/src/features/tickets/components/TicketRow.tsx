import type { Ticket } from '@conversa/shared';
import { Avatar, Badge, Box, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chatPath } from '../../../app/paths';
import { formatShortMoment } from '../../../lib/format';
import { isNewTabClick, openInNewTab } from '../../../lib/navigation';
import { TagChips } from '../../tags/components/TagChips';

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

interface TicketRowProps {
  ticket: Ticket;
  selected: boolean;
  queueName?: string;
  queueColor?: string;
}

/** One ticket of the list: contact, last message, time, unread badge, queue, kanban lane and agent. */
export function TicketRow({ ticket, selected, queueName, queueColor }: TicketRowProps) {
  const { t } = useTranslation();
  const path = chatPath(ticket.id);
  return (
    <UnstyledButton
      component={Link}
      to={path}
      onClick={(event) => {
        if (isNewTabClick(event)) {
          event.preventDefault();
          openInNewTab(path);
        }
      }}
      data-testid={`ticket-${ticket.id}`}
      aria-current={selected ? 'page' : undefined}
      px="sm"
      py={8}
      w="100%"
      style={{
        display: 'block',
        borderLeft: `3px solid ${queueColor ?? 'transparent'}`,
        background: selected ? 'var(--mantine-primary-color-light)' : undefined,
        borderBottom: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar src={ticket.profilePicUrl ?? ticket.contact.profilePicUrl} radius="xl" color="teal">
          {initialsOf(ticket.contact.name)}
        </Avatar>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
              {ticket.isGroup && (
                <Tooltip label={t('tickets.group')}>
                  <IconUsersGroup
                    size={14}
                    style={{ flexShrink: 0, color: 'var(--mantine-color-dimmed)' }}
                    aria-label={t('tickets.group')}
                    data-testid={`ticket-group-${ticket.id}`}
                  />
                </Tooltip>
              )}
              <Text fw={600} size="sm" truncate="end" data-testid={`ticket-name-${ticket.id}`}>
                {ticket.contact.name}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {formatShortMoment(ticket.lastMessageAt ?? ticket.updatedAt)}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text size="xs" c="dimmed" truncate="end" style={{ flex: 1 }}>
              {ticket.lastMessage ?? ''}
            </Text>
            {ticket.unreadMessages > 0 && (
              <Badge
                size="sm"
                circle={ticket.unreadMessages < 10}
                color="green"
                data-testid={`ticket-unread-${ticket.id}`}
                aria-label={t('tickets.unread', { count: ticket.unreadMessages })}
              >
                {ticket.unreadMessages}
              </Badge>
            )}
          </Group>
          <Group gap={4} wrap="nowrap">
            <Text size="10px" c="dimmed">
              #{ticket.id}
            </Text>
            {queueName && (
              <Badge size="xs" variant="light" color={queueColor ?? 'gray'} style={{ textTransform: 'none' }}>
                {queueName}
              </Badge>
            )}
            {ticket.kanban && (
              <Text size="10px" c="dimmed" truncate="end" style={{ minWidth: 0, flexShrink: 1 }} data-testid={`ticket-lane-${ticket.id}`}>
                {t('tickets.lane.inRow', { name: ticket.kanban.name })}
              </Text>
            )}
            {ticket.username && (
              <Box style={{ minWidth: 0 }}>
                <Text size="10px" c="dimmed" truncate="end">
                  {ticket.username}
                </Text>
              </Box>
            )}
          </Group>
          <TagChips tags={ticket.tags} max={3} testId={`ticket-tags-${ticket.id}`} />
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
