import type { Queue } from '@conversa/shared';
import { Alert, Badge, Button, ColorSwatch, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { QueryError } from '../../../components/QueryError';
import { useSession } from '../../../lib/useSession';
import { useAllUsers } from '../../users/api';
import { useDeleteQueue, useQueueChatFlows, useQueues } from '../api';
import { QueueFormModal } from '../components/QueueFormModal';

/** /filas: the tenant's queues and their members. Supervisors see them; admins change them. */
export function QueuesPage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const canEdit = session?.profile === 'admin' || session?.profile === 'superadmin';
  const queues = useQueues();
  const users = useAllUsers();
  const remove = useDeleteQueue();
  const [editing, setEditing] = useState<Queue | null | undefined>(undefined);
  const userNames = useMemo(() => new Map((users.data ?? []).map((u) => [u.id, u.name])), [users.data]);

  const removal = useConfirmedDelete<Queue>(remove, 'queue-delete-error');
  // Flows keep their routes to a deleted queue (tickets taking one stay pending where they are): say which.
  const routingFlows = useQueueChatFlows(removal.deleting?.id ?? null);
  const flowNames = routingFlows.data?.map((flow) => `“${flow.name}”`) ?? [];
  const flowsNotice = routingFlows.isFetching ? (
    <Text size="sm" c="dimmed" data-testid="queue-delete-flows-checking">
      {t('queues.checkingFlows')}
    </Text>
  ) : routingFlows.isError ? (
    <Alert color="yellow" data-testid="queue-delete-flows-unknown">
      {t('queues.flowsUnknown')}
    </Alert>
  ) : flowNames.length > 0 ? (
    <Alert color="yellow" data-testid="queue-delete-flows">
      {t('queues.deleteFlows', {
        count: flowNames.length,
        names: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(flowNames),
      })}
    </Alert>
  ) : null;

  const columns: DataColumn<Queue>[] = [
    {
      key: 'name',
      header: t('queues.name'),
      render: (queue) => (
        <Group gap="xs" wrap="nowrap" component="span">
          <ColorSwatch color={queue.color} size={14} />
          {queue.name}
        </Group>
      ),
    },
    {
      key: 'greeting',
      header: t('queues.greeting'),
      render: (queue) => (
        <Text size="sm" lineClamp={2}>
          {queue.greetingMessage}
        </Text>
      ),
    },
    {
      key: 'users',
      header: t('queues.users'),
      render: (queue) => (
        <Group gap={4}>
          {queue.userIds.map((id) => (
            <Badge key={id} variant="light" size="sm" style={{ textTransform: 'none' }}>
              {userNames.get(id) ?? `#${id}`}
            </Badge>
          ))}
        </Group>
      ),
    },
  ];

  return (
    <Stack data-testid="queues-page">
      <Group justify="space-between">
        <Title order={2}>{t('queues.title')}</Title>
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)} data-testid="queues-new">
            {t('queues.new')}
          </Button>
        )}
      </Group>
      {queues.isError && <QueryError error={queues.error} onRetry={() => void queues.refetch()} />}
      <DataTable
        testId="queues-table"
        rows={queues.data}
        rowKey={(queue) => queue.id}
        rowTestId={(queue) => `queue-${queue.id}`}
        columns={columns}
        actions={
          canEdit
            ? (queue) => (
                <>
                  <Button size="xs" variant="light" onClick={() => setEditing(queue)} data-testid={`queue-edit-${queue.id}`}>
                    {t('common.edit')}
                  </Button>
                  <Button size="xs" variant="light" color="red" onClick={() => removal.ask(queue)} data-testid={`queue-delete-${queue.id}`}>
                    {t('common.delete')}
                  </Button>
                </>
              )
            : undefined
        }
      />
      {editing !== undefined && <QueueFormModal queue={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmModal
        opened={removal.deleting !== null}
        title={t('queues.deleteTitle')}
        message={t('queues.deleteConfirm', { name: removal.deleting?.name ?? '' })}
        loading={removal.pending}
        onConfirm={removal.confirm}
        onClose={removal.cancel}
      >
        {flowsNotice}
      </ConfirmModal>
    </Stack>
  );
}
