import type { QuickMessage } from '@conversa/shared';
import { Badge, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { IconMicrophone, IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { ListPageHeader } from '../../../components/ListPageHeader';
import { notifyApiError } from '../../../lib/notify';
import { useDeleteQuickMessage, useQuickMessages, useSaveQuickMessage } from '../api';
import { QuickMessageFormModal } from '../components/QuickMessageFormModal';

/** /mensagens-rapidas (supervisors and admins): the texts agents send by `/key` in the composer. */
export function QuickMessagesPage() {
  const { t } = useTranslation();
  const quickMessages = useQuickMessages();
  const save = useSaveQuickMessage();
  const remove = useDeleteQuickMessage();
  const removal = useConfirmedDelete<QuickMessage>(remove, 'quick-message-delete-error');
  const [editing, setEditing] = useState<QuickMessage | null | undefined>(undefined);

  const toggleActive = (quick: QuickMessage, isActive: boolean) =>
    save.mutate({ id: quick.id, body: { isActive } }, { onError: (error) => notifyApiError(error, 'quick-message-toggle-error') });

  const columns: DataColumn<QuickMessage>[] = [
    {
      key: 'key',
      header: t('quickMessages.key'),
      primary: true,
      render: (quick) => (
        <Text size="sm" fw={600} ff="monospace">
          /{quick.key}
        </Text>
      ),
    },
    {
      key: 'message',
      header: t('quickMessages.message'),
      render: (quick) => (
        <Text size="sm" lineClamp={2} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {quick.message}
        </Text>
      ),
    },
    {
      key: 'file',
      header: t('quickMessages.file'),
      render: (quick) =>
        quick.media ? (
          <Group gap={4} wrap="nowrap">
            {quick.sendAsAudio ? <IconMicrophone size={14} aria-label={t('quickMessages.sendAsAudio')} /> : <IconPaperclip size={14} />}
            <Text size="xs" truncate="end" maw={180}>
              {quick.media.name}
            </Text>
          </Group>
        ) : null,
    },
    {
      key: 'active',
      header: t('quickMessages.active'),
      render: (quick) => (
        <Switch
          checked={quick.isActive}
          onChange={(event) => toggleActive(quick, event.currentTarget.checked)}
          aria-label={t('quickMessages.activeOf', { key: quick.key })}
          data-testid={`quick-message-active-${quick.id}`}
        />
      ),
    },
  ];

  return (
    <Stack data-testid="quick-messages-page">
      <ListPageHeader
        title={t('quickMessages.title')}
        description={t('quickMessages.help')}
        newLabel={t('quickMessages.new')}
        onNew={() => setEditing(null)}
        newTestId="quick-messages-new"
        query={quickMessages}
      />
      <DataTable
        testId="quick-messages-table"
        rows={quickMessages.data}
        rowKey={(quick) => quick.id}
        rowTestId={(quick) => `quick-message-${quick.id}`}
        columns={columns}
        actions={(quick) => (
          <>
            {!quick.isActive && (
              <Badge color="gray" variant="light">
                {t('quickMessages.inactive')}
              </Badge>
            )}
            <Button size="xs" variant="light" onClick={() => setEditing(quick)} data-testid={`quick-message-edit-${quick.id}`}>
              {t('common.edit')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => removal.ask(quick)}
              data-testid={`quick-message-delete-${quick.id}`}
            >
              {t('common.delete')}
            </Button>
          </>
        )}
      />
      {editing !== undefined && <QuickMessageFormModal quickMessage={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmModal
        opened={removal.deleting !== null}
        title={t('quickMessages.deleteTitle')}
        message={t('quickMessages.deleteConfirm', { key: removal.deleting?.key ?? '' })}
        loading={removal.pending}
        onConfirm={removal.confirm}
        onClose={() => removal.cancel()}
      />
    </Stack>
  );
}
