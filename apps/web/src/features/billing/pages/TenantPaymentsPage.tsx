import { PAYMENT_STATUSES, type Payment, type PaymentStatus } from '@conversa/shared';
import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../app/paths';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { QueryError } from '../../../components/QueryError';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useTenants } from '../../tenants/api';
import { useMarkReceived, useTenantPayments } from '../api';
import { formatDueDate, PaymentStatusBadge } from '../components/PaymentStatusBadge';

/** /pagamentostenants (platform superadmin): every company's payments, filters, manual receipt, and the way to the payment provider's settings. */
export function TenantPaymentsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<PaymentStatus | undefined>(undefined);
  const [tenantId, setTenantId] = useState<number | undefined>(undefined);
  const [pageNumber, setPageNumber] = useState(1);
  const payments = useTenantPayments({ status, tenantId, pageNumber });
  const tenants = useTenants();
  const mark = useMarkReceived();
  const [marking, setMarking] = useState<Payment | null>(null);

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
        p.paidAt
          ? `${formatDateTime(p.paidAt)}${p.receivedManuallyBy ? ` (${t('billing.byHand', { name: p.receivedManuallyBy })})` : ''}`
          : '',
    },
  ];

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('billing.paymentsTitle')}</Title>
        {/* The provider's settings are a settings tab (SPEC §2 /configuracoes/pagamentos). */}
        <Button variant="light" component={Link} to={PATHS.settingsPayments} data-testid="billing-provider-open">
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
          data={(tenants.data ?? [])
            .filter((tenant) => tenant.id !== 1)
            .map((tenant) => ({ value: String(tenant.id), label: tenant.name }))}
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
    </Stack>
  );
}
