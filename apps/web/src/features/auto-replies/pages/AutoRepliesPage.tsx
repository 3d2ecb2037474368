import type { AutoReply } from '@conversa/shared';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { QueryError } from '../../../components/QueryError';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useChannels } from '../../channels/api';
import { useQueues } from '../../queues/api';
import { useAutoReplies, useDeleteAutoReply } from '../api';
import { AutoReplyFormModal } from '../components/AutoReplyFormModal';

/** /auto-resposta (SPEC §2): keyword and first-message replies, for tenants who need no chatbot flow. */
export function AutoRepliesPage() {
  const { t } = useTranslation();
  const rules = useAutoReplies();
  const queues = useQueues();
  const channels = useChannels();
  const remove = useDeleteAutoReply();
  const [editing, setEditing] = useState<AutoReply | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<AutoReply | null>(null);
  const queueNames = useMemo(() => new Map((queues.data ?? []).map((q) => [q.id, q.name])), [queues.data]);
  const channelNames = useMemo(() => new Map((channels.data ?? []).map((c) => [c.id, c.name])), [channels.data]);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(t('common.deleted'));
        setDeleting(null);
      },
      onError: (error) => notifyApiError(error, 'auto-reply-delete-error'),
    });
  };

  const columns: DataColumn<AutoReply>[] = [
    { key: 'name', header: t('autoReplies.name'), render: (rule) => rule.name },
    {
      key: 'trigger',
      header: t('autoReplies.trigger'),
      render: (rule) =>
        rule.trigger === 'firstMessage' ? (
          t('autoReplies.triggers.firstMessage')
        ) : (
          <Group gap={4} component="span">
            <Text size="xs" c="dimmed" component="span">
              {t(`autoReplies.matchModes.${rule.matchMode}`)}:
            </Text>
            {rule.keywords.map((keyword) => (
              <Badge key={keyword} variant="light" size="sm" style={{ textTransform: 'none' }}>
                {keyword}
              </Badge>
            ))}
          </Group>
        ),
    },
    {
      key: 'reply',
      header: t('autoReplies.reply'),
      render: (rule) => (
        <Text size="sm" lineClamp={2}>
          {rule.reply}
        </Text>
      ),
    },
    { key: 'queue', header: t('autoReplies.queue'), render: (rule) => (rule.queueId ? (queueNames.get(rule.queueId) ?? `#${rule.queueId}`) : '') },
    {
      key: 'channel',
      header: t('autoReplies.channel'),
      render: (rule) => (rule.channelId ? (channelNames.get(rule.channelId) ?? `#${rule.channelId}`) : t('autoReplies.allChannels')),
    },
    {
      key: 'active',
      header: t('autoReplies.status'),
      render: (rule) => (
        <Badge color={rule.active ? 'green' : 'gray'} variant="light">
          {rule.active ? t('common.active') : t('common.inactive')}
        </Badge>
      ),
    },
  ];

  return (
    <Stack data-testid="auto-replies-page">
      <Group justify="space-between">
        <Title order={2}>{t('autoReplies.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)} data-testid="auto-replies-new">
          {t('autoReplies.new')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('autoReplies.help')}
      </Text>
      {rules.isError && <QueryError error={rules.error} onRetry={() => void rules.refetch()} />}
      <DataTable
        testId="auto-replies-table"
        rows={rules.data}
        rowKey={(rule) => rule.id}
        rowTestId={(rule) => `auto-reply-${rule.id}`}
        columns={columns}
        actions={(rule) => (
          <>
            <Button size="xs" variant="light" onClick={() => setEditing(rule)} data-testid={`auto-reply-edit-${rule.id}`}>
              {t('common.edit')}
            </Button>
            <Button size="xs" variant="light" color="red" onClick={() => setDeleting(rule)} data-testid={`auto-reply-delete-${rule.id}`}>
              {t('common.delete')}
            </Button>
          </>
        )}
      />
      {editing !== undefined && <AutoReplyFormModal rule={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmModal
        opened={deleting !== null}
        title={t('autoReplies.deleteTitle')}
        message={t('autoReplies.deleteConfirm', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
