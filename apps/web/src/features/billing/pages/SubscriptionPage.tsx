import type { Payment } from '@conversa/shared';
import { Alert, Anchor, Badge, Button, Card, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isPlatformAdmin, PATHS } from '../../../app/paths';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { QueryError } from '../../../components/QueryError';
import { formatDate, formatMoney } from '../../../lib/format';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/useSession';
import { useBillingOverview, useChangePlan, usePlanChoices, useSubscription, useSubscriptionStatus } from '../api';
import { formatDueDate, PaymentStatusBadge } from '../components/PaymentStatusBadge';

/**
 * `assinatura` (SPEC §6: the superadmin's landing; the company's subscription for its admins): the
 * platform at a glance for the platform superadmin, else the company's plan, state and payments.
 */
export function SubscriptionPage() {
  const session = useSession();
  if (isPlatformAdmin(session?.profile, session?.tenantId)) return <PlatformOverview />;
  if (session?.profile === 'admin' || session?.profile === 'superadmin') return <TenantSubscription />;
  return <SubscriptionStatusOnly />;
}

function SubscriptionStatusOnly() {
  const { t } = useTranslation();
  const status = useSubscriptionStatus();
  return (
    <Stack>
      <Title order={2}>{t('billing.title')}</Title>
      {status.data?.blocked ? (
        <Alert color="red" data-testid="subscription-blocked">
          {t('errors.ERR_TENANT_OVERDUE')} {t('billingNotice.askAdmin')}
        </Alert>
      ) : (
        <Text c="dimmed">{t('billing.askAdmin')}</Text>
      )}
    </Stack>
  );
}

function paymentColumns(t: TFunction, withTenant: boolean): DataColumn<Payment>[] {
  return [
    ...(withTenant ? [{ key: 'tenant', header: t('billing.tenant'), render: (p: Payment) => p.tenantName }] : []),
    { key: 'due', header: t('billing.dueDate'), render: (p) => formatDueDate(p.dueDate) },
    { key: 'value', header: t('billing.value'), render: (p) => formatMoney(p.value) },
    { key: 'status', header: t('billing.status'), render: (p) => <PaymentStatusBadge status={p.status} /> },
    { key: 'paid', header: t('billing.paidAt'), render: (p) => (p.paidAt ? formatDate(p.paidAt) : '') },
  ];
}

/** The company's plan, state, plan change and payments with their pay links; also on /configuracoesbloqueio (`embedded`: no title, no blocked alert of its own). */
export function TenantSubscription({ embedded = false }: { embedded?: boolean }) {
  const { t } = useTranslation();
  const subscription = useSubscription();
  const plans = usePlanChoices();
  const change = useChangePlan();
  const [planId, setPlanId] = useState<string | null>(null);
  const data = subscription.data;

  const changePlan = () => {
    if (!planId) return;
    change.mutate(Number(planId), {
      onSuccess: () => {
        notifySuccess(t('billing.planChanged'));
        setPlanId(null);
      },
      onError: (error) => notifyApiError(error, 'billing-change-plan'),
    });
  };

  return (
    <Stack>
      {!embedded && <Title order={2}>{t('billing.title')}</Title>}
      {subscription.isError && <QueryError error={subscription.error} onRetry={() => void subscription.refetch()} />}
      {data && (
        <>
          {data.blocked && !embedded && (
            <Alert color="red" data-testid="subscription-blocked">
              {t('errors.ERR_TENANT_OVERDUE')} {t('billing.payBelow')}
            </Alert>
          )}
          <Card withBorder data-testid="subscription-card">
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap">
                <Text fw={600} data-testid="subscription-plan">
                  {data.plan ? `${data.plan.name} — ${formatMoney(data.plan.value)} ${t('billing.perMonth')}` : t('billing.noPlan')}
                </Text>
                <Badge data-testid="subscription-status" color={data.blocked ? 'red' : data.status === 'trial' ? 'blue' : 'green'}>
                  {t(`billing.status_${data.status}`)}
                </Badge>
              </Group>
              {data.trialEndsAt && data.trialDaysLeft !== null && data.status === 'trial' && (
                <Text data-testid="subscription-trial">{t('billingNotice.trialDaysLeft', { count: data.trialDaysLeft })}</Text>
              )}
              {data.plan && (
                <Text size="sm" c="dimmed">
                  {t('billing.limits', { users: data.plan.users, connections: data.plan.connections })}
                </Text>
              )}
              <Group align="end" wrap="wrap">
                <Select
                  label={t('billing.changePlan')}
                  data-testid="subscription-plan-select"
                  data={(plans.data ?? [])
                    .filter((plan) => plan.id !== data.plan?.id)
                    .map((plan) => ({ value: String(plan.id), label: `${plan.name} — ${formatMoney(plan.value)}` }))}
                  value={planId}
                  onChange={setPlanId}
                  placeholder={t('billing.choosePlan')}
                  w={{ base: '100%', sm: 320 }}
                />
                <Button onClick={changePlan} disabled={!planId} loading={change.isPending} data-testid="subscription-plan-save">
                  {t('billing.changePlanButton')}
                </Button>
              </Group>
            </Stack>
          </Card>
          <Title order={3}>{t('billing.payments')}</Title>
          <DataTable
            testId="subscription-payments"
            rows={data.payments}
            rowKey={(p) => p.id}
            rowTestId={(p) => `payment-row-${p.id}`}
            columns={paymentColumns(t, false)}
            actions={(p) =>
              p.status !== 'received' && p.link ? (
                <Button component="a" href={p.link} target="_blank" rel="noopener noreferrer" size="xs" data-testid={`payment-pay-${p.id}`}>
                  {t('billing.pay')}
                </Button>
              ) : null
            }
          />
        </>
      )}
    </Stack>
  );
}

function PlatformOverview() {
  const { t } = useTranslation();
  const overview = useBillingOverview();
  const data = overview.data;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('billing.overviewTitle')}</Title>
        <Anchor component={Link} to={PATHS.tenantPayments} data-testid="overview-payments-link">
          {t('billing.allPayments')}
        </Anchor>
      </Group>
      {overview.isError && <QueryError error={overview.error} onRetry={() => void overview.refetch()} />}
      {data && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Card withBorder>
              <Text size="sm" c="dimmed">
                {t('billing.mrr')}
              </Text>
              <Text fw={700} size="xl" data-testid="overview-mrr">
                {formatMoney(data.mrr)}
              </Text>
            </Card>
            <Card withBorder>
              <Text size="sm" c="dimmed">
                {t('billing.trialsEndingThisWeek')}
              </Text>
              <Text fw={700} size="xl" data-testid="overview-trials">
                {data.trialsEndingThisWeek.length}
              </Text>
            </Card>
            <Card withBorder>
              <Text size="sm" c="dimmed">
                {t('billing.overduePayments')}
              </Text>
              <Text fw={700} size="xl" data-testid="overview-overdue">
                {data.overduePayments.length}
              </Text>
            </Card>
          </SimpleGrid>
          <Title order={3}>{t('billing.tenantsByPlan')}</Title>
          <Table.ScrollContainer minWidth={480}>
            <Table data-testid="overview-plans">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('billing.plan')}</Table.Th>
                  <Table.Th>{t('billing.total')}</Table.Th>
                  <Table.Th>{t('billing.status_trial')}</Table.Th>
                  <Table.Th>{t('billing.status_active')}</Table.Th>
                  <Table.Th>{t('billing.status_blocked')}</Table.Th>
                  <Table.Th>{t('billing.inactive')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.tenantsByPlan.map((row) => (
                  <Table.Tr key={row.planId ?? 'none'}>
                    <Table.Td>{row.planName ?? t('billing.noPlan')}</Table.Td>
                    <Table.Td>{row.total}</Table.Td>
                    <Table.Td>{row.trial}</Table.Td>
                    <Table.Td>{row.active}</Table.Td>
                    <Table.Td>{row.blocked}</Table.Td>
                    <Table.Td>{row.inactive}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Title order={3}>{t('billing.trialsEndingThisWeek')}</Title>
          {data.trialsEndingThisWeek.length === 0 ? (
            <Text c="dimmed">{t('billing.none')}</Text>
          ) : (
            <Stack gap={4} data-testid="overview-trial-list">
              {data.trialsEndingThisWeek.map((trial) => (
                <Text key={trial.tenantId}>
                  {trial.name} — {formatDate(trial.trialEndsAt)}
                </Text>
              ))}
            </Stack>
          )}
          <Title order={3}>{t('billing.overduePayments')}</Title>
          <DataTable
            testId="overview-overdue-payments"
            rows={data.overduePayments}
            rowKey={(p) => p.id}
            columns={paymentColumns(t, true)}
          />
        </>
      )}
    </Stack>
  );
}
