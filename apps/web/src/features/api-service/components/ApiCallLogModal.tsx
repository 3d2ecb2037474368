import { type ApiCallLog, type ApiConfig } from '@conversa/shared';
import { Badge, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { PageControls } from '../../../components/PageControls';
import { QueryError } from '../../../components/QueryError';
import { formatDateTime } from '../../../lib/format';
import { useIsMobile } from '../../../lib/useIsMobile';
import { useApiCallLogs } from '../api';

const statusColor = (status: number) => (status >= 500 ? 'red' : status >= 400 ? 'orange' : 'teal');

/** The configuration's external API calls, newest first, 20 a page: route, status, duration, time. */
export function ApiCallLogModal({ config, onClose }: { config: ApiConfig; onClose: () => void }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const [page, setPage] = useState(1);
  const logs = useApiCallLogs(config.id, page);

  const columns: DataColumn<ApiCallLog>[] = [
    {
      key: 'route',
      header: t('apiService.logRoute'),
      primary: true,
      render: (log) => (
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {log.method} {log.route}
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('apiService.logStatus'),
      render: (log) => (
        <Group gap={4}>
          <Badge color={statusColor(log.status)} variant="light">
            {log.status}
          </Badge>
          {log.errorCode && (
            <Text size="xs" c="dimmed">
              {log.errorCode}
            </Text>
          )}
        </Group>
      ),
    },
    { key: 'duration', header: t('apiService.logDuration'), render: (log) => t('apiService.durationMs', { ms: log.durationMs }) },
    { key: 'time', header: t('apiService.logTime'), render: (log) => formatDateTime(log.createdAt) },
  ];

  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen={mobile}
      size="xl"
      title={t('apiService.logTitle', { name: config.name })}
      centered
      data-testid="api-log-modal"
    >
      <Stack>
        {logs.isError && <QueryError error={logs.error} onRetry={() => void logs.refetch()} />}
        <DataTable
          testId="api-log-table"
          rows={logs.data?.logs}
          rowKey={(log) => log.id}
          rowTestId={(log) => `api-log-${log.id}`}
          columns={columns}
          minWidth={520}
        />
        <PageControls page={page} hasMore={logs.data?.hasMore ?? false} onChange={setPage} testId="api-log-page" />
      </Stack>
    </Modal>
  );
}
