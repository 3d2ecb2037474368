import type { Channel } from '@conversa/shared';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowsExchange,
  IconCheck,
  IconCopy,
  IconExternalLink,
  IconPlayerPlay,
  IconPlayerStop,
  IconQrcode,
  IconRefresh,
} from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import { QueryError } from '../../../components/QueryError';
import { isApiError } from '../../../lib/errors';
import { notifyError } from '../../../lib/notify';
import { useQueues } from '../../queues/api';
import { demoUrl, embedSnippet, useChannelPower, useChannels, useDeleteChannel, useRestartChannel } from '../api';
import { channelErrorMessage } from '../channel-errors';
import { AUTO_WEBHOOK_TYPES, BETA_TYPES, usesWebhook, webhookUrl } from '../channel-types';
import { useHistoryImport } from '../history-import';
import { ChannelFormModal } from '../components/ChannelFormModal';
import { QrCodeModal } from '../components/QrCodeModal';
import { TransferChannelModal } from '../components/TransferChannelModal';
import { LimitedAddButton } from '../../tenants/components/LimitedAddButton';

const STATUS_COLORS: Record<Channel['status'], string> = {
  connected: 'teal',
  disconnected: 'red',
  opening: 'yellow',
  qrcode: 'blue',
  pairingTimeout: 'orange',
};

function CopyIcon({ value, testId }: { value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('channels.copied') : t('channels.copy')}>
          <ActionIcon
            variant="light"
            color={copied ? 'teal' : undefined}
            onClick={copy}
            aria-label={t('channels.copy')}
            data-testid={testId}
          >
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** The channel's running history import ('channel:historyImport'), gone once it ends. */
function HistoryImportLine({ channelId }: { channelId: number }) {
  const { t } = useTranslation();
  const progress = useHistoryImport(channelId);
  if (!progress) return null;
  const { chatsDone, chatsTotal, messagesImported } = progress;
  const percent = chatsTotal > 0 ? Math.min(100, Math.round((chatsDone / chatsTotal) * 100)) : 0;
  return (
    <Stack gap={4} data-testid={`channel-history-progress-${channelId}`}>
      <Text size="xs" c="dimmed">
        {t('channels.historyImport.running', { done: chatsDone, total: chatsTotal, count: messagesImported })}
      </Text>
      <Progress
        value={chatsTotal > 0 ? percent : 100}
        animated
        striped={chatsTotal === 0}
        size="sm"
        aria-label={t('channels.historyImport.title')}
      />
    </Stack>
  );
}

function ChannelCard({
  channel,
  queueName,
  onEdit,
  onDelete,
  onQrCode,
  onTransfer,
}: {
  channel: Channel;
  queueName?: string;
  onEdit: () => void;
  onDelete: () => void;
  onQrCode: () => void;
  onTransfer: () => void;
}) {
  const { t } = useTranslation();
  const power = useChannelPower();
  const restart = useRestartChannel();
  const [confirmDisconnect, setConfirmDisconnect] = useState(false);
  const running = channel.status !== 'disconnected';
  const snippet = embedSnippet(channel.publicKey);
  const webhook = usesWebhook(channel) ? webhookUrl(channel) : null;
  const powerError = (error: unknown) => {
    if (isApiError(error) && error.handled) return;
    notifyError(channelErrorMessage(error, channel.type, t, 'power'), 'channel-power-error');
  };

  const start = () => power.mutate({ id: channel.id, action: 'start' }, { onError: powerError });
  const disconnect = () =>
    power.mutate(
      { id: channel.id, action: 'stop' },
      {
        onSuccess: () => setConfirmDisconnect(false),
        onError: (error) => {
          setConfirmDisconnect(false);
          powerError(error);
        },
      },
    );
  const doRestart = () => restart.mutate(channel.id, { onError: powerError });

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
            {BETA_TYPES.includes(channel.type) && (
              <Badge size="xs" variant="light" color="orange" data-testid={`channel-beta-${channel.id}`}>
                {t('channels.beta')}
              </Badge>
            )}
          </Group>
          <Badge color={STATUS_COLORS[channel.status]} data-testid={`channel-status-${channel.id}`} data-status={channel.status}>
            {t(`channels.status.${channel.status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t(`channels.types.${channel.type}`, { defaultValue: channel.type })}
          {channel.number ? ` · +${channel.number}` : ''}
          {queueName ? ` · ${queueName}` : ''}
          {` · ${t(`channels.distribution.${channel.autoDistribution}`)}`}
        </Text>
        <HistoryImportLine channelId={channel.id} />
        {channel.type === 'webchat' && (
          <Stack gap={4}>
            <Text size="xs" fw={500}>
              {t('channels.embed')}
            </Text>
            <Group gap={4} wrap="nowrap" align="flex-start">
              <Code block style={{ flex: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid={`channel-embed-${channel.id}`}>
                {snippet}
              </Code>
              <CopyIcon value={snippet} testId={`channel-copy-${channel.id}`} />
            </Group>
            <Anchor href={demoUrl(channel.publicKey)} target="_blank" rel="noopener" size="sm" data-testid={`channel-demo-${channel.id}`}>
              <Group gap={4} wrap="nowrap" component="span">
                <IconExternalLink size={14} />
                {t('channels.demo')}
              </Group>
            </Anchor>
          </Stack>
        )}
        {webhook && (
          <Stack gap={4}>
            <Text size="xs" fw={500}>
              {t('channels.webhookUrl')}
            </Text>
            <Group gap={4} wrap="nowrap" align="flex-start">
              <Code block style={{ flex: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid={`channel-webhook-${channel.id}`}>
                {webhook}
              </Code>
              <CopyIcon value={webhook} testId={`channel-webhook-copy-${channel.id}`} />
            </Group>
            <Text size="xs" c="dimmed">
              {channel.type === 'waba'
                ? t('channels.webhookHintWaba')
                : AUTO_WEBHOOK_TYPES.includes(channel.type)
                  ? t('channels.webhookHintAuto')
                  : t('channels.webhookHint')}
            </Text>
          </Stack>
        )}
        <Group gap="xs">
          {channel.status === 'qrcode' && (
            <Button
              size="xs"
              variant="filled"
              leftSection={<IconQrcode size={14} />}
              onClick={onQrCode}
              data-testid={`channel-qrcode-${channel.id}`}
            >
              {t('channels.qrButton')}
            </Button>
          )}
          {running ? (
            <>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconRefresh size={14} />}
                loading={restart.isPending}
                disabled={power.isPending}
                onClick={doRestart}
                data-testid={`channel-restart-${channel.id}`}
              >
                {t('channels.restart')}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="orange"
                leftSection={<IconPlayerStop size={14} />}
                disabled={restart.isPending}
                onClick={() => setConfirmDisconnect(true)}
                data-testid={`channel-disconnect-${channel.id}`}
              >
                {t('channels.disconnect')}
              </Button>
            </>
          ) : (
            <Button
              size="xs"
              variant="light"
              color="teal"
              leftSection={<IconPlayerPlay size={14} />}
              loading={power.isPending}
              onClick={start}
              data-testid={`channel-start-${channel.id}`}
            >
              {t('channels.start')}
            </Button>
          )}
          <Button size="xs" variant="light" onClick={onEdit} data-testid={`channel-edit-${channel.id}`}>
            {t('common.edit')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="grape"
            leftSection={<IconArrowsExchange size={14} />}
            onClick={onTransfer}
            data-testid={`channel-transfer-${channel.id}`}
          >
            {t('channels.transfer')}
          </Button>
          <Button size="xs" variant="light" color="red" onClick={onDelete} data-testid={`channel-delete-${channel.id}`}>
            {t('common.delete')}
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirmDisconnect}
        title={t('channels.disconnectTitle')}
        message={t('channels.disconnectConfirm', { name: channel.name })}
        confirmLabel={t('channels.disconnect')}
        loading={power.isPending}
        onConfirm={disconnect}
        onClose={() => setConfirmDisconnect(false)}
      />
    </Card>
  );
}

/**
 * /canais: the tenant's channels with their live status (whatsappSession events), the web-chat embed
 * snippet and demo, provider webhook URLs, the QR-code modal, restart/disconnect and channel transfer.
 */
export function ChannelsPage() {
  const { t } = useTranslation();
  const channels = useChannels();
  const queues = useQueues();
  const remove = useDeleteChannel();
  const [editing, setEditing] = useState<Channel | null | undefined>(undefined);
  const [qrFor, setQrFor] = useState<number | null>(null);
  const [transferFrom, setTransferFrom] = useState<number | null>(null);
  const closeQr = useCallback(() => setQrFor(null), []);
  // The modals read the live channel from the list (kept current by 'whatsappSession' events).
  const qrChannel = channels.data?.find((c) => c.id === qrFor);
  const transferChannel = channels.data?.find((c) => c.id === transferFrom);

  const removal = useConfirmedDelete<Channel>(remove, 'channel-delete-error');

  return (
    <Stack data-testid="channels-page">
      <Group justify="space-between">
        <Title order={2}>{t('channels.title')}</Title>
        <LimitedAddButton resource="connections" label={t('channels.new')} onClick={() => setEditing(null)} testId="channels-new" />
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
            onDelete={() => removal.ask(channel)}
            onQrCode={() => setQrFor(channel.id)}
            onTransfer={() => setTransferFrom(channel.id)}
          />
        ))}
      </SimpleGrid>
      {editing !== undefined && <ChannelFormModal channel={editing} onClose={() => setEditing(undefined)} />}
      {qrChannel && <QrCodeModal channel={qrChannel} onClose={closeQr} />}
      {transferChannel && (
        <TransferChannelModal channel={transferChannel} channels={channels.data ?? []} onClose={() => setTransferFrom(null)} />
      )}
      <ConfirmModal
        opened={removal.deleting !== null}
        title={t('channels.deleteTitle')}
        message={t('channels.deleteConfirm', { name: removal.deleting?.name ?? '' })}
        loading={removal.pending}
        onConfirm={removal.confirm}
        onClose={removal.cancel}
      />
    </Stack>
  );
}
