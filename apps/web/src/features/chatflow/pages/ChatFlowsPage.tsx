import type { Flow } from '@conversa/shared/chatbot';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chatFlowBuilderPath } from '../../../app/paths';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { ListPageHeader } from '../../../components/ListPageHeader';
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
  const removal = useConfirmedDelete<Flow>(remove, 'flow-delete-error');
  const duplicateFlow = useDuplicateFlow();
  const [editing, setEditing] = useState<Flow | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);

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
      <ListPageHeader
        title={t('chatFlow.title')}
        newLabel={t('chatFlow.new')}
        onNew={() => setEditing(null)}
        newTestId="flows-new"
        query={flows}
        actions={
          <Button
            variant="default"
            leftSection={<IconFileImport size={16} />}
            onClick={() => setImporting(true)}
            data-testid="flows-import"
          >
            {t('chatFlow.import.open')}
          </Button>
        }
      />
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
            <Button size="xs" variant="light" color="red" onClick={() => removal.ask(flow)} data-testid={`flow-delete-${flow.id}`}>
              {t('common.delete')}
            </Button>
          </>
        )}
      />
      {editing !== undefined && <FlowFormModal flow={editing} onClose={() => setEditing(undefined)} />}
      {importing && <ImportFlowModal onClose={() => setImporting(false)} />}
      <ConfirmModal
        opened={removal.deleting !== null}
        title={t('chatFlow.deleteTitle')}
        message={t('chatFlow.deleteConfirm', { name: removal.deleting?.name ?? '' })}
        loading={removal.pending}
        onConfirm={removal.confirm}
        onClose={() => removal.cancel()}
      />
    </Stack>
  );
}
