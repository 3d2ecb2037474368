import { SCHEDULE_STATUSES, type ScheduledMessage, type ScheduleStatus } from '@conversa/shared';
import { Badge, Button, Chip, Group, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chatPath } from '../../../app/paths';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { ListPageHeader } from '../../../components/ListPageHeader';
import { PageControls } from '../../../components/PageControls';
import { formatDateTime } from '../../../lib/format';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import { useCancelSchedule, useDeleteSchedule, useSchedules } from '../api';
import { ScheduleDialog } from '../components/ScheduleDialog';

export const SCHEDULE_STATUS_COLORS: Record<ScheduleStatus, string> = { pending: 'blue', sent: 'teal', failed: 'red', canceled: 'gray' };

/**
 * /agendamentos: the scheduled messages the user sees (admins and supervisors: the tenant's; a user:
 * their own), filtered by status, pending first by date. Pending ones can be edited or canceled
 * (after a confirmation), the others deleted (after a confirmation); the list follows changes live
 * (the socket's `scheduledMessage`).
 */
export function SchedulesPage() {
  const { t } = useTranslation();
  const [statuses, setStatuses] = useState<ScheduleStatus[]>(['pending']);
  const [pageNumber, setPageNumber] = useState(1);
  const schedules = useSchedules(statuses, pageNumber);
  const cancel = useCancelSchedule();
  const [editing, setEditing] = useState<ScheduledMessage | null>(null);
  const [creating, setCreating] = useState(false);
  const [canceling, setCanceling] = useState<ScheduledMessage | null>(null);
  // A schedule that no longer waits (canceled, sent, failed) can be deleted, after a confirmation.
  const removal = useConfirmedDelete<ScheduledMessage>(useDeleteSchedule(), 'schedule-delete-error');

  const confirmCancel = () => {
    if (!canceling) return;
    cancel.mutate(canceling.id, {
      onSuccess: () => {
        notifySuccess(t('schedules.canceled'));
        setCanceling(null);
      },
      onError: (error) => notifyApiError(error, 'schedule-cancel-error'),
    });
  };

  const columns: DataColumn<ScheduledMessage>[] = [
    {
      key: 'message',
      header: t('schedules.message'),
      primary: true,
      render: (row) => (
        <Stack gap={2}>
          <Text
            size="sm"
            lineClamp={3}
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
            data-testid={`schedule-row-body-${row.id}`}
          >
            {row.body}
          </Text>
          {row.mediaName && (
            <Group gap={4}>
              <IconPaperclip size={12} />
              <Text size="xs" c="dimmed">
                {row.mediaName}
              </Text>
            </Group>
          )}
        </Stack>
      ),
    },
    { key: 'contact', header: t('schedules.contact'), render: (row) => `${row.contact.name} · ${row.channel.name}` },
    { key: 'date', header: t('schedules.scheduleDate'), render: (row) => formatDateTime(row.scheduleDate) },
    {
      key: 'recurrence',
      header: t('schedules.recurrence'),
      render: (row) => (row.recurrence === 0 ? t('schedules.noRecurrence') : t('schedules.everyDays', { count: row.recurrence })),
    },
    {
      key: 'status',
      header: t('schedules.status'),
      render: (row) => (
        <Stack gap={2}>
          {/* Its whole text: a narrow column cut it to "PEN…". */}
          <Badge
            color={SCHEDULE_STATUS_COLORS[row.status]}
            variant="light"
            style={{ minWidth: 'max-content' }}
            data-testid={`schedule-row-status-${row.id}`}
          >
            {t(`schedules.statuses.${row.status}`)}
          </Badge>
          {row.sentCount > 0 && (
            <Text size="xs" c="dimmed">
              {t('schedules.sentCount', { count: row.sentCount })}
            </Text>
          )}
          {row.status === 'failed' && row.error && (
            <Text size="xs" c="red">
              {row.error}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'createdBy', header: t('schedules.createdBy'), render: (row) => row.createdBy?.name ?? '' },
  ];

  return (
    <Stack data-testid="schedules-page">
      <ListPageHeader
        title={t('schedules.title')}
        description={t('schedules.help')}
        query={schedules}
        newLabel={t('schedules.new')}
        onNew={() => setCreating(true)}
        newTestId="schedules-new"
      />
      <Chip.Group
        multiple
        value={statuses}
        onChange={(value) => {
          setStatuses(value.filter((status): status is ScheduleStatus => (SCHEDULE_STATUSES as readonly string[]).includes(status)));
          setPageNumber(1);
        }}
      >
        <Group gap="xs" data-testid="schedules-status-filter">
          {SCHEDULE_STATUSES.map((status) => (
            <Chip key={status} value={status} size="sm" data-testid={`schedules-filter-${status}`}>
              {t(`schedules.statuses.${status}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Text size="sm" c="dimmed" data-testid="schedules-total">
        {t('schedules.total', { count: schedules.data?.count ?? 0 })}
      </Text>
      <DataTable
        testId="schedules-table"
        rows={schedules.data?.scheduledMessages}
        rowKey={(row) => row.id}
        rowTestId={(row) => `schedule-row-${row.id}`}
        columns={columns}
        minWidth={760}
        actions={(row) => (
          // Wraps: three buttons ran past a phone's card.
          <Group gap={4} wrap="wrap">
            {row.ticketId !== null && (
              <Button size="xs" variant="subtle" component={Link} to={chatPath(row.ticketId)} data-testid={`schedule-open-${row.id}`}>
                {t('schedules.openTicket')}
              </Button>
            )}
            {row.status === 'pending' && (
              <>
                <Button size="xs" variant="light" onClick={() => setEditing(row)} data-testid={`schedule-edit-${row.id}`}>
                  {t('common.edit')}
                </Button>
                <Button size="xs" variant="light" color="red" onClick={() => setCanceling(row)} data-testid={`schedule-cancel-${row.id}`}>
                  {t('schedules.cancel')}
                </Button>
              </>
            )}
            {row.status !== 'pending' && (
              <Button size="xs" variant="light" color="red" onClick={() => removal.ask(row)} data-testid={`schedule-delete-${row.id}`}>
                {t('common.delete')}
              </Button>
            )}
          </Group>
        )}
      />
      {(pageNumber > 1 || schedules.data?.hasMore) && (
        <Group justify="center">
          <PageControls page={pageNumber} hasMore={schedules.data?.hasMore ?? false} onChange={setPageNumber} testId="schedules" />
        </Group>
      )}
      {editing && <ScheduleDialog schedule={editing} onClose={() => setEditing(null)} />}
      {creating && <ScheduleDialog onClose={() => setCreating(false)} />}
      <ConfirmModal
        opened={canceling !== null}
        title={t('schedules.cancelTitle')}
        message={t('schedules.cancelMessage', { name: canceling?.contact.name ?? '' })}
        confirmLabel={t('schedules.cancel')}
        loading={cancel.isPending}
        onConfirm={confirmCancel}
        onClose={() => setCanceling(null)}
      />
      <ConfirmModal
        opened={removal.deleting !== null}
        title={t('schedules.deleteTitle')}
        message={t('schedules.deleteMessage', { name: removal.deleting?.contact.name ?? '' })}
        loading={removal.pending}
        onConfirm={removal.confirm}
        onClose={removal.cancel}
      />
    </Stack>
  );
}
