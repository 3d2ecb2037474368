import type { Flow } from '@conversa/shared/chatbot';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chatFlowBuilderPath } from '../../../app/paths';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { QueryError } from '../../../components/QueryError';
import { formatDateTime } from '../../../lib/format';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { fetchFlowExport, useDeleteFlow, useDuplicateFlow, useFlows } from '../api';
import { FlowFormModal } from '../components/FlowFormModal';
import { ImportFlowModal } from '../components/ImportFlowModal';
import { downloadFlow, exportFileName } from '../flow-json';

/** /chat-flow: the tenant's chatbot flows (SPEC §2), for supervisors and admins. */
export function ChatFlowsPage() {
  const { t } = useTranslation();
  const flows = useFlows();
  const remove = useDeleteFlow();
  const duplicateFlow = useDuplicateFlow();
  const [editing, setEditing] = useState<Flow | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Flow | null>(null);
  const [importing, setImporting] = useState(false);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(t('common.deleted'));
        setDeleting(null);
      },
      onError: (error) => notifyApiError(error, 'flow-delete-error'),
    });
  };

  const duplicate = (flow: Flow) =>
    duplicateFlow.mutate(flow.id, {
      onSuccess: () => notifySuccess(t('chatFlow.duplicated')),
      onError: (error) => notifyApiError(error, 'flow-duplicate-error'),
    });

  const exportFlow = async (flow: Flow) => {
    try {
      downloadFlow(await fetchFlowExport(flow.id), exportFileName(flow));
    } catch (error) {
      notifyApiError(error, 'flow-export-error');
    }
  };

  const columns: DataColumn<Flow>[] = [
    {
      key: 'name',
      header: t('chatFlow.name'),
      render: (flow) => (
        <Link to={chatFlowBuilderPath(flow.id)} data-testid={`flow-open-${flow.id}`}>
          {flow.name}
        </Link>
      ),
    },
    {
      key: 'description',
      header: t('chatFlow.description'),
      render: (flow) => (
        <Text size="sm" lineClamp={2}>
          {flow.description}
        </Text>
      ),
    },
    {
      key: 'active',
      header: t('chatFlow.active'),
      render: (flow) => (
        <Badge color={flow.isActive ? 'teal' : 'gray'} variant="light">
          {flow.isActive ? t('common.active') : t('common.inactive')}
        </Badge>
      ),
    },
    {
      key: 'published',
      header: t('chatFlow.published'),
      render: (flow) =>
        flow.publishedVersion === null ? (
          <Badge color="gray" variant="outline">
            {t('chatFlow.notPublished')}
          </Badge>
        ) : (
          <Badge color={flow.hasUnpublishedChanges ? 'orange' : 'teal'} variant="outline">
            {t('chatFlow.builder.version', { version: flow.publishedVersion })}
          </Badge>
        ),
    },
    { key: 'testNumber', header: t('chatFlow.testNumber'), render: (flow) => flow.testNumber ?? '' },
    { key: 'updatedAt', header: t('chatFlow.updatedAt'), render: (flow) => formatDateTime(flow.updatedAt) },
  ];

  return (
    <Stack data-testid="chat-flows-page">
      <Group justify="space-between">
        <Title order={2}>{t('chatFlow.title')}</Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconFileImport size={16} />}
            onClick={() => setImporting(true)}
            data-testid="flows-import"
          >
            {t('chatFlow.import.open')}
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)} data-testid="flows-new">
            {t('chatFlow.new')}
          </Button>
        </Group>
      </Group>
      {flows.isError && <QueryError error={flows.error} onRetry={() => void flows.refetch()} />}
      <DataTable
        testId="flows-table"
        rows={flows.data}
        rowKey={(flow) => flow.id}
        rowTestId={(flow) => `flow-${flow.id}`}
        columns={columns}
        minWidth={900}
        actions={(flow) => (
          <>
            <Button size="xs" component={Link} to={chatFlowBuilderPath(flow.id)} data-testid={`flow-builder-${flow.id}`}>
              {t('chatFlow.openBuilder')}
            </Button>
            <Button size="xs" variant="light" onClick={() => setEditing(flow)} data-testid={`flow-edit-${flow.id}`}>
              {t('common.edit')}
            </Button>
            <Button size="xs" variant="light" onClick={() => duplicate(flow)} data-testid={`flow-duplicate-${flow.id}`}>
              {t('chatFlow.duplicate')}
            </Button>
            <Button size="xs" variant="light" onClick={() => void exportFlow(flow)} data-testid={`flow-export-${flow.id}`}>
              {t('chatFlow.export')}
            </Button>
            <Button size="xs" variant="light" color="red" onClick={() => setDeleting(flow)} data-testid={`flow-delete-${flow.id}`}>
              {t('common.delete')}
            </Button>
          </>
        )}
      />
      {editing !== undefined && <FlowFormModal flow={editing} onClose={() => setEditing(undefined)} />}
      {importing && <ImportFlowModal onClose={() => setImporting(false)} />}
      <ConfirmModal
        opened={deleting !== null}
        title={t('chatFlow.deleteTitle')}
        message={t('chatFlow.deleteConfirm', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
