import { MAIN_TENANT_ID, type Tenant } from '@conversa/shared';
import { Badge, Button, Group, Stack, Title, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import { QueryError } from '../../../components/QueryError';
import { formatDate, yesNo } from '../../../lib/format';
import { usePlans } from '../../plans/api';
import { useDeleteTenant, useTenants } from '../api';
import { TenantFormModal } from '../components/TenantFormModal';
import { DataTable, type DataColumn } from '../../../components/DataTable';

/** /tenants: every tenant of the platform (superadmin of tenant 1). */
export function TenantsPage() {
  const { t } = useTranslation();
  const tenants = useTenants();
  const plans = usePlans();
  const remove = useDeleteTenant();
  const [editing, setEditing] = useState<Tenant | null | undefined>(undefined);
  const planName = (id: number | null) => plans.data?.find((plan) => plan.id === id)?.name ?? '—';

  const removal = useConfirmedDelete<Tenant>(remove, 'tenant-delete-error');

  const columns: DataColumn<Tenant>[] = [
    { key: 'id', header: t('common.id'), render: (tenant) => tenant.id },
    {
      key: 'name',
      header: t('tenants.name'),
      primary: true,
      render: (tenant) => (
        <>
          {tenant.name}{' '}
          {tenant.id === MAIN_TENANT_ID && (
            <Badge size="xs" variant="outline">
              {t('tenants.protectedBadge')}
            </Badge>
          )}
        </>
      ),
    },
    {
      key: 'status',
      header: t('tenants.status'),
      render: (tenant) => (
        <Badge color={tenant.status === 'active' ? 'teal' : 'gray'} variant="light">
          {tenant.status === 'active' ? t('tenants.statusActive') : t('tenants.statusInactive')}
        </Badge>
      ),
    },
    { key: 'plan', header: t('tenants.plan'), render: (tenant) => planName(tenant.planId) },
    { key: 'users', header: t('tenants.users'), render: (tenant) => `${tenant.userCount} / ${tenant.maxUsers}` },
    { key: 'connections', header: t('tenants.maxConnections'), render: (tenant) => tenant.maxConnections },
    {
      key: 'trial',
      header: t('tenants.trial'),
      render: (tenant) => (tenant.trial ? `${yesNo(true)} (${tenant.trialDays})` : yesNo(false)),
    },
    { key: 'createdAt', header: t('tenants.createdAt'), render: (tenant) => formatDate(tenant.createdAt) },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('tenants.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)} data-testid="tenants-new">
          {t('tenants.new')}
        </Button>
      </Group>

      {tenants.isError && <QueryError error={tenants.error} onRetry={() => void tenants.refetch()} />}

      <DataTable
        testId="tenants-table"
        minWidth={900}
        rows={tenants.data}
        rowKey={(tenant) => tenant.id}
        rowTestId={(tenant) => `tenant-row-${tenant.id}`}
        columns={columns}
        actions={(tenant) => (
          <>
            <Button size="xs" variant="light" onClick={() => setEditing(tenant)} data-testid={`tenant-edit-${tenant.id}`}>
              {t('common.edit')}
            </Button>
            <Tooltip label={t('tenants.protected')} disabled={tenant.id !== MAIN_TENANT_ID} multiline w={260}>
              <span>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  disabled={tenant.id === MAIN_TENANT_ID}
                  onClick={() => removal.ask(tenant)}
                  data-testid={`tenant-delete-${tenant.id}`}
                >
                  {t('common.delete')}
                </Button>
              </span>
            </Tooltip>
          </>
        )}
      />

      {editing !== undefined && (
        <TenantFormModal tenant={editing} plans={plans.data ?? []} tenants={tenants.data ?? []} onClose={() => setEditing(undefined)} />
      )}
      <ConfirmModal
        opened={removal.deleting !== null}
        title={t('tenants.deleteTitle')}
        message={t('tenants.deleteConfirm', { name: removal.deleting?.name ?? '' })}
        loading={removal.pending}
        onConfirm={removal.confirm}
        onClose={removal.cancel}
      />
    </Stack>
  );
}
