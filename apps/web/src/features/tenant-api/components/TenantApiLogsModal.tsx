import type { ApiCallLog, TenantApi } from '@conversa/shared';
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { QueryError } from '../../../components/QueryError';
import { formatDateTime } from '../../../lib/format';
import { useIsMobile } from '../../../lib/useIsMobile';
import { useTenantApiLogs } from '../api';

/** A token's last calls, newest first, a page at a time. */
export function TenantApiLogsModal({ api, onClose }: { api: TenantApi; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const logs = useTenantApiLogs(api.id, page);
  const columns: DataColumn<ApiCallLog>[] = [
    { key: 'when', header: t('tenantApi.logWhen'), render: (log) => formatDateTime(log.createdAt) },
    { key: 'route', header: t('tenantApi.logRoute'), primary: true, render: (log) => `${log.method} ${log.route}` },
    {
      key: 'status',
      header: t('tenantApi.logStatus'),
      render: (log) => (
        <Badge color={log.status < 400 ? 'teal' : 'red'} variant="light">
          {log.status}
          {log.errorCode ? ` ${log.errorCode}` : ''}
        </Badge>
      ),
    },
    { key: 'duration', header: t('tenantApi.logDuration'), render: (log) => `${log.durationMs} ms` },
  ];
  return (
    <Modal opened onClose={onClose} title={t('tenantApi.logsTitle', { name: api.name })} fullScreen={useIsMobile()} size="xl">
      <Stack>
        {logs.isError && <QueryError error={logs.error} onRetry={() => void logs.refetch()} />}
        {logs.data && logs.data.logs.length === 0 && page === 1 ? (
          <Text c="dimmed" data-testid="tenant-api-logs-empty">
            {t('tenantApi.logsEmpty')}
          </Text>
        ) : (
          <DataTable testId="tenant-api-logs" minWidth={520} rows={logs.data?.logs} rowKey={(log) => log.id} columns={columns} />
        )}
        <Group justify="space-between">
          <Button variant="default" disabled={page === 1} onClick={() => setPage(page - 1)} data-testid="tenant-api-logs-previous">
            {t('tenantApi.previous')}
          </Button>
          <Button variant="default" disabled={!logs.data?.hasMore} onClick={() => setPage(page + 1)} data-testid="tenant-api-logs-next">
            {t('tenantApi.next')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
