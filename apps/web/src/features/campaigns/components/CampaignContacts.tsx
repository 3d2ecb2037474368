import { CAMPAIGN_CONTACT_STATUSES, type Campaign, type CampaignContact, type CampaignContactStatus } from '@conversa/shared';
import { Badge, Button, Card, FileInput, Group, MultiSelect, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { PageControls } from '../../../components/PageControls';
import { QueryError } from '../../../components/QueryError';
import { formatDateTime } from '../../../lib/format';
import { notifyApiError, notifySuccess, notifyWarning } from '../../../lib/notify';
import { useTags } from '../../tags/api';
import {
  campaignCan,
  downloadCampaignReport,
  useCampaignContacts,
  useLinkCampaignContacts,
  useUnlinkCampaignContacts,
  type LinkResult,
} from '../api';

const STATUS_COLORS: Record<CampaignContactStatus, string> = {
  waiting: 'gray',
  pending: 'blue',
  sent: 'teal',
  delivered: 'green',
  read: 'green',
  failed: 'red',
  unconfirmed: 'orange',
  skipped: 'gray',
};

/** Linking contacts while the campaign is editable: every contact matching a search and tags, or a CSV/XLSX file. */
function LinkContacts({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const tags = useTags({ activeOnly: true });
  const link = useLinkCampaignContacts(campaign.id);
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [file, setFile] = useState<File | null>(null);
  // No tag and no search: every contact of the company; asked first.
  const [confirmAll, setConfirmAll] = useState(false);

  const linked = (result: LinkResult) => {
    notifySuccess(t('campaigns.contacts.linked', { count: result.added, total: result.contactCount }));
    // A file's rows that could not be read as contacts: how many, and why (the contact import's reasons).
    const rejected = Object.entries(result.rejected ?? {}).filter(([, count]) => count > 0);
    const total = rejected.reduce((sum, [, count]) => sum + count, 0);
    if (total > 0)
      notifyWarning(
        t('campaigns.contacts.rejected', {
          count: total,
          reasons: rejected.map(([code, count]) => `${count} × ${t(`contacts.import.reasons.${code}`, { defaultValue: code })}`).join(' '),
        }),
        'campaign-link-rejected',
      );
  };
  const byFilter = () =>
    link.mutate(
      { filter: { tagIds: tagIds.map(Number), ...(search.trim() ? { searchParam: search.trim() } : {}) } },
      {
        onSuccess: (result) => {
          setConfirmAll(false);
          linked(result);
        },
        onError: (error) => notifyApiError(error, 'campaign-link-error'),
      },
    );
  const askByFilter = () => (tagIds.length === 0 && !search.trim() ? setConfirmAll(true) : byFilter());
  const byFile = () => {
    if (!file) return;
    link.mutate(
      { file },
      {
        onSuccess: (result) => {
          linked(result);
          setFile(null);
        },
        onError: (error) => notifyApiError(error, 'campaign-link-error'),
      },
    );
  };

  return (
    <Stack gap="sm" data-testid="campaign-link">
      <Text size="sm" c="dimmed">
        {t('campaigns.contacts.linkHelp')}
      </Text>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <MultiSelect
          label={t('campaigns.contacts.tags')}
          data={(tags.data ?? []).map((tag) => ({ value: String(tag.id), label: tag.name }))}
          value={tagIds}
          onChange={setTagIds}
          searchable
          clearable
          style={{ flex: '1 1 220px' }}
          data-testid="campaign-link-tags"
        />
        <TextInput
          label={t('campaigns.contacts.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 180px' }}
          data-testid="campaign-link-search"
        />
        <Button leftSection={<IconLink size={16} />} onClick={askByFilter} loading={link.isPending} data-testid="campaign-link-filter">
          {t('campaigns.contacts.linkFilter')}
        </Button>
      </Group>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <FileInput
          label={t('campaigns.contacts.file')}
          description={t('campaigns.contacts.fileHelp')}
          placeholder={t('campaigns.chooseFile')}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={setFile}
          clearable
          leftSection={<IconFileSpreadsheet size={16} />}
          style={{ flex: '1 1 260px' }}
          data-testid="campaign-link-file"
        />
        <Button variant="light" onClick={byFile} disabled={!file} loading={link.isPending} data-testid="campaign-link-file-button">
          {t('campaigns.contacts.linkFile')}
        </Button>
      </Group>
      <ConfirmModal
        opened={confirmAll}
        title={t('campaigns.contacts.linkAllTitle')}
        message={t('campaigns.contacts.linkAllConfirm')}
        confirmLabel={t('campaigns.contacts.linkFilter')}
        confirmColor="blue"
        loading={link.isPending}
        onConfirm={byFilter}
        onClose={() => setConfirmAll(false)}
      />
    </Stack>
  );
}

/**
 * The campaign's contacts and what each one got (the report on screen, refreshed by the live
 * progress), with the CSV/XLSX export; linking and unlinking while the campaign is editable.
 */
export function CampaignContacts({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<CampaignContactStatus | null>(null);
  const contacts = useCampaignContacts(campaign.id, page, status);
  const unlink = useUnlinkCampaignContacts(campaign.id);
  const [unlinking, setUnlinking] = useState<CampaignContact | 'all' | null>(null);
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const editable = campaignCan.edit(campaign.status);

  const exportReport = (format: 'csv' | 'xlsx') => {
    setExporting(format);
    downloadCampaignReport(campaign.id, format)
      .catch((error: unknown) => notifyApiError(error, 'campaign-report-error'))
      .finally(() => setExporting(null));
  };
  const confirmUnlink = () => {
    if (!unlinking) return;
    unlink.mutate(unlinking === 'all' ? null : unlinking.contactId, {
      onSuccess: (result) => {
        notifySuccess(t('campaigns.contacts.unlinked', { count: result.removed }));
        setUnlinking(null);
      },
      onError: (error) => notifyApiError(error, 'campaign-unlink-error'),
    });
  };

  const columns: DataColumn<CampaignContact>[] = [
    { key: 'name', header: t('campaigns.contacts.name'), primary: true, render: (row) => <Text size="sm">{row.name}</Text> },
    { key: 'number', header: t('campaigns.contacts.number'), render: (row) => <Text size="sm">{row.number ?? '—'}</Text> },
    {
      key: 'status',
      header: t('campaigns.contacts.status'),
      render: (row) => (
        <Badge color={STATUS_COLORS[row.status]} variant="light" data-testid={`campaign-contact-status-${row.contactId}`}>
          {t(`campaigns.contactStatus.${row.status}`)}
        </Badge>
      ),
    },
    {
      key: 'message',
      header: t('campaigns.contacts.message'),
      render: (row) => (row.messageNumber ? <Text size="sm">{t('campaigns.message', { number: row.messageNumber })}</Text> : null),
    },
    { key: 'sentAt', header: t('campaigns.contacts.sentAt'), render: (row) => <Text size="sm">{formatDateTime(row.sentAt)}</Text> },
    {
      key: 'error',
      header: t('campaigns.contacts.reason'),
      render: (row) =>
        row.error ? (
          <Text size="sm" c="red" style={{ wordBreak: 'break-word' }}>
            {row.error}
          </Text>
        ) : null,
    },
  ];

  return (
    <Card withBorder data-testid="campaign-contacts">
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Title order={4}>{t('campaigns.contacts.title')}</Title>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} />}
              loading={exporting === 'csv'}
              onClick={() => exportReport('csv')}
              data-testid="campaign-report-csv"
            >
              {t('campaigns.report.csv')}
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} />}
              loading={exporting === 'xlsx'}
              onClick={() => exportReport('xlsx')}
              data-testid="campaign-report-xlsx"
            >
              {t('campaigns.report.xlsx')}
            </Button>
          </Group>
        </Group>
        {editable && <LinkContacts campaign={campaign} />}
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Select
            label={t('campaigns.contacts.filterStatus')}
            data={CAMPAIGN_CONTACT_STATUSES.map((value) => ({ value, label: t(`campaigns.contactStatus.${value}`) }))}
            value={status}
            onChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
            clearable
            placeholder={t('campaigns.contacts.allStatuses')}
            w={220}
            data-testid="campaign-contacts-status"
          />
          {editable && campaign.contactCount > 0 && (
            <Button size="xs" color="red" variant="subtle" onClick={() => setUnlinking('all')} data-testid="campaign-unlink-all">
              {t('campaigns.contacts.unlinkAll')}
            </Button>
          )}
        </Group>
        {contacts.isError && <QueryError error={contacts.error} onRetry={() => void contacts.refetch()} />}
        <DataTable
          testId="campaign-contacts-table"
          rows={contacts.data?.contacts}
          rowKey={(row) => row.contactId}
          rowTestId={(row) => `campaign-contact-${row.contactId}`}
          columns={columns}
          actions={
            editable
              ? (row) =>
                  row.status === 'waiting' ? (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      onClick={() => setUnlinking(row)}
                      data-testid={`campaign-unlink-${row.contactId}`}
                    >
                      {t('campaigns.contacts.unlink')}
                    </Button>
                  ) : null
              : undefined
          }
        />
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed" data-testid="campaign-contacts-count">
            {t('campaigns.contacts.count', { count: contacts.data?.count ?? 0 })}
          </Text>
          <PageControls page={page} hasMore={contacts.data?.hasMore ?? false} onChange={setPage} testId="campaign-contacts-page" />
        </Group>
      </Stack>
      <ConfirmModal
        opened={unlinking !== null}
        title={t('campaigns.contacts.unlinkTitle')}
        message={
          unlinking === 'all'
            ? t('campaigns.contacts.unlinkAllConfirm')
            : t('campaigns.contacts.unlinkConfirm', { name: unlinking?.name ?? '' })
        }
        confirmLabel={t('campaigns.contacts.unlink')}
        loading={unlink.isPending}
        onConfirm={confirmUnlink}
        onClose={() => setUnlinking(null)}
      />
    </Card>
  );
}
