import type { Channel } from '@conversa/shared';
import { ActionIcon, Anchor, Badge, Button, Card, Code, CopyButton, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink, IconPlayerPlay, IconPlayerStop, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { QueryError } from '../../../components/QueryError';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useQueues } from '../../queues/api';
import { demoUrl, embedSnippet, useChannelPower, useChannels, useDeleteChannel } from '../api';
import { ChannelFormModal } from '../components/ChannelFormModal';

const STATUS_COLORS: Record<Channel['status'], string> = {
  connected: 'teal',
  disconnected: 'red',
  opening: 'yellow',
  qrcode: 'blue',
  pairingTimeout: 'orange',
};

function ChannelCard({
  channel,
  queueName,
  onEdit,
  onDelete,
}: {
  channel: Channel;
  queueName?: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const power = useChannelPower();
  const running = channel.status === 'connected' || channel.status === 'opening';
  const snippet = embedSnippet(channel.publicKey);

  const toggle = () =>
    power.mutate(
      { id: channel.id, action: running ? 'stop' : 'start' },
      { onError: (error) => notifyApiError(error, 'channel-power-error') },
    );

  return (
    <Card withBorder data-testid={`channel-${channel.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Text fw={600} truncate="end">
              {channel.name}
            </Text>
            {channel.isDefault && (
              <Badge size="xs" variant="outline">
                {t('channels.default')}
              </Badge>
            )}
          </Group>
          <Badge color={STATUS_COLORS[channel.status]} data-testid={`channel-status-${channel.id}`} data-status={channel.status}>
            {t(`channels.status.${channel.status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t(`channels.types.${channel.type}`, { defaultValue: channel.type })}
          {queueName ? ` · ${queueName}` : ''}
          {` · ${t(`channels.distribution.${channel.autoDistribution}`)}`}
        </Text>
        {channel.type === 'webchat' && (
          <Stack gap={4}>
            <Text size="xs" fw={500}>
              {t('channels.embed')}
            </Text>
            <Group gap={4} wrap="nowrap" align="flex-start">
              <Code block style={{ flex: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid={`channel-embed-${channel.id}`}>
                {snippet}
              </Code>
              <CopyButton value={snippet}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t('channels.copied') : t('channels.copy')}>
                    <ActionIcon
                      variant="light"
                      color={copied ? 'teal' : undefined}
                      onClick={copy}
                      aria-label={t('channels.copy')}
                      data-testid={`channel-copy-${channel.id}`}
                    >
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
            <Anchor href={demoUrl(channel.publicKey)} target="_blank" rel="noopener" size="sm" data-testid={`channel-demo-${channel.id}`}>
              <Group gap={4} wrap="nowrap" component="span">
                <IconExternalLink size={14} />
                {t('channels.demo')}
              </Group>
            </Anchor>
          </Stack>
        )}
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            color={running ? 'orange' : 'teal'}
            leftSection={running ? <IconPlayerStop size={14} /> : <IconPlayerPlay size={14} />}
            loading={power.isPending}
            onClick={toggle}
            data-testid={`channel-${running ? 'stop' : 'start'}-${channel.id}`}
          >
            {running ? t('channels.stop') : t('channels.start')}
          </Button>
          <Button size="xs" variant="light" onClick={onEdit} data-testid={`channel-edit-${channel.id}`}>
            {t('common.edit')}
          </Button>
          <Button size="xs" variant="light" color="red" onClick={onDelete} data-testid={`channel-delete-${channel.id}`}>
            {t('common.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /canais: the tenant's channels with their live status (whatsappSession events), the web-chat embed snippet and demo. */
export function ChannelsPage() {
  const { t } = useTranslation();
  const channels = useChannels();
  const queues = useQueues();
  const remove = useDeleteChannel();
  const [editing, setEditing] = useState<Channel | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Channel | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(t('common.deleted'));
        setDeleting(null);
      },
      onError: (error) => notifyApiError(error, 'channel-delete-error'),
    });
  };

  return (
    <Stack data-testid="channels-page">
      <Group justify="space-between">
        <Title order={2}>{t('channels.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)} data-testid="channels-new">
          {t('channels.new')}
        </Button>
      </Group>
      {channels.isError && <QueryError error={channels.error} onRetry={() => void channels.refetch()} />}
      {channels.isSuccess && channels.data.length === 0 && (
        <Text c="dimmed" data-testid="channels-empty">
          {t('channels.empty')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} data-testid="channels-list">
        {channels.data?.map((channel) => (
          <ChannelCard
            key={channel.id}
            channel={channel}
            queueName={queues.data?.find((q) => q.id === channel.queueId)?.name}
            onEdit={() => setEditing(channel)}
            onDelete={() => setDeleting(channel)}
          />
        ))}
      </SimpleGrid>
      {editing !== undefined && <ChannelFormModal channel={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmModal
        opened={deleting !== null}
        title={t('channels.deleteTitle')}
        message={t('channels.deleteConfirm', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
