import type { FailedJob, QueueStats } from '@conversa/shared';
import { Alert, Badge, Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { QueryError } from '../../../components/QueryError';
import { formatDateTime } from '../../../lib/format';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useFailedJobs, useQueueActions, useQueues } from '../api';

/**
 * /tenantsQueue, the task-queue monitor (SPEC §9: refreshed every 10 s): every job queue with its
 * waiting, active and failed jobs; a queue's failed jobs with their errors, retried or deleted; a
 * restart of the queue advised while it helps, restarting the server after 5 failed restarts.
 */
export function QueueMonitorPage() {
  const { t } = useTranslation();
  const queues = useQueues();
  const [selected, setSelected] = useState<string | null>(null);
  const failed = useFailedJobs(selected);
  const actions = useQueueActions();
  const [deleting, setDeleting] = useState<FailedJob | null>(null);
  const limit = queues.data?.restartAdviceLimit ?? 5;

  const restart = (queue: QueueStats) =>
    actions.restart.mutate(queue.name, {
      onSuccess: (result) => {
        notifySuccess(t('platformOps.queues.restarted', { name: queue.name, retried: result.retried }));
        if (selected) void failed.refetch();
      },
      onError: (error) => notifyApiError(error, 'queue-restart-error'),
    });

  const advice = (queue: QueueStats) =>
    queue.advice === 'none' ? null : (
      <Badge
        color={queue.advice === 'restartServer' ? 'red' : 'yellow'}
        variant="light"
        data-testid={`queue-advice-${queue.name}`}
        data-advice={queue.advice}
      >
        {queue.advice === 'restartServer'
          ? t('platformOps.queues.adviceServerShort')
          : t('platformOps.queues.adviceQueueShort', { done: queue.failedRestarts, limit })}
      </Badge>
    );

  const columns: DataColumn<QueueStats>[] = [
    { key: 'name', header: t('platformOps.queues.name'), primary: true, render: (q) => <Code>{q.name}</Code> },
    {
      key: 'kind',
      header: t('platformOps.queues.kind'),
      render: (q) => t(q.kind === 'job' ? 'platformOps.queues.kindJob' : 'platformOps.queues.kindSession'),
    },
    { key: 'waiting', header: t('platformOps.queues.waiting'), render: (q) => q.waiting },
    { key: 'active', header: t('platformOps.queues.active'), render: (q) => q.active },
    {
      key: 'failed',
      header: t('platformOps.queues.failed'),
      render: (q) => <span data-testid={`queue-failed-${q.name}`}>{q.failed}</span>,
    },
    {
      key: 'lastFailed',
      header: t('platformOps.queues.lastFailed'),
      render: (q) => (q.lastFailedAt ? formatDateTime(q.lastFailedAt) : '—'),
    },
    { key: 'advice', header: t('platformOps.queues.advice'), render: (q) => advice(q) ?? '—' },
  ];

  const serverAdvice = queues.data?.queues.filter((q) => q.advice === 'restartServer') ?? [];

  const jobColumns: DataColumn<FailedJob>[] = [
    {
      key: 'error',
      header: t('platformOps.queues.error'),
      primary: true,
      render: (j) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {j.error}
        </Text>
      ),
    },
    { key: 'tenant', header: t('platformOps.queues.tenant'), render: (j) => (j.tenantId === null ? '—' : `#${j.tenantId}`) },
    { key: 'attempts', header: t('platformOps.queues.retries'), render: (j) => j.retryCount },
    { key: 'created', header: t('platformOps.queues.created'), render: (j) => formatDateTime(j.createdAt) },
    { key: 'failedAt', header: t('platformOps.queues.failedAt'), render: (j) => (j.failedAt ? formatDateTime(j.failedAt) : '—') },
  ];

  return (
    <Stack data-testid="queue-monitor-page">
      <Title order={2}>{t('platformOps.queues.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('platformOps.queues.help', { seconds: (queues.data?.refreshMs ?? 10_000) / 1000 })}
      </Text>
      {serverAdvice.length > 0 && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="restart-server-advice">
          {t('platformOps.queues.adviceServer', { limit, names: serverAdvice.map((q) => q.name).join(', ') })}
        </Alert>
      )}
      {queues.isError && <QueryError error={queues.error} onRetry={() => void queues.refetch()} />}
      <DataTable
        columns={columns}
        rows={queues.data?.queues}
        rowKey={(q) => q.name}
        testId="queues-table"
        rowTestId={(q) => `queue-${q.name}`}
        minWidth={900}
        actions={(q) => (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="light"
              onClick={() => setSelected(q.name)}
              disabled={q.failed === 0}
              data-testid={`queue-show-failed-${q.name}`}
            >
              {t('platformOps.queues.showFailed')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color={q.advice === 'none' ? 'gray' : 'yellow'}
              leftSection={<IconRefresh size={14} />}
              loading={actions.restart.isPending && actions.restart.variables === q.name}
              onClick={() => restart(q)}
              data-testid={`queue-restart-${q.name}`}
            >
              {t('platformOps.queues.restart')}
            </Button>
          </Group>
        )}
      />
      {selected && (
        <Stack data-testid="failed-jobs">
          <Title order={3}>{t('platformOps.queues.failedOf', { name: selected })}</Title>
          {failed.isError && <QueryError error={failed.error} onRetry={() => void failed.refetch()} />}
          <DataTable
            columns={jobColumns}
            rows={failed.data}
            rowKey={(j) => j.id}
            testId="failed-jobs-table"
            rowTestId={(j) => `failed-job-${j.id}`}
            actions={(j) => (
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  variant="light"
                  onClick={() =>
                    actions.retry.mutate(j, {
                      onSuccess: () => {
                        notifySuccess(t('platformOps.queues.retried'));
                        void failed.refetch();
                      },
                      onError: (error) => notifyApiError(error, 'job-retry-error'),
                    })
                  }
                  data-testid={`job-retry-${j.id}`}
                >
                  {t('platformOps.queues.retry')}
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => setDeleting(j)}
                  data-testid={`job-delete-${j.id}`}
                >
                  {t('common.delete')}
                </Button>
              </Group>
            )}
          />
        </Stack>
      )}
      <ConfirmModal
        opened={deleting !== null}
        title={t('platformOps.queues.deleteTitle')}
        message={t('platformOps.queues.deleteConfirm')}
        loading={actions.remove.isPending}
        onConfirm={() =>
          deleting &&
          actions.remove.mutate(deleting, {
            onSuccess: () => {
              notifySuccess(t('platformOps.queues.deleted'));
              setDeleting(null);
              void failed.refetch();
            },
            onError: (error) => notifyApiError(error, 'job-delete-error'),
          })
        }
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
