import type { Queue } from '@conversa/shared';
import { Badge, Button, ColorSwatch, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { QueryError } from '../../../components/QueryError';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/useSession';
import { useAllUsers } from '../../users/api';
import { useDeleteQueue, useQueues } from '../api';
import { QueueFormModal } from '../components/QueueFormModal';

/** /filas: the tenant's queues and their members. Supervisors see them; admins change them. */
export function QueuesPage() {
  const { t } = useTranslation();
  const session = useSession();
  const canEdit = session?.profile === 'admin' || session?.profile === 'superadmin';
  const queues = useQueues();
  const users = useAllUsers();
  const remove = useDeleteQueue();
  const [editing, setEditing] = useState<Queue | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Queue | null>(null);
  const userNames = useMemo(() => new Map((users.data ?? []).map((u) => [u.id, u.name])), [users.data]);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(t('common.deleted'));
        setDeleting(null);
      },
      onError: (error) => notifyApiError(error, 'queue-delete-error'),
    });
  };

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
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover data-testid="queues-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('queues.name')}</Table.Th>
              <Table.Th>{t('queues.greeting')}</Table.Th>
              <Table.Th>{t('queues.users')}</Table.Th>
              {canEdit && <Table.Th>{t('common.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {queues.data?.map((queue) => (
              <Table.Tr key={queue.id} data-testid={`queue-${queue.id}`}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <ColorSwatch color={queue.color} size={14} />
                    {queue.name}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2}>
                    {queue.greetingMessage}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {queue.userIds.map((id) => (
                      <Badge key={id} variant="light" size="sm" style={{ textTransform: 'none' }}>
                        {userNames.get(id) ?? `#${id}`}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                {canEdit && (
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" variant="light" onClick={() => setEditing(queue)} data-testid={`queue-edit-${queue.id}`}>
                        {t('common.edit')}
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        onClick={() => setDeleting(queue)}
                        data-testid={`queue-delete-${queue.id}`}
                      >
                        {t('common.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
            {queues.isSuccess && queues.data.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={canEdit ? 4 : 3}>
                  <Text c="dimmed" ta="center">
                    {t('common.noRecords')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {editing !== undefined && <QueueFormModal queue={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmModal
        opened={deleting !== null}
        title={t('queues.deleteTitle')}
        message={t('queues.deleteConfirm', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
