import type { Demand } from '@conversa/shared';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { QueryError } from '../../../components/QueryError';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useDeleteDemand, useDemands } from '../api';
import { DemandFormModal } from '../components/DemandFormModal';

/** /configuracoes/motivos: the reasons an agent picks when resolving a ticket (admins). */
export function DemandsPage() {
  const { t } = useTranslation();
  const demands = useDemands();
  const remove = useDeleteDemand();
  const [editing, setEditing] = useState<Demand | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Demand | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: ({ detachedTickets }) => {
        notifySuccess(detachedTickets > 0 ? t('demands.deletedDetached', { count: detachedTickets }) : t('common.deleted'));
        setDeleting(null);
      },
      onError: (error) => notifyApiError(error, 'demand-delete-error'),
    });
  };

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
      <Group justify="space-between">
        <Title order={3}>{t('demands.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)} data-testid="demand-new">
          {t('demands.new')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('demands.description')}
      </Text>
      {demands.isError && <QueryError error={demands.error} onRetry={() => void demands.refetch()} />}
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
            <Button size="xs" variant="light" color="red" onClick={() => setDeleting(demand)} data-testid={`demand-delete-${demand.id}`}>
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
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
