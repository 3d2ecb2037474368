import { MAIN_TENANT_ID, type Tenant } from '@conversa/shared';
import { Badge, Button, Group, Stack, Table, Title, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { QueryError } from '../../../components/QueryError';
import { formatDate, yesNo } from '../../../lib/format';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { usePlans } from '../../plans/api';
import { useDeleteTenant, useTenants } from '../api';
import { TenantFormModal } from '../components/TenantFormModal';
import { EmptyTableRow } from '../../../components/EmptyTableRow';

/** /tenants: every tenant of the platform (superadmin of tenant 1). */
export function TenantsPage() {
  const { t } = useTranslation();
  const tenants = useTenants();
  const plans = usePlans();
  const remove = useDeleteTenant();
  const [editing, setEditing] = useState<Tenant | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Tenant | null>(null);
  const planName = (id: number | null) => plans.data?.find((plan) => plan.id === id)?.name ?? '—';

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(t('common.deleted'));
        setDeleting(null);
      },
      onError: (error) => notifyApiError(error, 'tenant-delete-error'),
    });
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('tenants.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)} data-testid="tenants-new">
          {t('tenants.new')}
        </Button>
      </Group>

      {tenants.isError && <QueryError error={tenants.error} onRetry={() => void tenants.refetch()} />}

      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover data-testid="tenants-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('common.id')}</Table.Th>
              <Table.Th>{t('tenants.name')}</Table.Th>
              <Table.Th>{t('tenants.status')}</Table.Th>
              <Table.Th>{t('tenants.plan')}</Table.Th>
              <Table.Th>{t('tenants.users')}</Table.Th>
              <Table.Th>{t('tenants.maxConnections')}</Table.Th>
              <Table.Th>{t('tenants.trial')}</Table.Th>
              <Table.Th>{t('tenants.createdAt')}</Table.Th>
              <Table.Th>{t('common.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tenants.data?.map((tenant) => {
              const isMain = tenant.id === MAIN_TENANT_ID;
              return (
                <Table.Tr key={tenant.id} data-testid={`tenant-row-${tenant.id}`}>
                  <Table.Td>{tenant.id}</Table.Td>
                  <Table.Td>
                    {tenant.name}{' '}
                    {isMain && (
                      <Badge size="xs" variant="outline">
                        {t('tenants.protectedBadge')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={tenant.status === 'active' ? 'teal' : 'gray'} variant="light">
                      {tenant.status === 'active' ? t('tenants.statusActive') : t('tenants.statusInactive')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{planName(tenant.planId)}</Table.Td>
                  <Table.Td>
                    {tenant.userCount} / {tenant.maxUsers}
                  </Table.Td>
                  <Table.Td>{tenant.maxConnections}</Table.Td>
                  <Table.Td>{tenant.trial ? `${yesNo(true)} (${tenant.trialDays})` : yesNo(false)}</Table.Td>
                  <Table.Td>{formatDate(tenant.createdAt)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" variant="light" onClick={() => setEditing(tenant)} data-testid={`tenant-edit-${tenant.id}`}>
                        {t('common.edit')}
                      </Button>
                      <Tooltip label={t('tenants.protected')} disabled={!isMain} multiline w={260}>
                        <span>
                          <Button
                            size="xs"
                            variant="light"
                            color="red"
                            disabled={isMain}
                            onClick={() => setDeleting(tenant)}
                            data-testid={`tenant-delete-${tenant.id}`}
                          >
                            {t('common.delete')}
                          </Button>
                        </span>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
            {tenants.isSuccess && tenants.data.length === 0 && <EmptyTableRow colSpan={9} />}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      {editing !== undefined && <TenantFormModal tenant={editing} plans={plans.data ?? []} onClose={() => setEditing(undefined)} />}
      <ConfirmModal
        opened={deleting !== null}
        title={t('tenants.deleteTitle')}
        message={t('tenants.deleteConfirm', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
