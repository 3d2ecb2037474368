import { EXTERNAL_API_PREFIX, type ApiConfig } from '@conversa/shared';
import { Anchor, Badge, Button, Code, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { ListPageHeader } from '../../../components/ListPageHeader';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { PATHS } from '../../../app/paths';
import {
  openApiUrl,
  postmanUrl,
  serverOrigin,
  useApiConfigs,
  useDeleteApiConfig,
  useRenewApiToken,
  useRenewWebhookSecret,
  useSaveApiConfig,
} from '../api';
import { ApiCallLogModal } from '../components/ApiCallLogModal';
import { ApiConfigFormModal } from '../components/ApiConfigFormModal';
import { CopyField } from '../components/CopyField';
import { SecretOnceModal, type RevealedSecrets } from '../components/SecretOnceModal';

type Confirming = { action: 'renewToken' | 'renewSecret' | 'delete'; config: ApiConfig };

/** The address a client (n8n's "Base URL", a CRM) is given: the server, then `/v1/api/external/{apiId}`. */
const baseUrlOf = (config: ApiConfig) => `${serverOrigin()}${config.basePath}`;

/** The settings tab with a configuration's webhook deliveries (`?api=` preselects it). */
export const webhookDeliveriesPath = (config: ApiConfig) => `${PATHS.settings}/webhooks?api=${encodeURIComponent(config.id)}`;

/**
 * /api-service (admins; SPEC §2 work area "API"): the company's API configurations (name, send-by
 * channel, masked token, webhook URL, active), their tokens shown once and regenerated, their call
 * logs, and what a developer needs: the external API's address and its OpenAPI / Postman documents.
 */
export function ApiServicePage() {
  const { t } = useTranslation();
  const configs = useApiConfigs();
  const save = useSaveApiConfig();
  const renewToken = useRenewApiToken();
  const renewSecret = useRenewWebhookSecret();
  const remove = useDeleteApiConfig();
  const [editing, setEditing] = useState<ApiConfig | null | undefined>(undefined);
  const [revealed, setRevealed] = useState<RevealedSecrets | null>(null);
  const [logsOf, setLogsOf] = useState<ApiConfig | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);

  const toggleActive = (config: ApiConfig, active: boolean) =>
    save.mutate(
      { id: config.id, body: { name: config.name, channelId: config.channelId, webhookUrl: config.webhookUrl, active } },
      { onError: (error) => notifyApiError(error, 'api-config-toggle-error') },
    );

  const confirm = () => {
    if (!confirming) return;
    const { action, config } = confirming;
    const onError = (error: unknown) => notifyApiError(error, `api-config-${action}-error`);
    if (action === 'delete') {
      remove.mutate(config.id, {
        onSuccess: () => {
          notifySuccess(t('common.deleted'));
          setConfirming(null);
        },
        onError,
      });
    } else if (action === 'renewToken') {
      renewToken.mutate(config.id, {
        onSuccess: (renewed) => {
          setConfirming(null);
          setRevealed({ name: renewed.name, token: renewed.token });
        },
        onError,
      });
    } else {
      renewSecret.mutate(config.id, {
        onSuccess: (renewed) => {
          setConfirming(null);
          setRevealed({ name: renewed.name, webhookSecret: renewed.webhookSecret });
        },
        onError,
      });
    }
  };

  const columns: DataColumn<ApiConfig>[] = [
    { key: 'name', header: t('apiService.name'), primary: true, render: (config) => config.name },
    { key: 'channel', header: t('apiService.channel'), render: (config) => config.channelName },
    {
      key: 'token',
      header: t('apiService.token'),
      render: (config) => (
        <Code data-testid={`api-config-token-${config.id}`} style={{ whiteSpace: 'nowrap' }}>
          {config.tokenMasked}
        </Code>
      ),
    },
    {
      key: 'webhook',
      header: t('apiService.webhookUrl'),
      render: (config) =>
        config.webhookUrl ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid={`api-config-webhook-${config.id}`}>
            {config.webhookUrl}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('apiService.noWebhook')}
          </Text>
        ),
    },
    {
      key: 'active',
      header: t('apiService.active'),
      render: (config) => (
        <Switch
          checked={config.active}
          onChange={(event) => toggleActive(config, event.currentTarget.checked)}
          aria-label={t('apiService.activeOf', { name: config.name })}
          data-testid={`api-config-active-${config.id}`}
        />
      ),
    },
  ];

  const confirmTexts =
    confirming &&
    {
      renewToken: {
        title: t('apiService.renewTokenTitle'),
        message: t('apiService.renewTokenConfirm', { name: confirming.config.name }),
        label: t('apiService.renewToken'),
      },
      renewSecret: {
        title: t('apiService.renewSecretTitle'),
        message: t('apiService.renewSecretConfirm', { name: confirming.config.name }),
        label: t('apiService.renewSecret'),
      },
      delete: {
        title: t('apiService.deleteTitle'),
        message: t('apiService.deleteConfirm', { name: confirming.config.name }),
        label: t('common.delete'),
      },
    }[confirming.action];

  return (
    <Stack data-testid="api-service-page">
      <ListPageHeader
        title={t('apiService.title')}
        description={t('apiService.help')}
        newLabel={t('apiService.new')}
        onNew={() => setEditing(null)}
        newTestId="api-config-new"
        query={configs}
      />
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Text fw={600}>{t('apiService.baseUrlTitle')}</Text>
          <Text size="sm" c="dimmed">
            {t('apiService.baseUrlHelp')}
          </Text>
          <CopyField value={`${serverOrigin()}${EXTERNAL_API_PREFIX}/{apiId}`} testId="api-base-path" label={t('apiService.copyBaseUrl')} />
          <Group gap="md">
            <Anchor href={openApiUrl()} target="_blank" rel="noreferrer" data-testid="api-openapi-link">
              <Group gap={4} wrap="nowrap">
                <IconExternalLink size={16} />
                {t('apiService.openApi')}
              </Group>
            </Anchor>
            <Anchor href={postmanUrl()} download="conversa-external-api.postman_collection.json" data-testid="api-postman-link">
              <Group gap={4} wrap="nowrap">
                <IconDownload size={16} />
                {t('apiService.postman')}
              </Group>
            </Anchor>
          </Group>
        </Stack>
      </Paper>
      <DataTable
        testId="api-config-table"
        rows={configs.data}
        rowKey={(config) => config.id}
        rowTestId={(config) => `api-config-${config.id}`}
        columns={columns}
        minWidth={760}
        actions={(config) => (
          <Group gap="xs">
            {!config.active && (
              <Badge color="gray" variant="light">
                {t('apiService.inactive')}
              </Badge>
            )}
            <CopyField value={baseUrlOf(config)} testId={`api-config-url-${config.id}`} label={t('apiService.copyBaseUrl')} />
            <Button size="xs" variant="light" onClick={() => setEditing(config)} data-testid={`api-config-edit-${config.id}`}>
              {t('common.edit')}
            </Button>
            <Button size="xs" variant="light" onClick={() => setLogsOf(config)} data-testid={`api-config-logs-${config.id}`}>
              {t('apiService.logs')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="orange"
              onClick={() => setConfirming({ action: 'renewToken', config })}
              data-testid={`api-config-renew-${config.id}`}
            >
              {t('apiService.renewToken')}
            </Button>
            {config.webhookUrl && (
              <>
                <Button
                  size="xs"
                  variant="light"
                  color="orange"
                  onClick={() => setConfirming({ action: 'renewSecret', config })}
                  data-testid={`api-config-renew-secret-${config.id}`}
                >
                  {t('apiService.renewSecret')}
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  component={Link}
                  to={webhookDeliveriesPath(config)}
                  data-testid={`api-config-deliveries-${config.id}`}
                >
                  {t('apiService.deliveries')}
                </Button>
              </>
            )}
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => setConfirming({ action: 'delete', config })}
              data-testid={`api-config-delete-${config.id}`}
            >
              {t('common.delete')}
            </Button>
          </Group>
        )}
      />
      {editing !== undefined && (
        <ApiConfigFormModal
          config={editing}
          onClose={() => setEditing(undefined)}
          onCreated={(created) => setRevealed({ name: created.name, token: created.token, webhookSecret: created.webhookSecret })}
        />
      )}
      {revealed && <SecretOnceModal secrets={revealed} onClose={() => setRevealed(null)} />}
      {logsOf && <ApiCallLogModal config={logsOf} onClose={() => setLogsOf(null)} />}
      <ConfirmModal
        opened={confirming !== null}
        title={confirmTexts?.title ?? ''}
        message={confirmTexts?.message ?? ''}
        confirmLabel={confirmTexts?.label}
        confirmColor={confirming?.action === 'delete' ? 'red' : 'orange'}
        loading={remove.isPending || renewToken.isPending || renewSecret.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
