import type { TenantUsage } from '@conversa/shared';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { QueryError } from '../../../components/QueryError';
import { formatDateTime } from '../../../lib/format';
import { useTenantUsage } from '../api';
import { formatBytes } from '../format-bytes';

/**
 * /tenantsPk, the platform's internal data: per tenant its users, channels (connected of all),
 * storage used by its message files, messages this month and last activity. (Whazing's screen
 * listed the server's environment variables and package.json; secrets are never shown here: the
 * versions are on /atualizar and /terminal.)
 */
export function TenantUsagePage() {
  const { t } = useTranslation();
  const usage = useTenantUsage();
  const columns: DataColumn<TenantUsage>[] = [
    { key: 'tenant', header: t('platformOps.usage.tenant'), primary: true, render: (u) => `${u.name} (#${u.tenantId})` },
    {
      key: 'status',
      header: t('platformOps.usage.status'),
      render: (u) => (u.status === 'active' ? t('tenants.statusActive') : u.status === 'inactive' ? t('tenants.statusInactive') : u.status),
    },
    { key: 'users', header: t('platformOps.usage.users'), render: (u) => u.users },
    { key: 'channels', header: t('platformOps.usage.channels'), render: (u) => `${u.connectedChannels}/${u.channels}` },
    { key: 'storage', header: t('platformOps.usage.storage'), render: (u) => formatBytes(u.storageBytes) },
    { key: 'messages', header: t('platformOps.usage.messagesThisMonth'), render: (u) => u.messagesThisMonth },
    {
      key: 'activity',
      header: t('platformOps.usage.lastActivity'),
      render: (u) => (u.lastActivityAt ? formatDateTime(u.lastActivityAt) : '—'),
    },
  ];
  return (
    <Stack data-testid="tenant-usage-page">
      <Title order={2}>{t('platformOps.usage.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('platformOps.usage.help')}
      </Text>
      {usage.isError && <QueryError error={usage.error} onRetry={() => void usage.refetch()} />}
      <DataTable
        columns={columns}
        rows={usage.data}
        rowKey={(u) => u.tenantId}
        testId="tenant-usage-table"
        rowTestId={(u) => `usage-${u.tenantId}`}
        minWidth={800}
      />
    </Stack>
  );
}
