import type { Plan } from '@conversa/shared';
import { Button, Group, Stack, Table, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { QueryError } from '../../../components/QueryError';
import { formatMoney, yesNo } from '../../../lib/format';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useDeletePlan, usePlans } from '../api';
import { PlanFormModal } from '../components/PlanFormModal';
import { EmptyTableRow } from '../../../components/EmptyTableRow';

/** /planos: the platform's plans (superadmin). */
export function PlansPage() {
  const { t } = useTranslation();
  const plans = usePlans();
  const remove = useDeletePlan();
  const [editing, setEditing] = useState<Plan | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Plan | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(t('common.deleted'));
        setDeleting(null);
      },
      onError: (error) => notifyApiError(error, 'plan-delete-error'),
    });
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('plans.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)} data-testid="plans-new">
          {t('plans.new')}
        </Button>
      </Group>

      {plans.isError && <QueryError error={plans.error} onRetry={() => void plans.refetch()} />}

      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover data-testid="plans-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('plans.name')}</Table.Th>
              <Table.Th>{t('plans.value')}</Table.Th>
              <Table.Th>{t('plans.users')}</Table.Th>
              <Table.Th>{t('plans.connections')}</Table.Th>
              <Table.Th>{t('plans.trial')}</Table.Th>
              <Table.Th>{t('common.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {plans.data?.map((plan) => (
              <Table.Tr key={plan.id} data-testid={`plan-row-${plan.id}`}>
                <Table.Td>{plan.name}</Table.Td>
                <Table.Td>{formatMoney(plan.value)}</Table.Td>
                <Table.Td>{plan.users}</Table.Td>
                <Table.Td>{plan.connections}</Table.Td>
                <Table.Td>{plan.trial ? `${yesNo(true)} (${plan.trialDays})` : yesNo(false)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="light" onClick={() => setEditing(plan)} data-testid={`plan-edit-${plan.id}`}>
                      {t('common.edit')}
                    </Button>
                    <Button size="xs" variant="light" color="red" onClick={() => setDeleting(plan)} data-testid={`plan-delete-${plan.id}`}>
                      {t('common.delete')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
            {plans.isSuccess && plans.data.length === 0 && <EmptyTableRow colSpan={6} />}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      {editing !== undefined && <PlanFormModal plan={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmModal
        opened={deleting !== null}
        title={t('plans.deleteTitle')}
        message={t('plans.deleteConfirm', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
