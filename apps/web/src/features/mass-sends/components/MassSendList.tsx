import { MASS_SEND_RECIPIENT_STATUSES, type MassSend, type MassSendRecipientStatus, type MassSendStatus } from '@conversa/shared';
import { Alert, Badge, Button, Group, Modal, Pagination, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { QueryError } from '../../../components/QueryError';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useIsMobile } from '../../../lib/useIsMobile';
import { downloadMassSendReport, massSendCan, useMassSendAction, useMassSendRecipients, useMassSends, type MassSendAction } from '../api';

const STATUS_COLORS: Record<MassSendStatus, string> = { processing: 'teal', paused: 'yellow', canceled: 'red', finished: 'green' };
const PAGE_SIZE = 50;

/** Handed to the channel (sent or not) of all the recipients, as a share. */
export function massSendDone(massSend: Pick<MassSend, 'processed' | 'notSent' | 'recipientCount'>): number {
  if (massSend.recipientCount === 0) return 0;
  return Math.min(100, Math.round((massSend.processed / massSend.recipientCount) * 100));
}

function Progressing({ massSend }: { massSend: MassSend }) {
  const { t } = useTranslation();
  const done = massSendDone(massSend);
  return (
    <Stack gap={4} miw={150} data-testid={`mass-send-progress-${massSend.id}`}>
      <Progress
        value={done}
        color={massSend.status === 'finished' ? 'green' : 'teal'}
        striped={massSend.status === 'processing'}
        animated={massSend.status === 'processing'}
        aria-label={t('massSends.progressLabel', { done })}
      />
      <Text size="xs" c="dimmed">
        {t('massSends.progressShort', {
          processed: massSend.processed,
          total: massSend.recipientCount,
          sent: massSend.sent,
          notSent: massSend.notSent,
        })}
      </Text>
    </Stack>
  );
}

/** The report of one mass send: its recipients page by page, filtered by status, and its CSV/XLSX download. */
function MassSendReport({ massSend }: { massSend: MassSend }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<MassSendRecipientStatus | null>(null);
  const recipients = useMassSendRecipients(massSend.id, page, status);
  const download = (format: 'csv' | 'xlsx') =>
    downloadMassSendReport(massSend.id, format).catch((error: unknown) => notifyApiError(error, 'mass-send-report-error'));
  const columns: DataColumn<NonNullable<typeof recipients.data>['recipients'][number]>[] = [
    { key: 'number', header: t('massSends.report.number'), primary: true, render: (r) => <Text size="sm">{r.number}</Text> },
    { key: 'name', header: t('massSends.report.name'), render: (r) => <Text size="sm">{r.name ?? '—'}</Text> },
    {
      key: 'status',
      header: t('massSends.report.status'),
      render: (r) => <Badge variant="light">{t(`massSends.recipientStatus.${r.status}`)}</Badge>,
    },
    {
      key: 'sentAt',
      header: t('massSends.report.sentAt'),
      render: (r) => <Text size="sm">{r.sentAt ? formatDateTime(r.sentAt) : '—'}</Text>,
    },
    { key: 'error', header: t('massSends.report.reason'), render: (r) => <Text size="sm">{r.error ?? ''}</Text> },
  ];
  return (
    <Stack data-testid={`mass-send-report-${massSend.id}`}>
      <Group justify="space-between" wrap="wrap">
        <Select
          aria-label={t('massSends.report.status')}
          placeholder={t('massSends.report.allStatuses')}
          clearable
          data={MASS_SEND_RECIPIENT_STATUSES.map((value) => ({ value, label: t(`massSends.recipientStatus.${value}`) }))}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          data-testid="mass-send-report-status"
        />
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDownload size={14} />}
            onClick={() => void download('csv')}
            data-testid="mass-send-report-csv"
          >
            CSV
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDownload size={14} />}
            onClick={() => void download('xlsx')}
            data-testid="mass-send-report-xlsx"
          >
            XLSX
          </Button>
        </Group>
      </Group>
      {recipients.isError && <QueryError error={recipients.error} onRetry={() => void recipients.refetch()} />}
      <DataTable testId="mass-send-recipients" rows={recipients.data?.recipients} rowKey={(r) => r.number} columns={columns} />
      {(recipients.data?.count ?? 0) > PAGE_SIZE && (
        <Pagination value={page} onChange={setPage} total={Math.ceil((recipients.data?.count ?? 0) / PAGE_SIZE)} />
      )}
    </Stack>
  );
}

/**
 * The mass sends (the tenant's for supervisors and admins, an agent's own) with their live
 * progress (socket event `massSend`), pause, resume and cancel after a confirmation, and the report.
 */
export function MassSendList() {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const massSends = useMassSends();
  const action = useMassSendAction();
  const [asking, setAsking] = useState<{ massSend: MassSend; action: MassSendAction } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [reporting, setReporting] = useState<MassSend | null>(null);

  const confirm = () => {
    if (!asking) return;
    setRefusal(null);
    action.mutate(
      { id: asking.massSend.id, action: asking.action },
      {
        onSuccess: () => {
          notifySuccess(t(`massSends.actions.${asking.action}Done`));
          setAsking(null);
        },
        onError: (error) => setRefusal(errorMessage(error)),
      },
    );
  };

  const columns: DataColumn<MassSend>[] = [
    {
      key: 'kind',
      header: t('massSends.kind'),
      primary: true,
      render: (m) => (
        <Text size="sm" fw={600}>
          {t(`massSends.tabs.${m.kind}`)} #{m.id}
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('massSends.statusLabel'),
      render: (m) => (
        <Badge color={STATUS_COLORS[m.status]} variant="light" data-testid={`mass-send-status-${m.id}`}>
          {t(`massSends.status.${m.status}`)}
        </Badge>
      ),
    },
    {
      key: 'channel',
      header: t('massSends.channel'),
      render: (m) => <Text size="sm">{m.whatsappId === null ? t('massSends.smsChannel') : (m.channelName ?? '—')}</Text>,
    },
    {
      key: 'createdAt',
      header: t('massSends.createdAt'),
      render: (m) => <Text size="sm">{`${formatDateTime(m.createdAt)}${m.userName ? ` · ${m.userName}` : ''}`}</Text>,
    },
    { key: 'progress', header: t('massSends.progress'), render: (m) => <Progressing massSend={m} /> },
  ];

  return (
    <Stack data-testid="mass-send-list">
      <Title order={3}>{t('massSends.listTitle')}</Title>
      {massSends.isError && <QueryError error={massSends.error} onRetry={() => void massSends.refetch()} />}
      <DataTable
        testId="mass-sends-table"
        rows={massSends.data}
        rowKey={(m) => m.id}
        rowTestId={(m) => `mass-send-${m.id}`}
        columns={columns}
        actions={(m) => (
          <>
            {(['pause', 'resume', 'cancel'] as const)
              .filter((name) => massSendCan[name](m.status))
              .map((name) => (
                <Button
                  key={name}
                  size="xs"
                  variant="light"
                  color={name === 'cancel' ? 'red' : name === 'pause' ? 'yellow' : 'blue'}
                  onClick={() => {
                    setRefusal(null);
                    setAsking({ massSend: m, action: name });
                  }}
                  data-testid={`mass-send-${name}-${m.id}`}
                >
                  {t(`massSends.actions.${name}`)}
                </Button>
              ))}
            <Button size="xs" variant="light" onClick={() => setReporting(m)} data-testid={`mass-send-open-report-${m.id}`}>
              {t('massSends.report.open')}
            </Button>
          </>
        )}
      />
      <ConfirmModal
        opened={asking !== null}
        title={asking ? t(`massSends.actions.${asking.action}Title`) : ''}
        message={asking ? t(`massSends.actions.${asking.action}Confirm`, { id: asking.massSend.id }) : ''}
        confirmLabel={asking ? t(`massSends.actions.${asking.action}`) : undefined}
        confirmColor={asking?.action === 'cancel' ? 'red' : asking?.action === 'pause' ? 'yellow' : 'blue'}
        loading={action.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(null)}
      >
        {refusal && (
          <Alert color="red" data-testid="mass-send-action-error">
            {refusal}
          </Alert>
        )}
      </ConfirmModal>
      <Modal
        opened={reporting !== null}
        onClose={() => setReporting(null)}
        fullScreen={mobile}
        size="xl"
        title={reporting ? t('massSends.report.title', { id: reporting.id }) : ''}
        centered
      >
        {reporting && <MassSendReport massSend={reporting} />}
      </Modal>
    </Stack>
  );
}
