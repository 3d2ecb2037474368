import type { Ticket } from '@conversa/shared';
import { Select } from '@mantine/core';
import { IconLayoutKanban } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useLanes, useSetTicketLane } from '../../lanes/api';
import { applyTicketToCache } from '../cache';

/**
 * The ticket's kanban lane, in the chat header: whoever sees the ticket picks one or clears it.
 * Hidden while the company has no lanes (nothing to choose).
 */
export function TicketLaneSelect({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const lanes = useLanes();
  const setLane = useSetTicketLane();
  const options = (lanes.data ?? []).map((lane) => ({ value: String(lane.id), label: lane.name }));
  // A lane the list has not loaded yet (just created elsewhere) still shows by name.
  if (ticket.kanban && !options.some((o) => o.value === String(ticket.kanban!.id)))
    options.push({ value: String(ticket.kanban.id), label: ticket.kanban.name });
  if (options.length === 0) return null;

  const change = (value: string | null) => {
    const laneId = value === null ? null : Number(value);
    if (laneId === (ticket.kanban?.id ?? null)) return;
    setLane.mutate(
      { ticketId: ticket.id, laneId },
      {
        onSuccess: (updated) => {
          applyTicketToCache(qc, updated);
          notifySuccess(laneId === null ? t('tickets.lane.cleared') : t('tickets.lane.moved', { name: updated.kanban?.name ?? '' }));
        },
        onError: (error) => notifyApiError(error, 'ticket-lane-error'),
      },
    );
  };

  return (
    <Select
      size="xs"
      w={170}
      aria-label={t('tickets.lane.label')}
      placeholder={t('tickets.lane.none')}
      leftSection={<IconLayoutKanban size={14} />}
      data={options}
      value={ticket.kanban ? String(ticket.kanban.id) : null}
      onChange={change}
      clearable
      disabled={setLane.isPending}
      comboboxProps={{ withinPortal: true }}
      data-testid="ticket-lane"
    />
  );
}
