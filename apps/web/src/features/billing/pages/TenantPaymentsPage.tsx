import { BILLING_TYPES, PAYMENT_STATUSES, type BillingProvider, type BillingType, type Payment, type PaymentStatus } from '@conversa/shared';
import { Button, Group, Modal, PasswordInput, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { QueryError } from '../../../components/QueryError';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useTenants } from '../../tenants/api';
import { useBillingProvider, useMarkReceived, useSaveBillingProvider, useTenantPayments } from '../api';
import { formatDueDate, PaymentStatusBadge } from '../components/PaymentStatusBadge';

/** /pagamentostenants (platform superadmin): every company's payments, filters, manual receipt, the payment provider. */
export function TenantPaymentsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<PaymentStatus | undefined>(undefined);
  const [tenantId, setTenantId] = useState<number | undefined>(undefined);
  const [pageNumber, setPageNumber] = useState(1);
  const payments = useTenantPayments({ status, tenantId, pageNumber });
  const tenants = useTenants();
  const mark = useMarkReceived();
  const [marking, setMarking] = useState<Payment | null>(null);
  const [providerOpen, setProviderOpen] = useState(false);

  const confirmMark = () => {
    if (!marking) return;
    mark.mutate(marking.id, {
      onSuccess: () => {
        notifySuccess(t('billing.markedReceived'));
        setMarking(null);
      },
      onError: (error) => notifyApiError(error, 'billing-mark-received'),
    });
  };

  const columns: DataColumn<Payment>[] = [
    { key: 'tenant', header: t('billing.tenant'), render: (p) => p.tenantName },
    { key: 'plan', header: t('billing.plan'), render: (p) => p.planName ?? '' },
    { key: 'due', header: t('billing.dueDate'), render: (p) => formatDueDate(p.dueDate) },
    { key: 'value', header: t('billing.value'), render: (p) => formatMoney(p.value) },
    { key: 'status', header: t('billing.status'), render: (p) => <PaymentStatusBadge status={p.status} /> },
    {
      key: 'paid',
      header: t('billing.paidAt'),
      render: (p) =>
        p.paidAt ? `${formatDateTime(p.paidAt)}${p.receivedManuallyBy ? ` (${t('billing.byHand', { name: p.receivedManuallyBy })})` : ''}` : '',
    },
  ];

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('billing.paymentsTitle')}</Title>
        <Button variant="light" onClick={() => setProviderOpen(true)} data-testid="billing-provider-open">
          {t('billing.provider.title')}
        </Button>
      </Group>
      <Group wrap="wrap">
        <Select
          label={t('billing.status')}
          data-testid="payments-filter-status"
          clearable
          data={PAYMENT_STATUSES.map((value) => ({ value, label: t(`billing.paymentStatus.${value}`) }))}
          value={status ?? null}
          onChange={(value) => {
            setStatus(value ?? undefined);
            setPageNumber(1);
          }}
          w={{ base: '100%', sm: 200 }}
        />
        <Select
          label={t('billing.tenant')}
          data-testid="payments-filter-tenant"
          clearable
          searchable
          data={(tenants.data ?? []).filter((tenant) => tenant.id !== 1).map((tenant) => ({ value: String(tenant.id), label: tenant.name }))}
          value={tenantId ? String(tenantId) : null}
          onChange={(value) => {
            setTenantId(value ? Number(value) : undefined);
            setPageNumber(1);
          }}
          w={{ base: '100%', sm: 280 }}
        />
      </Group>
      {payments.isError && <QueryError error={payments.error} onRetry={() => void payments.refetch()} />}
      <DataTable
        testId="tenant-payments"
        rows={payments.data?.payments}
        rowKey={(p) => p.id}
        rowTestId={(p) => `tenant-payment-${p.id}`}
        columns={columns}
        minWidth={760}
        actions={(p) => (
          <>
            {p.link && (
              <Button component="a" href={p.link} target="_blank" rel="noopener noreferrer" size="xs" variant="light">
                {t('billing.openLink')}
              </Button>
            )}
            {p.status !== 'received' && (
              <Button size="xs" variant="light" color="green" onClick={() => setMarking(p)} data-testid={`payment-mark-${p.id}`}>
                {t('billing.markReceived')}
              </Button>
            )}
          </>
        )}
      />
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="payments-count">
          {t('billing.count', { count: payments.data?.count ?? 0 })}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" disabled={pageNumber === 1} onClick={() => setPageNumber((n) => n - 1)}>
            {t('billing.previous')}
          </Button>
          <Button size="xs" variant="default" disabled={!payments.data?.hasMore} onClick={() => setPageNumber((n) => n + 1)}>
            {t('billing.next')}
          </Button>
        </Group>
      </Group>
      <ConfirmModal
        opened={marking !== null}
        title={t('billing.markReceivedTitle')}
        message={t('billing.markReceivedConfirm', {
          tenant: marking?.tenantName ?? '',
          value: marking ? formatMoney(marking.value) : '',
          due: marking ? formatDueDate(marking.dueDate) : '',
        })}
        confirmLabel={t('billing.markReceived')}
        confirmColor="green"
        loading={mark.isPending}
        onConfirm={confirmMark}
        onClose={() => setMarking(null)}
      />
      {providerOpen && <BillingProviderModal onClose={() => setProviderOpen(false)} />}
    </Stack>
  );
}

/** The platform's payment provider (Asaas): base URL, API key and webhook token (masked once stored), billing type, on/off. */
function BillingProviderModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const provider = useBillingProvider();
  return (
    <Modal opened onClose={onClose} title={t('billing.provider.title')} size="lg">
      {provider.isError && <QueryError error={provider.error} onRetry={() => void provider.refetch()} />}
      {provider.data && <BillingProviderForm initial={provider.data} onClose={onClose} />}
    </Modal>
  );
}

function BillingProviderForm({ initial, onClose }: { initial: BillingProvider; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveBillingProvider();
  const [baseUrl, setBaseUrl] = useState(initial.baseUrl || 'https://api.asaas.com/v3');
  const [apiKey, setApiKey] = useState(initial.apiKey);
  const [webhookToken, setWebhookToken] = useState(initial.webhookToken);
  const [billingType, setBillingType] = useState<BillingType>(initial.billingType);
  const [active, setActive] = useState(initial.active);

  const submit = () =>
    save.mutate(
      { baseUrl, apiKey, webhookToken, billingType, active },
      {
        onSuccess: () => {
          notifySuccess(t('common.saved'));
          onClose();
        },
        onError: (error) => notifyApiError(error, 'billing-provider-save'),
      },
    );

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('billing.provider.help')}
      </Text>
      <TextInput label={t('billing.provider.baseUrl')} value={baseUrl} onChange={(e) => setBaseUrl(e.currentTarget.value)} data-testid="provider-base-url" />
      <PasswordInput label={t('billing.provider.apiKey')} value={apiKey} onChange={(e) => setApiKey(e.currentTarget.value)} data-testid="provider-api-key" />
      <PasswordInput
        label={t('billing.provider.webhookToken')}
        value={webhookToken}
        onChange={(e) => setWebhookToken(e.currentTarget.value)}
        data-testid="provider-webhook-token"
      />
      <Text size="sm" data-testid="provider-webhook-url">
        {t('billing.provider.webhookUrl')}: <code>{initial.webhookUrl}</code>
      </Text>
      <Select
        label={t('billing.provider.billingType')}
        data={BILLING_TYPES.map((value) => ({ value, label: t(`billing.billingType.${value}`) }))}
        value={billingType}
        onChange={(value) => value && setBillingType(value)}
        allowDeselect={false}
      />
      <Switch label={t('billing.provider.active')} checked={active} onChange={(e) => setActive(e.currentTarget.checked)} data-testid="provider-active" />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={submit} loading={save.isPending} data-testid="provider-save">
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}
