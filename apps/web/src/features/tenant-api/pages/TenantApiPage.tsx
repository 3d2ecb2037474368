import { TENANT_API_OPENAPI_PATH, type TenantApi, type TenantApiWithToken } from '@conversa/shared';
import { Anchor, Badge, Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconFileCode, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { QueryError } from '../../../components/QueryError';
import { formatDate } from '../../../lib/format';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useDeleteTenantApi, useRenewTenantApiToken, useSetTenantApiActive, useTenantApis } from '../api';
import { TenantApiFormModal } from '../components/TenantApiFormModal';
import { TenantApiLogsModal } from '../components/TenantApiLogsModal';
import { TokenOnceModal } from '../components/TokenOnceModal';

type Confirming = { kind: 'renew' | 'delete'; api: TenantApi };

/**
 * /tenantApi (platform superadmin): tokens for resellers' systems to create and manage companies
 * through `/v1/api/admin/{id}` — each token manages only the companies it created.
 */
export function TenantApiPage() {
  const { t } = useTranslation();
  const apis = useTenantApis();
  const setActive = useSetTenantApiActive();
  const renew = useRenewTenantApiToken();
  const remove = useDeleteTenantApi();
  const [editing, setEditing] = useState<TenantApi | null | undefined>(undefined);
  const [shown, setShown] = useState<TenantApiWithToken | null>(null);
  const [logsOf, setLogsOf] = useState<TenantApi | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);

  const confirm = () => {
    if (!confirming) return;
    const { kind, api } = confirming;
    const onError = (error: unknown) => notifyApiError(error, `tenant-api-${kind}-error`);
    if (kind === 'renew') {
      renew.mutate(api.id, { onSuccess: (renewed) => (setConfirming(null), setShown(renewed)), onError });
    } else {
      remove.mutate(api.id, { onSuccess: () => (setConfirming(null), notifySuccess(t('common.deleted'))), onError });
    }
  };

  const columns: DataColumn<TenantApi>[] = [
    { key: 'name', header: t('tenantApi.name'), primary: true, render: (api) => api.name },
    {
      key: 'token',
      header: t('tenantApi.token'),
      render: (api) => (
        <Text ff="monospace" size="sm">
          {api.tokenMasked}
        </Text>
      ),
    },
    {
      key: 'basePath',
      header: t('tenantApi.baseUrl'),
      render: (api) => (
        <Text ff="monospace" size="xs">
          {api.basePath}
        </Text>
      ),
    },
    { key: 'tenants', header: t('tenantApi.tenants'), render: (api) => <Badge variant="light">{api.tenantCount}</Badge> },
    {
      key: 'active',
      header: t('tenantApi.active'),
      render: (api) => (
        <Switch
          checked={api.active}
          aria-label={t('tenantApi.active')}
          data-testid={`tenant-api-toggle-${api.id}`}
          onChange={() => setActive.mutate(api, { onError: (error) => notifyApiError(error, 'tenant-api-active-error') })}
        />
      ),
    },
    { key: 'createdAt', header: t('tenantApi.createdAt'), render: (api) => formatDate(api.createdAt) },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('tenantApi.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)} data-testid="tenant-api-new">
          {t('tenantApi.new')}
        </Button>
      </Group>
      <Text c="dimmed" size="sm">
        {t('tenantApi.intro')}{' '}
        <Anchor href={TENANT_API_OPENAPI_PATH} target="_blank" rel="noreferrer" data-testid="tenant-api-docs">
          <IconFileCode size={14} /> {t('tenantApi.docs')}
        </Anchor>
      </Text>

      {apis.isError && <QueryError error={apis.error} onRetry={() => void apis.refetch()} />}
      {apis.data?.length === 0 && (
        <Text c="dimmed" data-testid="tenant-api-empty">
          {t('tenantApi.empty')}
        </Text>
      )}
      {!!apis.data?.length && (
        <DataTable
          testId="tenant-api-table"
          minWidth={860}
          rows={apis.data}
          rowKey={(api) => api.id}
          rowTestId={(api) => `tenant-api-row-${api.id}`}
          columns={columns}
          actions={(api) => (
            <>
              <Button size="xs" variant="light" onClick={() => setLogsOf(api)} data-testid={`tenant-api-logs-${api.id}`}>
                {t('tenantApi.logs')}
              </Button>
              <Button size="xs" variant="light" onClick={() => setEditing(api)} data-testid={`tenant-api-edit-${api.id}`}>
                {t('common.edit')}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="orange"
                onClick={() => setConfirming({ kind: 'renew', api })}
                data-testid={`tenant-api-renew-${api.id}`}
              >
                {t('tenantApi.renew')}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => setConfirming({ kind: 'delete', api })}
                data-testid={`tenant-api-delete-${api.id}`}
              >
                {t('common.delete')}
              </Button>
            </>
          )}
        />
      )}

      {editing !== undefined && <TenantApiFormModal api={editing} onClose={() => setEditing(undefined)} onCreated={setShown} />}
      {shown && <TokenOnceModal api={shown} onClose={() => setShown(null)} />}
      {logsOf && <TenantApiLogsModal api={logsOf} onClose={() => setLogsOf(null)} />}
      <ConfirmModal
        opened={confirming !== null}
        title={confirming?.kind === 'renew' ? t('tenantApi.renewTitle') : t('tenantApi.deleteTitle')}
        message={t(confirming?.kind === 'renew' ? 'tenantApi.renewConfirm' : 'tenantApi.deleteConfirm', {
          name: confirming?.api.name ?? '',
        })}
        confirmLabel={confirming?.kind === 'renew' ? t('tenantApi.renew') : undefined}
        loading={renew.isPending || remove.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
