import type { QuickMessage } from '@conversa/shared';
import { Badge, Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconMicrophone, IconPaperclip, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { QueryError } from '../../../components/QueryError';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useDeleteQuickMessage, useQuickMessages, useSaveQuickMessage } from '../api';
import { QuickMessageFormModal } from '../components/QuickMessageFormModal';

/** /mensagens-rapidas (supervisors and admins): the texts agents send by `/key` in the composer. */
export function QuickMessagesPage() {
  const { t } = useTranslation();
  const quickMessages = useQuickMessages();
  const save = useSaveQuickMessage();
  const remove = useDeleteQuickMessage();
  const [editing, setEditing] = useState<QuickMessage | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<QuickMessage | null>(null);

  const toggleActive = (quick: QuickMessage, isActive: boolean) =>
    save.mutate({ id: quick.id, body: { isActive } }, { onError: (error) => notifyApiError(error, 'quick-message-toggle-error') });

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(t('common.deleted'));
        setDeleting(null);
      },
      onError: (error) => notifyApiError(error, 'quick-message-delete-error'),
    });
  };

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
      <Group justify="space-between">
        <Title order={2}>{t('quickMessages.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)} data-testid="quick-messages-new">
          {t('quickMessages.new')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('quickMessages.help')}
      </Text>
      {quickMessages.isError && <QueryError error={quickMessages.error} onRetry={() => void quickMessages.refetch()} />}
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
              onClick={() => setDeleting(quick)}
              data-testid={`quick-message-delete-${quick.id}`}
            >
              {t('common.delete')}
            </Button>
          </>
        )}
      />
      {editing !== undefined && <QuickMessageFormModal quickMessage={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmModal
        opened={deleting !== null}
        title={t('quickMessages.deleteTitle')}
        message={t('quickMessages.deleteConfirm', { key: deleting?.key ?? '' })}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
