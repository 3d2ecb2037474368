import { SMS_SECRET_MASK, smsSettingsBodySchema, TWILIO_DEFAULT_BASE_URL, type SmsSettings, type SmsSettingsBody } from '@conversa/shared';
import { Alert, Card, Loader, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsCardHeader } from '../../../components/SettingsCardHeader';
import { SettingsFormActions } from '../../../components/SettingsFormActions';
import { QueryError } from '../../../components/QueryError';
import { errorMessage, fieldErrors, hasErrorCode, isApiError } from '../../../lib/errors';
import { schemaValidator } from '../../../lib/form-validation';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useRemoveSmsSettings, useSaveSmsSettings, useSmsSettings, useTestSmsConnection } from '../api';

interface SmsSettingsValues {
  accountSid: string;
  authToken: string;
  sender: 'number' | 'service';
  fromNumber: string;
  messagingServiceSid: string;
  baseUrl: string;
}

/** The request body the shared schema checks and the save and the test send. */
function smsSettingsBody(values: SmsSettingsValues): SmsSettingsBody {
  return {
    accountSid: values.accountSid.trim(),
    authToken: values.authToken.trim(),
    fromNumber: values.sender === 'number' ? values.fromNumber.trim() : null,
    messagingServiceSid: values.sender === 'service' ? values.messagingServiceSid.trim() : null,
    baseUrl: values.baseUrl.trim() || TWILIO_DEFAULT_BASE_URL,
  };
}

/** /configuracoes/sms: the tenant's SMS provider (Twilio), for the SMS modal of the chat and mass sending. */
export function SmsSettingsPage() {
  const settings = useSmsSettings();
  if (settings.isPending) return <Loader />;
  if (settings.isError) return <QueryError error={settings.error} onRetry={() => void settings.refetch()} />;
  // A new form once saved or removed: its values are the stored ones.
  return <SmsSettingsForm key={settings.data.updatedAt ?? 'none'} settings={settings.data} />;
}

type TestOutcome = { ok: true; accountName: string; accountStatus: string } | { ok: false; message: string };

function SmsSettingsForm({ settings }: { settings: SmsSettings }) {
  const { t } = useTranslation();
  const save = useSaveSmsSettings();
  const remove = useRemoveSmsSettings();
  const test = useTestSmsConnection();
  const [formError, setFormError] = useState<string | null>(null);
  const [tested, setTested] = useState<TestOutcome | null>(null);

  const form = useForm<SmsSettingsValues>({
    initialValues: {
      accountSid: settings.accountSid,
      authToken: settings.authToken,
      sender: settings.messagingServiceSid ? 'service' : 'number',
      fromNumber: settings.fromNumber ?? '',
      messagingServiceSid: settings.messagingServiceSid ?? '',
      baseUrl: settings.baseUrl,
    },
    validate: schemaValidator(smsSettingsBodySchema, smsSettingsBody, {
      ruleMessages: {
        accountSid: t('sms.settings.accountSidRule'),
        authToken: t('sms.settings.authTokenRule'),
        fromNumber: t('sms.settings.fromNumberRule'),
        messagingServiceSid: t('sms.settings.serviceSidRule'),
      },
    }),
  });

  const refused = (error: unknown) => {
    form.setErrors(fieldErrors(error));
    setFormError(errorMessage(error));
  };

  const submit = form.onSubmit((values) => {
    setFormError(null);
    save.mutate(smsSettingsBody(values), {
      onSuccess: () => notifySuccess(t('common.saved')),
      onError: (error) => {
        refused(error);
        notifyApiError(error, 'sms-settings-error');
      },
    });
  });

  const runTest = () => {
    setTested(null);
    if (form.validate().hasErrors) return;
    test.mutate(smsSettingsBody(form.values), {
      onSuccess: (answer) => setTested(answer),
      onError: (error) => {
        if (hasErrorCode(error, 'ERR_VALIDATION')) refused(error);
        // The provider's own words (its error code and reason) say what to fix.
        const detail =
          isApiError(error) && (hasErrorCode(error, 'ERR_SMS_PROVIDER_REFUSED') || hasErrorCode(error, 'ERR_SMS_PROVIDER_UNREACHABLE'))
            ? error.message
            : '';
        setTested({ ok: false, message: [errorMessage(error), detail].filter(Boolean).join(' ') });
      },
    });
  };

  const storedToken = settings.authToken === SMS_SECRET_MASK;

  return (
    <Card withBorder padding="lg" maw={720}>
      <form onSubmit={submit} noValidate data-testid="sms-settings-form">
        <Stack>
          <SettingsCardHeader
            title={t('sms.settings.title')}
            configured={settings.configured}
            status={{ configured: t('sms.settings.configured'), notConfigured: t('sms.settings.notConfigured') }}
            statusTestId="sms-settings-status"
            intro={t('sms.settings.intro')}
          />
          <TextInput
            label={t('sms.settings.accountSid')}
            description={t('sms.settings.accountSidHint')}
            placeholder="AC…"
            required
            autoComplete="off"
            data-testid="sms-account-sid"
            {...form.getInputProps('accountSid')}
          />
          <PasswordInput
            label={t('sms.settings.authToken')}
            description={t(storedToken ? 'sms.settings.authTokenKept' : 'sms.settings.authTokenHint')}
            required
            autoComplete="new-password"
            data-testid="sms-auth-token"
            {...form.getInputProps('authToken')}
            // A stored token shows masked; typing replaces the whole mask.
            onFocus={() => {
              if (form.values.authToken === SMS_SECRET_MASK) form.setFieldValue('authToken', '');
            }}
            onBlur={() => {
              if (storedToken && form.values.authToken === '') form.setFieldValue('authToken', SMS_SECRET_MASK);
            }}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('sms.settings.sender')}
            </Text>
            <SegmentedControl
              data={[
                { value: 'number', label: t('sms.settings.senderNumber') },
                { value: 'service', label: t('sms.settings.senderService') },
              ]}
              data-testid="sms-sender-kind"
              {...form.getInputProps('sender')}
            />
          </Stack>
          {form.values.sender === 'number' ? (
            <TextInput
              label={t('sms.settings.fromNumber')}
              description={t('sms.settings.fromNumberHint')}
              placeholder="+5511999998888"
              required
              inputMode="tel"
              data-testid="sms-from-number"
              {...form.getInputProps('fromNumber')}
            />
          ) : (
            <TextInput
              label={t('sms.settings.serviceSid')}
              description={t('sms.settings.serviceSidHint')}
              placeholder="MG…"
              required
              data-testid="sms-service-sid"
              {...form.getInputProps('messagingServiceSid')}
            />
          )}
          <TextInput
            label={t('sms.settings.baseUrl')}
            description={t('sms.settings.baseUrlHint')}
            placeholder={TWILIO_DEFAULT_BASE_URL}
            data-testid="sms-base-url"
            {...form.getInputProps('baseUrl')}
          />
          {tested &&
            (tested.ok ? (
              <Alert color="teal" icon={<IconCircleCheck size={18} />} data-testid="sms-test-result">
                {t('sms.settings.testOk', { name: tested.accountName, status: tested.accountStatus })}
              </Alert>
            ) : (
              <Alert color="red" data-testid="sms-test-result">
                {tested.message}
              </Alert>
            ))}
          <SettingsFormActions
            testIdPrefix="sms"
            formError={formError}
            errorTestId="sms-settings-error"
            configured={settings.configured}
            remove={{
              label: t('sms.settings.remove'),
              title: t('sms.settings.removeTitle'),
              message: t('sms.settings.removeConfirm'),
              removed: t('sms.settings.removed'),
              mutation: remove,
            }}
            test={{ label: t('sms.settings.test'), onTest: runTest, running: test.isPending }}
            saving={save.isPending}
          />
        </Stack>
      </form>
    </Card>
  );
}
