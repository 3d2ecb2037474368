import { UPDATE_BUNDLE_NAME, type MaintenanceRun } from '@conversa/shared';
import { Alert, Badge, Button, FileInput, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { QueryError } from '../../../components/QueryError';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { notifyApiError } from '../../../lib/notify';
import { useMaintenanceRuns, useStartMediaCleanup, useSystemVersion, useUploadUpdate } from '../api';
import { formatBytes } from '../format-bytes';
import { MediaStoragePanel } from '../components/MediaStoragePanel';

const RUN_COLORS: Record<MaintenanceRun['status'], string> = { queued: 'gray', running: 'blue', done: 'green', failed: 'red' };

/**
 * /atualizar, made safe (README "Updating"): the running version and the pending migrations; the
 * media migration between the local folder and S3 and the orphaned-media cleanup, as jobs with their progress; an uploaded update bundle is refused (never
 * unpacked or run), the answer saying how to update.
 */
export function UpdatePage() {
  const { t } = useTranslation();
  const version = useSystemVersion();
  const runs = useMaintenanceRuns();
  const cleanup = useStartMediaCleanup();
  const upload = useUploadUpdate();
  const [confirmClean, setConfirmClean] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const active = runs.data?.some((run) => run.status === 'queued' || run.status === 'running') ?? false;

  const start = (dryRun: boolean) =>
    cleanup.mutate(dryRun, { onSuccess: () => setConfirmClean(false), onError: (error) => notifyApiError(error, 'cleanup-error') });

  const send = () => {
    if (!file) return;
    setUploadError(null);
    upload.mutate(file, { onError: (error) => setUploadError(errorMessage(error)) });
  };

  const runColumns: DataColumn<MaintenanceRun>[] = [
    { key: 'created', header: t('platformOps.update.runDate'), primary: true, render: (r) => formatDateTime(r.createdAt) },
    {
      key: 'status',
      header: t('platformOps.update.runStatus'),
      render: (r) => (
        <Badge color={RUN_COLORS[r.status]} variant="light" data-testid={`run-status-${r.id}`}>
          {t(`platformOps.update.statuses.${r.status}`)}
        </Badge>
      ),
    },
    {
      key: 'mode',
      header: t('platformOps.update.mode'),
      render: (r) => t(r.dryRun ? 'platformOps.update.dryRun' : 'platformOps.update.realRun'),
    },
    { key: 'scanned', header: t('platformOps.update.scanned'), render: (r) => r.scanned },
    { key: 'orphaned', header: t('platformOps.update.orphaned'), render: (r) => r.orphaned },
    { key: 'removed', header: t('platformOps.update.removed'), render: (r) => r.removed },
    { key: 'freed', header: t('platformOps.update.freed'), render: (r) => formatBytes(r.bytesFreed) },
  ];

  return (
    <Stack data-testid="update-page">
      <Title order={2}>{t('platformOps.update.title')}</Title>
      {version.isError && <QueryError error={version.error} onRetry={() => void version.refetch()} />}
      {version.data && (
        <Paper withBorder p="md" data-testid="version-card">
          <Title order={4} mb="xs">
            {t('platformOps.update.versionTitle')}
          </Title>
          <Table>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>{t('platformOps.update.version')}</Table.Td>
                <Table.Td data-testid="server-version">{version.data.version}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>Node.js</Table.Td>
                <Table.Td>{version.data.node}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>{t('platformOps.update.database')}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{version.data.database}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>{t('platformOps.update.startedAt')}</Table.Td>
                <Table.Td>{formatDateTime(version.data.startedAt)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>{t('platformOps.update.migrations')}</Table.Td>
                <Table.Td data-testid="migrations">
                  {t('platformOps.update.migrationsApplied', {
                    applied: version.data.migrations.applied,
                    total: version.data.migrations.total,
                  })}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {version.data.migrations.pending.length > 0 ? (
            <Alert color="yellow" mt="sm" title={t('platformOps.update.pendingTitle')} data-testid="pending-migrations">
              <List size="sm">
                {version.data.migrations.pending.map((tag) => (
                  <List.Item key={tag}>{tag}</List.Item>
                ))}
              </List>
            </Alert>
          ) : (
            <Text size="sm" c="dimmed" mt="sm">
              {t('platformOps.update.noPending')}
            </Text>
          )}
        </Paper>
      )}

      <Alert icon={<IconInfoCircle size={18} />} title={t('platformOps.update.howTitle')}>
        {t('platformOps.update.how')}
      </Alert>

      <MediaStoragePanel />

      <Paper withBorder p="md">
        <Title order={4} mb="xs">
          {t('platformOps.update.cleanupTitle')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('platformOps.update.cleanupHelp')}
        </Text>
        <Group>
          <Button variant="light" onClick={() => start(true)} disabled={active} loading={cleanup.isPending} data-testid="cleanup-dry-run">
            {t('platformOps.update.simulate')}
          </Button>
          <Button color="red" onClick={() => setConfirmClean(true)} disabled={active} data-testid="cleanup-run">
            {t('platformOps.update.clean')}
          </Button>
        </Group>
        {runs.isError && <QueryError error={runs.error} onRetry={() => void runs.refetch()} />}
        <Stack mt="sm">
          <DataTable columns={runColumns} rows={runs.data} rowKey={(r) => r.id} testId="runs-table" rowTestId={(r) => `run-${r.id}`} />
        </Stack>
      </Paper>

      <Paper withBorder p="md">
        <Title order={4} mb="xs">
          {t('platformOps.update.uploadTitle')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('platformOps.update.uploadHelp', { name: UPDATE_BUNDLE_NAME })}
        </Text>
        <Group align="flex-end">
          <FileInput
            label={t('platformOps.update.file')}
            value={file}
            onChange={setFile}
            accept=".zip"
            clearable
            style={{ flex: 1, minWidth: 200 }}
            data-testid="update-file"
          />
          <Button onClick={send} disabled={!file} loading={upload.isPending} data-testid="update-send">
            {t('platformOps.update.upload')}
          </Button>
        </Group>
        {uploadError && (
          <Alert color="red" mt="sm" data-testid="update-refused">
            {uploadError}
          </Alert>
        )}
      </Paper>

      <ConfirmModal
        opened={confirmClean}
        title={t('platformOps.update.cleanTitle')}
        message={t('platformOps.update.cleanConfirm')}
        confirmLabel={t('platformOps.update.clean')}
        loading={cleanup.isPending}
        onConfirm={() => start(false)}
        onClose={() => setConfirmClean(false)}
      />
    </Stack>
  );
}
