import type { ChannelSession } from '@conversa/shared';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlugOff, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { QueryError } from '../../../components/QueryError';
import { formatDateTime } from '../../../lib/format';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useChannelSessions, useControlSession } from '../api';

const STATUS_COLORS: Record<string, string> = {
  connected: 'green',
  disconnected: 'gray',
  qrcode: 'yellow',
  opening: 'blue',
  pairingTimeout: 'red',
};

/**
 * The sessions monitor: /sessoestenants (scope 'platform': every tenant's channels, platform
 * superadmin of tenant 1) and /sessoes (scope 'tenant': the admin's own tenant). Each channel's
 * status, number, last activity and the server process holding its QR-code session, with restart
 * (reconnect, the phone stays paired) and disconnect.
 */
function ChannelSessions({ scope }: { scope: 'platform' | 'tenant' }) {
  const { t } = useTranslation();
  const sessions = useChannelSessions(scope);
  const control = useControlSession(scope);
  const [disconnecting, setDisconnecting] = useState<ChannelSession | null>(null);

  const run = (session: ChannelSession, action: 'restart' | 'disconnect') =>
    control.mutate(
      { session, action },
      {
        onSuccess: () => {
          notifySuccess(
            t(action === 'restart' ? 'platformOps.sessions.restarted' : 'platformOps.sessions.disconnected', { name: session.name }),
          );
          setDisconnecting(null);
        },
        onError: (error) => notifyApiError(error, 'session-action-error'),
      },
    );

  const columns: DataColumn<ChannelSession>[] = [
    ...(scope === 'platform'
      ? [{ key: 'tenant', header: t('platformOps.sessions.tenant'), render: (s: ChannelSession) => `${s.tenantName} (#${s.tenantId})` }]
      : []),
    { key: 'name', header: t('platformOps.sessions.channel'), primary: true, render: (s) => s.name },
    { key: 'type', header: t('platformOps.sessions.type'), render: (s) => t(`channels.types.${s.type}`, { defaultValue: s.type }) },
    {
      key: 'status',
      header: t('platformOps.sessions.status'),
      render: (s) => (
        <Badge color={STATUS_COLORS[s.status] ?? 'gray'} variant="light" data-testid={`session-status-${s.id}`}>
          {t(`channels.status.${s.status}`)}
        </Badge>
      ),
    },
    { key: 'number', header: t('platformOps.sessions.number'), render: (s) => s.number ?? '—' },
    {
      key: 'activity',
      header: t('platformOps.sessions.lastActivity'),
      render: (s) => (s.lastActivityAt ? formatDateTime(s.lastActivityAt) : '—'),
    },
    {
      key: 'node',
      header: t('platformOps.sessions.node'),
      render: (s) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {s.node ?? t('platformOps.sessions.noNode')}
        </Text>
      ),
    },
  ];

  return (
    <Stack data-testid={`sessions-page-${scope}`}>
      <Title order={2}>{t(scope === 'platform' ? 'platformOps.sessions.title' : 'platformOps.sessions.titleTenant')}</Title>
      <Text size="sm" c="dimmed">
        {t('platformOps.sessions.help')}
      </Text>
      {sessions.isError && <QueryError error={sessions.error} onRetry={() => void sessions.refetch()} />}
      <DataTable
        columns={columns}
        rows={sessions.data}
        rowKey={(s) => s.id}
        testId="sessions-table"
        rowTestId={(s) => `session-${s.id}`}
        minWidth={900}
        actions={(s) => (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} />}
              loading={control.isPending}
              onClick={() => run(s, 'restart')}
              data-testid={`session-restart-${s.id}`}
            >
              {t('platformOps.sessions.restart')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconPlugOff size={14} />}
              onClick={() => setDisconnecting(s)}
              data-testid={`session-disconnect-${s.id}`}
            >
              {t('platformOps.sessions.disconnect')}
            </Button>
          </Group>
        )}
      />
      <ConfirmModal
        opened={disconnecting !== null}
        title={t('platformOps.sessions.disconnectTitle')}
        message={t('platformOps.sessions.disconnectConfirm', { name: disconnecting?.name ?? '' })}
        confirmLabel={t('platformOps.sessions.disconnect')}
        loading={control.isPending}
        onConfirm={() => disconnecting && run(disconnecting, 'disconnect')}
        onClose={() => setDisconnecting(null)}
      />
    </Stack>
  );
}

export function PlatformSessionsPage() {
  return <ChannelSessions scope="platform" />;
}

export function TenantSessionsPage() {
  return <ChannelSessions scope="tenant" />;
}
