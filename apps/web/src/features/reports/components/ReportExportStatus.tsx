import { Alert, Anchor, Group, Progress, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../lib/http';
import { notifyApiError } from '../../../lib/notify';
import { downloadReportExport, useReportExport } from '../api';

/** An export's progress (socket event, polling as a fallback), then its download link. */
export function ReportExportStatus({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data } = useReportExport(id);
  const [downloading, setDownloading] = useState(false);
  if (!data) return null;
  if (data.status === 'failed')
    return (
      <Alert color="red" data-testid="report-export-failed">
        {t('reports.export.failed', { error: data.error ?? '' })}
      </Alert>
    );
  if (data.status === 'done') {
    const download = async () => {
      setDownloading(true);
      try {
        saveFile(await downloadReportExport(data.id), `${data.report}.${data.format}`);
      } catch (error) {
        notifyApiError(error);
      } finally {
        setDownloading(false);
      }
    };
    return (
      <Group gap="xs" data-testid="report-export-done">
        <Text size="sm">{t('reports.export.done', { count: data.rowsDone })}</Text>
        <Anchor
          component="button"
          type="button"
          onClick={() => void download()}
          disabled={downloading}
          data-testid="report-export-download"
        >
          {t('reports.export.download', { format: data.format.toUpperCase() })}
        </Anchor>
      </Group>
    );
  }
  const percent = data.rowsTotal ? Math.min(100, Math.round((data.rowsDone / data.rowsTotal) * 100)) : 0;
  return (
    <div data-testid="report-export-progress">
      <Text size="sm">
        {data.status === 'queued'
          ? t('reports.export.queued')
          : t('reports.export.running', { done: data.rowsDone, total: data.rowsTotal ?? '?' })}
      </Text>
      <Progress value={percent} aria-label={t('reports.export.progress')} mt={4} />
    </div>
  );
}
