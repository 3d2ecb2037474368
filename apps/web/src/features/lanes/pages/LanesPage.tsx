import type { Lane } from '@conversa/shared';
import { ActionIcon, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { ListPageHeader } from '../../../components/ListPageHeader';
import { notifyApiError } from '../../../lib/notify';
import { useDeleteLane, useLanes, useMoveLane } from '../api';
import { LaneFormModal } from '../components/LaneFormModal';

/** /lanes: the kanban lanes in board order (supervisors and admins); moved up and down with buttons (keyboard too). */
export function LanesPage() {
  const { t } = useTranslation();
  const lanes = useLanes(true, true);
  const move = useMoveLane();
  const remove = useDeleteLane();
  const removal = useConfirmedDelete<Lane>(remove, 'lane-delete-error');
  // The warning counts the lane's tickets as they are now: read again when asked.
  const askRemoval = (lane: Lane) => {
    void lanes.refetch();
    removal.ask(lane);
  };
  const deleting = removal.deleting && (lanes.data?.find((lane) => lane.id === removal.deleting?.id) ?? removal.deleting);
  const [editing, setEditing] = useState<Lane | null | undefined>(undefined);
  const count = lanes.data?.length ?? 0;

  const moveTo = (lane: Lane, position: number) =>
    move.mutate({ id: lane.id, position }, { onError: (error) => notifyApiError(error, 'lane-move-error') });

  const columns: DataColumn<Lane>[] = [
    {
      key: 'name',
      header: t('lanes.name'),
      primary: true,
      render: (lane) => (
        <Group gap="xs" wrap="nowrap">
          <Box w={12} h={12} style={{ borderRadius: 3, background: lane.color, flexShrink: 0 }} aria-hidden />
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {lane.name}
          </Text>
        </Group>
      ),
    },
    { key: 'tickets', header: t('lanes.tickets'), render: (lane) => String(lane.ticketCount) },
  ];

  return (
    <Stack data-testid="lanes-page">
      <ListPageHeader
        title={t('lanes.title')}
        description={t('lanes.description')}
        newLabel={t('lanes.new')}
        onNew={() => setEditing(null)}
        newTestId="lane-new"
        query={lanes}
      />
      <DataTable
        testId="lane-table"
        rows={lanes.data}
        rowKey={(lane) => lane.id}
        rowTestId={(lane) => `lane-${lane.id}`}
        columns={columns}
        minWidth={480}
        actions={(lane) => (
          <>
            <ActionIcon
              variant="subtle"
              aria-label={t('lanes.moveUp', { name: lane.name })}
              disabled={lane.position === 0 || move.isPending}
              onClick={() => moveTo(lane, lane.position - 1)}
              data-testid={`lane-up-${lane.id}`}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={t('lanes.moveDown', { name: lane.name })}
              disabled={lane.position >= count - 1 || move.isPending}
              onClick={() => moveTo(lane, lane.position + 1)}
              data-testid={`lane-down-${lane.id}`}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
            <Button size="xs" variant="light" onClick={() => setEditing(lane)} data-testid={`lane-edit-${lane.id}`}>
              {t('common.edit')}
            </Button>
            <Button size="xs" variant="light" color="red" onClick={() => askRemoval(lane)} data-testid={`lane-delete-${lane.id}`}>
              {t('common.delete')}
            </Button>
          </>
        )}
      />
      {editing !== undefined && <LaneFormModal lane={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmModal
        opened={removal.deleting !== null}
        title={t('lanes.deleteTitle')}
        message={
          deleting && deleting.ticketCount > 0
            ? t('lanes.deleteConfirmInUse', { name: deleting.name, count: deleting.ticketCount })
            : t('lanes.deleteConfirm', { name: deleting?.name ?? '' })
        }
        loading={removal.pending}
        onConfirm={removal.confirm}
        onClose={() => removal.cancel()}
      />
    </Stack>
  );
}
