import { BILLING_TYPES, type BillingProvider, type BillingType } from '@conversa/shared';
import { Button, Group, PasswordInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useSaveBillingProvider } from '../api';

/** The platform's payment provider (Asaas): base URL, API key and webhook token (masked once stored), billing type, on/off. */
export function BillingProviderForm({ initial }: { initial: BillingProvider }) {
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
        onSuccess: () => notifySuccess(t('common.saved')),
        onError: (error) => notifyApiError(error, 'billing-provider-save'),
      },
    );

  return (
    <Stack maw={640} data-testid="billing-provider-form">
      <Text size="sm" c="dimmed">
        {t('billing.provider.help')}
      </Text>
      <TextInput
        label={t('billing.provider.baseUrl')}
        value={baseUrl}
        onChange={(e) => setBaseUrl(e.currentTarget.value)}
        data-testid="provider-base-url"
      />
      <PasswordInput
        label={t('billing.provider.apiKey')}
        value={apiKey}
        onChange={(e) => setApiKey(e.currentTarget.value)}
        data-testid="provider-api-key"
      />
      <PasswordInput
        label={t('billing.provider.webhookToken')}
        value={webhookToken}
        onChange={(e) => setWebhookToken(e.currentTarget.value)}
        data-testid="provider-webhook-token"
      />
      <Text size="sm" data-testid="provider-webhook-url" style={{ overflowWrap: 'anywhere' }}>
        {t('billing.provider.webhookUrl')}: <code>{initial.webhookUrl}</code>
      </Text>
      <Select
        label={t('billing.provider.billingType')}
        data={BILLING_TYPES.map((value) => ({ value, label: t(`billing.billingType.${value}`) }))}
        value={billingType}
        onChange={(value) => value && setBillingType(value)}
        allowDeselect={false}
        data-testid="provider-billing-type"
      />
      <Switch
        label={t('billing.provider.active')}
        checked={active}
        onChange={(e) => setActive(e.currentTarget.checked)}
        data-testid="provider-active"
      />
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending} data-testid="provider-save">
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}
