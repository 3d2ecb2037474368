import type { FarewellMessage } from '@conversa/shared';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { QueryError } from '../../../components/QueryError';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useDeleteFarewellMessage, useFarewellMessages } from '../api';
import { FarewellMessageFormModal } from '../components/FarewellMessageFormModal';

/** /fechamento: the closing messages agents pick from when resolving a ticket (supervisors and admins). */
export function ClosingMessagesPage() {
  const { t, i18n } = useTranslation();
  const farewells = useFarewellMessages();
  const remove = useDeleteFarewellMessage();
  const [editing, setEditing] = useState<FarewellMessage | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<FarewellMessage | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(t('common.deleted'));
        setDeleting(null);
      },
      onError: (error) => notifyApiError(error, 'farewell-delete-error'),
    });
  };

  const columns: DataColumn<FarewellMessage>[] = [
    {
      key: 'message',
      header: t('closing.message'),
      primary: true,
      render: (farewell) => (
        <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {farewell.message}
        </Text>
      ),
    },
    { key: 'user', header: t('closing.user'), render: (farewell) => farewell.username ?? '' },
    {
      key: 'date',
      header: t('closing.date'),
      render: (farewell) => new Date(farewell.updatedAt).toLocaleString(i18n.language),
    },
  ];

  return (
    <Stack data-testid="closing-page">
      <Group justify="space-between">
        <Title order={2}>{t('closing.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)} data-testid="farewell-new">
          {t('closing.new')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('closing.description')}
      </Text>
      {farewells.isError && <QueryError error={farewells.error} onRetry={() => void farewells.refetch()} />}
      <DataTable
        testId="farewell-table"
        rows={farewells.data}
        rowKey={(farewell) => farewell.id}
        rowTestId={(farewell) => `farewell-${farewell.id}`}
        columns={columns}
        actions={(farewell) => (
          <>
            <Button size="xs" variant="light" onClick={() => setEditing(farewell)} data-testid={`farewell-edit-${farewell.id}`}>
              {t('common.edit')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => setDeleting(farewell)}
              data-testid={`farewell-delete-${farewell.id}`}
            >
              {t('common.delete')}
            </Button>
          </>
        )}
      />
      {editing !== undefined && <FarewellMessageFormModal farewell={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmModal
        opened={deleting !== null}
        title={t('closing.deleteTitle')}
        message={t('closing.deleteConfirm')}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
