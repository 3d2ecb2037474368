import type { FarewellMessage } from '@conversa/shared';
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { ListPageHeader } from '../../../components/ListPageHeader';
import { useDeleteFarewellMessage, useFarewellMessages } from '../api';
import { FarewellMessageFormModal } from '../components/FarewellMessageFormModal';

/** /fechamento: the closing messages agents pick from when resolving a ticket (supervisors and admins). */
export function ClosingMessagesPage() {
  const { t, i18n } = useTranslation();
  const farewells = useFarewellMessages();
  const remove = useDeleteFarewellMessage();
  const removal = useConfirmedDelete<FarewellMessage>(remove, 'farewell-delete-error');
  const [editing, setEditing] = useState<FarewellMessage | null | undefined>(undefined);

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
      <ListPageHeader
        title={t('closing.title')}
        description={t('closing.description')}
        newLabel={t('closing.new')}
        onNew={() => setEditing(null)}
        newTestId="farewell-new"
        query={farewells}
      />
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
              onClick={() => removal.ask(farewell)}
              data-testid={`farewell-delete-${farewell.id}`}
            >
              {t('common.delete')}
            </Button>
          </>
        )}
      />
      {editing !== undefined && <FarewellMessageFormModal farewell={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmModal
        opened={removal.deleting !== null}
        title={t('closing.deleteTitle')}
        message={t('closing.deleteConfirm')}
        loading={removal.pending}
        onConfirm={removal.confirm}
        onClose={() => removal.cancel()}
      />
    </Stack>
  );
}
