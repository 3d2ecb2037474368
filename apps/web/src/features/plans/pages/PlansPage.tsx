import type { AdminPlan } from '@conversa/shared';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import { QueryError } from '../../../components/QueryError';
import { formatMoney, yesNo } from '../../../lib/format';
import { useDeletePlan, usePlans } from '../api';
import { PlanFormModal } from '../components/PlanFormModal';
import { DataTable, type DataColumn } from '../../../components/DataTable';

/** /planos: the platform's plans (superadmin). */
export function PlansPage() {
  const { t } = useTranslation();
  const plans = usePlans();
  const remove = useDeletePlan();
  const [editing, setEditing] = useState<AdminPlan | null | undefined>(undefined);

  const removal = useConfirmedDelete<AdminPlan>(remove, 'plan-delete-error');

  const columns: DataColumn<AdminPlan>[] = [
    { key: 'name', header: t('plans.name'), render: (plan) => plan.name },
    { key: 'value', header: t('plans.value'), render: (plan) => formatMoney(plan.value) },
    { key: 'users', header: t('plans.users'), render: (plan) => plan.users },
    { key: 'connections', header: t('plans.connections'), render: (plan) => plan.connections },
    { key: 'trial', header: t('plans.trial'), render: (plan) => (plan.trial ? `${yesNo(true)} (${plan.trialDays})` : yesNo(false)) },
    { key: 'companies', header: t('plans.companies'), render: (plan) => plan.companies },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('plans.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)} data-testid="plans-new">
          {t('plans.new')}
        </Button>
      </Group>

      {plans.isError && <QueryError error={plans.error} onRetry={() => void plans.refetch()} />}

      <DataTable
        testId="plans-table"
        rows={plans.data}
        rowKey={(plan) => plan.id}
        rowTestId={(plan) => `plan-row-${plan.id}`}
        columns={columns}
        actions={(plan) => (
          <>
            <Button size="xs" variant="light" onClick={() => setEditing(plan)} data-testid={`plan-edit-${plan.id}`}>
              {t('common.edit')}
            </Button>
            <Button size="xs" variant="light" color="red" onClick={() => removal.ask(plan)} data-testid={`plan-delete-${plan.id}`}>
              {t('common.delete')}
            </Button>
          </>
        )}
      />

      {editing !== undefined && <PlanFormModal plan={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmModal
        opened={removal.deleting !== null}
        title={t('plans.deleteTitle')}
        message={t('plans.deleteConfirm', { name: removal.deleting?.name ?? '' })}
        loading={removal.pending}
        onConfirm={removal.confirm}
        onClose={removal.cancel}
      />
    </Stack>
  );
}
