import type { Ticket } from '@conversa/shared';
import { ActionIcon, Avatar, Badge, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { IconArrowsMove, IconDots, IconGripVertical } from '@tabler/icons-react';
import type { CSSProperties, HTMLAttributes, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chatPath } from '../../../app/paths';
import { formatCurrency } from '../../../lib/format';
import { TagChips } from '../../tags/components/TagChips';
import { initialsOf } from '../../tickets/components/TicketRow';

export interface MoveTarget {
  /** The lane (null: out of the kanban). */
  laneId: number | null;
  name: string;
}

export interface TicketCardProps {
  ticket: Ticket;
  /** The "move to" menu's lanes (the card's own is left out); none: no menu. */
  moveTargets?: MoveTarget[];
  onMove?: (target: MoveTarget) => void;
  /** The drag handle's listeners and attributes (the lanes board); none: the card is not draggable. */
  handleProps?: HTMLAttributes<HTMLButtonElement>;
  handleRef?: Ref<HTMLButtonElement>;
  cardRef?: Ref<HTMLDivElement>;
  style?: CSSProperties;
  dragging?: boolean;
}

/** A ticket on a board: contact, last message, tags, value and agent; a handle to drag it and a menu to move it. */
export function TicketCard({ ticket, moveTargets, onMove, handleProps, handleRef, cardRef, style, dragging }: TicketCardProps) {
  const { t } = useTranslation();
  const name = ticket.contact.name;
  return (
    <Paper
      ref={cardRef}
      withBorder
      p="xs"
      radius="md"
      shadow={dragging ? 'md' : undefined}
      style={{ ...style, opacity: dragging ? 0.5 : undefined }}
      data-testid={`kanban-card-${ticket.id}`}
      data-ticket-id={ticket.id}
    >
      <Group gap={6} wrap="nowrap" align="flex-start">
        {handleProps && (
          <ActionIcon
            ref={handleRef}
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={t('kanban.dragHandle', { name })}
            data-testid={`kanban-card-handle-${ticket.id}`}
            style={{ cursor: 'grab', touchAction: 'none', flexShrink: 0 }}
            {...handleProps}
          >
            <IconGripVertical size={14} />
          </ActionIcon>
        )}
        <Avatar src={ticket.profilePicUrl ?? ticket.contact.profilePicUrl} radius="xl" size="sm" color="teal">
          {initialsOf(name)}
        </Avatar>
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={4} wrap="nowrap" justify="space-between">
            <Text component={Link} to={chatPath(ticket.id)} size="sm" fw={600} truncate="end" data-testid="kanban-card-name">
              {name}
            </Text>
            {ticket.status === 'pending' && (
              <Badge size="xs" color="yellow" style={{ flexShrink: 0 }}>
                {t('tickets.status.pending')}
              </Badge>
            )}
          </Group>
          {ticket.lastMessage && (
            <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {ticket.lastMessage}
            </Text>
          )}
          <TagChips tags={ticket.tags} max={3} />
          <Group gap={4} justify="space-between" wrap="nowrap">
            <Text size="xs" c="dimmed" truncate="end">
              {ticket.username ?? t('kanban.unassigned')}
            </Text>
            {ticket.value !== null && (
              <Text size="xs" fw={600} style={{ flexShrink: 0 }} data-testid="kanban-card-value">
                {formatCurrency(ticket.value)}
              </Text>
            )}
          </Group>
        </Stack>
        {moveTargets && moveTargets.length > 0 && onMove && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={t('kanban.moveMenu', { name })}
                data-testid={`kanban-card-menu-${ticket.id}`}
              >
                <IconDots size={14} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{t('kanban.moveTo')}</Menu.Label>
              {moveTargets.map((target) => (
                <Menu.Item
                  key={target.laneId ?? 'none'}
                  leftSection={<IconArrowsMove size={14} />}
                  onClick={() => onMove(target)}
                  data-testid={`kanban-move-to-${target.laneId ?? 'none'}`}
                >
                  {target.name}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Paper>
  );
}
