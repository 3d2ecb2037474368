import type { Ticket } from '@conversa/shared';
import { Badge, Card, Checkbox, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface PanelColumnProps {
  id: string;
  title: string;
  tickets: Ticket[];
  selected: Set<number>;
  onToggle: (ids: number[], on: boolean) => void;
}

/** One column of the panel (an agent's open tickets, a queue's pending ones) with a checkbox per ticket and for all. */
export function PanelColumn({ id, title, tickets, selected, onToggle }: PanelColumnProps) {
  const { t } = useTranslation();
  const ids = tickets.map((ticket) => ticket.id);
  const chosen = ids.filter((ticketId) => selected.has(ticketId)).length;
  return (
    <Card withBorder padding="sm" data-testid={`panel-column-${id}`}>
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Checkbox
          label={
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Text>
          }
          aria-label={t('ticketPanel.selectColumn', { name: title })}
          checked={ids.length > 0 && chosen === ids.length}
          indeterminate={chosen > 0 && chosen < ids.length}
          disabled={ids.length === 0}
          onChange={(event) => onToggle(ids, event.currentTarget.checked)}
          data-testid={`panel-column-select-${id}`}
        />
        <Badge variant="light" data-testid={`panel-column-count-${id}`}>
          {tickets.length}
        </Badge>
      </Group>
      <ScrollArea.Autosize mah={420} type="auto">
        <Stack gap={6}>
          {tickets.length === 0 && (
            <Text size="xs" c="dimmed">
              {t('ticketPanel.emptyColumn')}
            </Text>
          )}
          {tickets.map((ticket) => (
            <Checkbox
              key={ticket.id}
              checked={selected.has(ticket.id)}
              onChange={(event) => onToggle([ticket.id], event.currentTarget.checked)}
              data-testid={`panel-ticket-${ticket.id}`}
              label={
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {ticket.contact.name}{' '}
                    <Text span size="xs" c="dimmed">
                      #{ticket.id}
                    </Text>
                  </Text>
                  {ticket.lastMessage && (
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {ticket.lastMessage}
                    </Text>
                  )}
                </Stack>
              }
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Card>
  );
}
