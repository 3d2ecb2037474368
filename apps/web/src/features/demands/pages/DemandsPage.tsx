import type { Demand } from '@conversa/shared';
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { ListPageHeader } from '../../../components/ListPageHeader';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import { useDeleteDemand, useDemands } from '../api';
import { DemandFormModal } from '../components/DemandFormModal';

/** /configuracoes/motivos: the reasons an agent picks when resolving a ticket (admins). */
export function DemandsPage() {
  const { t } = useTranslation();
  const demands = useDemands();
  const remove = useDeleteDemand();
  const removal = useConfirmedDelete<Demand>(remove, 'demand-delete-error');
  const [editing, setEditing] = useState<Demand | null | undefined>(undefined);
  const deleting = removal.deleting;

  const columns: DataColumn<Demand>[] = [
    {
      key: 'name',
      header: t('demands.name'),
      primary: true,
      render: (demand) => (
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {demand.name}
        </Text>
      ),
    },
    { key: 'tickets', header: t('demands.tickets'), render: (demand) => String(demand.ticketCount) },
  ];

  return (
    <Stack data-testid="demands-page">
      <ListPageHeader
        title={t('demands.title')}
        description={t('demands.description')}
        newLabel={t('demands.new')}
        onNew={() => setEditing(null)}
        newTestId="demand-new"
        query={demands}
      />
      <DataTable
        testId="demand-table"
        rows={demands.data}
        rowKey={(demand) => demand.id}
        rowTestId={(demand) => `demand-${demand.id}`}
        columns={columns}
        minWidth={360}
        actions={(demand) => (
          <>
            <Button size="xs" variant="light" onClick={() => setEditing(demand)} data-testid={`demand-edit-${demand.id}`}>
              {t('common.edit')}
            </Button>
            <Button size="xs" variant="light" color="red" onClick={() => removal.ask(demand)} data-testid={`demand-delete-${demand.id}`}>
              {t('common.delete')}
            </Button>
          </>
        )}
      />
      {editing !== undefined && <DemandFormModal demand={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmModal
        opened={deleting !== null}
        title={t('demands.deleteTitle')}
        message={
          deleting && deleting.ticketCount > 0
            ? t('demands.deleteConfirmInUse', { name: deleting.name, count: deleting.ticketCount })
            : t('demands.deleteConfirm', { name: deleting?.name ?? '' })
        }
        loading={removal.pending}
        onConfirm={removal.confirm}
        onClose={removal.cancel}
      />
    </Stack>
  );
}
