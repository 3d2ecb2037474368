import type { MediaLocation, MediaMigration } from '@conversa/shared';
import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { QueryError } from '../../../components/QueryError';
import { formatDateTime } from '../../../lib/format';
import { notifyApiError } from '../../../lib/notify';
import { useMediaMigrations, useMediaStorage, useStartMediaMigration } from '../api';
import { formatBytes } from '../format-bytes';

const STATUS_COLORS: Record<MediaMigration['status'], string> = { queued: 'gray', running: 'blue', done: 'green', failed: 'red' };

/**
 * /atualizar's media storage: where files are kept (the local folder or S3-compatible storage) and
 * the migration between them as a job, its progress (files and bytes) polled every second.
 */
export function MediaStoragePanel() {
  const { t } = useTranslation();
  const storage = useMediaStorage();
  const migrations = useMediaMigrations();
  const start = useStartMediaMigration();
  const [confirm, setConfirm] = useState<MediaLocation | null>(null);
  const running = migrations.data?.find((run) => run.status === 'queued' || run.status === 'running');
  const target: MediaLocation = storage.data?.active === 's3' ? 'local' : 's3';

  const run = () => {
    if (!confirm) return;
    start.mutate(confirm, { onSuccess: () => setConfirm(null), onError: (error) => notifyApiError(error, 'media-migration-error') });
  };

  const handled = (r: MediaMigration) => r.copied + r.skipped;
  const columns: DataColumn<MediaMigration>[] = [
    { key: 'created', header: t('platformOps.media.runDate'), primary: true, render: (r) => formatDateTime(r.createdAt) },
    {
      key: 'direction',
      header: t('platformOps.media.direction'),
      render: (r) => `${t(`platformOps.media.locations.${r.source}`)} → ${t(`platformOps.media.locations.${r.target}`)}`,
    },
    {
      key: 'status',
      header: t('platformOps.media.status'),
      render: (r) => (
        <Badge color={STATUS_COLORS[r.status]} variant="light" data-testid={`migration-status-${r.id}`}>
          {t(`platformOps.update.statuses.${r.status}`)}
        </Badge>
      ),
    },
    {
      key: 'progress',
      header: t('platformOps.media.progress'),
      render: (r) => (
        <Stack gap={2} data-testid={`migration-progress-${r.id}`}>
          <Progress
            value={r.totalFiles ? Math.min(100, (handled(r) / r.totalFiles) * 100) : r.status === 'done' ? 100 : 0}
            size="sm"
            aria-hidden
          />
          <Text size="xs">{t('platformOps.media.files', { done: handled(r), total: r.totalFiles })}</Text>
        </Stack>
      ),
    },
    { key: 'copied', header: t('platformOps.media.copied'), render: (r) => r.copied },
    { key: 'skipped', header: t('platformOps.media.skipped'), render: (r) => r.skipped },
    { key: 'bytes', header: t('platformOps.media.bytes'), render: (r) => `${formatBytes(r.bytesCopied)} / ${formatBytes(r.totalBytes)}` },
    { key: 'attempts', header: t('platformOps.media.attempts'), render: (r) => (r.error ? `${r.attempts} — ${r.error}` : r.attempts) },
  ];

  return (
    <Paper withBorder p="md" data-testid="media-storage">
      <Title order={4} mb="xs">
        {t('platformOps.media.title')}
      </Title>
      {storage.isError && <QueryError error={storage.error} onRetry={() => void storage.refetch()} />}
      {storage.data && (
        <Stack gap="xs">
          <Text size="sm">
            {t('platformOps.media.active')}{' '}
            <Badge variant="light" data-testid="media-active">
              {t(`platformOps.media.locations.${storage.data.active}`)}
            </Badge>
          </Text>
          {storage.data.s3 ? (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="media-s3">
              {t('platformOps.media.bucket', {
                bucket: storage.data.s3.bucket,
                endpoint: storage.data.s3.endpoint,
                region: storage.data.s3.region,
              })}
            </Text>
          ) : (
            <Alert color="yellow" data-testid="media-s3-missing">
              {t('platformOps.media.notConfigured')}
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            {t('platformOps.media.help')}
          </Text>
          <Group>
            <Button onClick={() => setConfirm(target)} disabled={!storage.data.s3Configured || !!running} data-testid="media-migrate">
              {t(target === 's3' ? 'platformOps.media.toS3' : 'platformOps.media.toLocal')}
            </Button>
          </Group>
        </Stack>
      )}
      {migrations.isError && <QueryError error={migrations.error} onRetry={() => void migrations.refetch()} />}
      <Stack mt="sm">
        <DataTable
          columns={columns}
          rows={migrations.data}
          rowKey={(r) => r.id}
          testId="media-migrations"
          rowTestId={(r) => `migration-${r.id}`}
        />
      </Stack>
      <ConfirmModal
        opened={confirm !== null}
        title={t(confirm === 'local' ? 'platformOps.media.toLocal' : 'platformOps.media.toS3')}
        message={t('platformOps.media.confirm')}
        confirmLabel={t('platformOps.media.start')}
        loading={start.isPending}
        onConfirm={run}
        onClose={() => setConfirm(null)}
      />
    </Paper>
  );
}
