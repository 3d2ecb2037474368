import type { AutoReply } from '@conversa/shared';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { ListPageHeader } from '../../../components/ListPageHeader';
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
  const removal = useConfirmedDelete<AutoReply>(remove, 'auto-reply-delete-error');
  const [editing, setEditing] = useState<AutoReply | null | undefined>(undefined);
  const queueNames = useMemo(() => new Map((queues.data ?? []).map((q) => [q.id, q.name])), [queues.data]);
  const channelNames = useMemo(() => new Map((channels.data ?? []).map((c) => [c.id, c.name])), [channels.data]);

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
    {
      key: 'queue',
      header: t('autoReplies.queue'),
      render: (rule) => (rule.queueId ? (queueNames.get(rule.queueId) ?? `#${rule.queueId}`) : ''),
    },
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
      <ListPageHeader
        title={t('autoReplies.title')}
        description={t('autoReplies.help')}
        newLabel={t('autoReplies.new')}
        onNew={() => setEditing(null)}
        newTestId="auto-replies-new"
        query={rules}
      />
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
            <Button size="xs" variant="light" color="red" onClick={() => removal.ask(rule)} data-testid={`auto-reply-delete-${rule.id}`}>
              {t('common.delete')}
            </Button>
          </>
        )}
      />
      {editing !== undefined && <AutoReplyFormModal rule={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmModal
        opened={removal.deleting !== null}
        title={t('autoReplies.deleteTitle')}
        message={t('autoReplies.deleteConfirm', { name: removal.deleting?.name ?? '' })}
        loading={removal.pending}
        onConfirm={removal.confirm}
        onClose={() => removal.cancel()}
      />
    </Stack>
  );
}
