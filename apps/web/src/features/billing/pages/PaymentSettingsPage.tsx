import type { BillingDetails } from '@conversa/shared';
import { Alert, Button, Card, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isPlatformAdmin, PATHS } from '../../../app/paths';
import { QueryError } from '../../../components/QueryError';
import { formatMoney } from '../../../lib/format';
import { useSession } from '../../../lib/useSession';
import { useBillingDetails, useBillingProvider } from '../api';
import { BillingProviderForm } from '../components/BillingProviderForm';
import { formatDueDate } from '../components/PaymentStatusBadge';

/**
 * /configuracoes/pagamentos (SPEC §2's `pagamentos` settings tab): the platform superadmin sets the
 * payment provider here (once a modal on /pagamentostenants, which now links here); a company's
 * admins see how their company is billed, read-only (plan, billed or exempt, the customer id at the
 * provider, how the last charge was paid).
 */
export function PaymentSettingsPage() {
  const session = useSession();
  return isPlatformAdmin(session?.profile, session?.tenantId) ? <ProviderSettings /> : <CompanyBilling />;
}

function ProviderSettings() {
  const { t } = useTranslation();
  const provider = useBillingProvider();
  return (
    <Stack data-testid="payment-settings-provider">
      <Title order={3}>{t('billing.provider.title')}</Title>
      {provider.isError && <QueryError error={provider.error} onRetry={() => void provider.refetch()} />}
      {provider.isPending && <Loader size="sm" />}
      {provider.data && <BillingProviderForm initial={provider.data} />}
    </Stack>
  );
}

function Field({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

function lastMethodText(details: BillingDetails, t: ReturnType<typeof useTranslation>['t']): string {
  const last = details.lastPaymentMethod;
  if (!last) return t('billing.details.noPayment');
  const method = ['BOLETO', 'PIX', 'CREDIT_CARD'].includes(last.billingType)
    ? t(`billing.billingType.${last.billingType}`)
    : t('billing.details.methodUnknown');
  return t('billing.details.lastMethodValue', {
    method,
    value: last.value === null ? '' : formatMoney(last.value),
    date: last.paidOn ? formatDueDate(last.paidOn) : '',
  });
}

function CompanyBilling() {
  const { t } = useTranslation();
  const details = useBillingDetails();
  const data = details.data;
  return (
    <Stack data-testid="payment-settings-company">
      <Title order={3}>{t('billing.details.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('billing.details.help')}
      </Text>
      {details.isError && <QueryError error={details.error} onRetry={() => void details.refetch()} />}
      {details.isPending && <Loader size="sm" />}
      {data && (
        <Card withBorder>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Field
              label={t('billing.details.plan')}
              value={data.plan ? `${data.plan.name} — ${formatMoney(data.plan.value)} ${t('billing.perMonth')}` : t('billing.noPlan')}
              testId="billing-details-plan"
            />
            <Field
              label={t('billing.details.billed')}
              value={data.billed ? t('billing.details.billedYes') : t('billing.details.billedNo')}
              testId="billing-details-billed"
            />
            <Field
              label={t('billing.details.customerId')}
              value={data.customerId ?? t('billing.details.noCustomer')}
              testId="billing-details-customer"
            />
            <Field label={t('billing.details.lastMethod')} value={lastMethodText(data, t)} testId="billing-details-method" />
          </SimpleGrid>
        </Card>
      )}
      {data?.providerUnavailable && (
        <Alert color="yellow" data-testid="billing-details-unavailable">
          {t('billing.details.providerUnavailable')}
        </Alert>
      )}
      <div>
        <Button component={Link} to={PATHS.subscription} variant="light" data-testid="billing-details-subscription">
          {t('billing.details.goSubscription')}
        </Button>
      </div>
    </Stack>
  );
}
