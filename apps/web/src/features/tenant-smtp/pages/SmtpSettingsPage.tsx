import { SMTP_PASSWORD_MASK, tenantSmtpBodySchema, type TenantSmtp, type TenantSmtpBody } from '@conversa/shared';
import {
  Alert,
  Button,
  Card,
  Divider,
  Group,
  Loader,
  NumberInput,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { SettingsCardHeader } from '../../../components/SettingsCardHeader';
import { SettingsFormActions } from '../../../components/SettingsFormActions';
import { QueryError } from '../../../components/QueryError';
import { errorMessage, fieldErrors, hasErrorCode } from '../../../lib/errors';
import { schemaValidator } from '../../../lib/form-validation';
import { notifySuccess } from '../../../lib/notify';
import { getSession } from '../../../lib/session';
import { useRemoveTenantSmtp, useSaveTenantSmtp, useSendTestEmail, useTenantSmtp } from '../api';

interface SmtpValues {
  host: string;
  port: number | string;
  secure: boolean;
  user: string;
  password: string;
  fromAddress: string;
}

/** The request body the shared schema checks and the save sends; an untouched stored password is left out (kept). */
function smtpBody(values: SmtpValues): TenantSmtpBody {
  const password = values.password === SMTP_PASSWORD_MASK || values.password === '' ? undefined : values.password;
  return {
    host: values.host.trim(),
    port: typeof values.port === 'number' ? values.port : Number.NaN,
    secure: values.secure,
    user: values.user.trim(),
    ...(password === undefined ? {} : { password }),
    fromAddress: values.fromAddress.trim(),
  };
}

/** The SMTP error codes whose server words (the message's detail) help the admin fix the setting. */
const SMTP_FAILURES = ['ERR_SMTP_AUTH_REFUSED', 'ERR_SMTP_UNREACHABLE', 'ERR_SMTP_TLS', 'ERR_SMTP_REFUSED'];

/** /configuracoes/smtp and /configuracoesTenant/smtp-tenant: the company's own SMTP server and a test e-mail. */
export function SmtpSettingsPage() {
  const settings = useTenantSmtp();
  if (settings.isPending) return <Loader />;
  if (settings.isError) return <QueryError error={settings.error} onRetry={() => void settings.refetch()} />;
  // A new form once saved or removed: its values are the stored ones.
  return <SmtpSettingsForm key={settings.data.updatedAt ?? 'none'} settings={settings.data} />;
}

/** /configuracoesTenant: the company's own settings (SPEC §2: its only child is smtp-tenant). */
export function TenantSettingsLayout() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={2}>{t('smtp.tenantTitle')}</Title>
      <Outlet />
    </Stack>
  );
}

type TestOutcome = { ok: true; to: string } | { ok: false; message: string };

function SmtpSettingsForm({ settings }: { settings: TenantSmtp }) {
  const { t } = useTranslation();
  const save = useSaveTenantSmtp();
  const remove = useRemoveTenantSmtp();
  const test = useSendTestEmail();
  const [formError, setFormError] = useState<string | null>(null);
  const [testTo, setTestTo] = useState(() => getSession()?.email ?? '');
  const [tested, setTested] = useState<TestOutcome | null>(null);

  const form = useForm<SmtpValues>({
    initialValues: {
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      user: settings.user,
      password: settings.password,
      fromAddress: settings.fromAddress,
    },
    validate: schemaValidator(tenantSmtpBodySchema, smtpBody, {
      ruleMessages: { host: t('smtp.hostRule'), port: t('smtp.portRule') },
    }),
  });
  const storedPassword = settings.password === SMTP_PASSWORD_MASK;

  const submit = form.onSubmit((values) => {
    setFormError(null);
    setTested(null);
    save.mutate(smtpBody(values), {
      onSuccess: () => notifySuccess(t('common.saved')),
      onError: (error) => {
        form.setErrors(fieldErrors(error));
        setFormError(errorMessage(error));
      },
    });
  });

  const sendTest = () => {
    setTested(null);
    test.mutate(testTo.trim(), {
      onSuccess: (answer) => setTested({ ok: true, to: answer.to }),
      onError: (error) => {
        // The server's own words ("535 Invalid login", "ECONNREFUSED") say what to fix.
        const detail =
          SMTP_FAILURES.some((code) => hasErrorCode(error, code)) && error instanceof Error
            ? / \((.*)\)$/.exec(error.message)?.[1]
            : undefined;
        setTested({ ok: false, message: [errorMessage(error), detail].filter(Boolean).join(' — ') });
      },
    });
  };

  return (
    <Card withBorder padding="lg" maw={720}>
      <form onSubmit={submit} noValidate data-testid="smtp-form">
        <Stack>
          <SettingsCardHeader
            title={t('smtp.title')}
            configured={settings.configured}
            status={{ configured: t('smtp.configured'), notConfigured: t('smtp.notConfigured') }}
            statusTestId="smtp-status"
            intro={t('smtp.intro')}
          />
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={t('smtp.host')}
              placeholder="smtp.suaempresa.com.br"
              required
              autoComplete="off"
              miw={200}
              data-testid="smtp-host"
              {...form.getInputProps('host')}
            />
            <NumberInput
              label={t('smtp.port')}
              description={t('smtp.portHint')}
              required
              min={1}
              max={65535}
              allowDecimal={false}
              allowNegative={false}
              maw={180}
              data-testid="smtp-port"
              {...form.getInputProps('port')}
            />
          </Group>
          <Switch
            label={t('smtp.secure')}
            description={t('smtp.secureHint')}
            data-testid="smtp-secure"
            {...form.getInputProps('secure', { type: 'checkbox' })}
          />
          <TextInput
            label={t('smtp.user')}
            description={t('smtp.userHint')}
            autoComplete="off"
            data-testid="smtp-user"
            {...form.getInputProps('user')}
          />
          <PasswordInput
            label={t('smtp.password')}
            description={t(storedPassword ? 'smtp.passwordKept' : 'smtp.passwordHint')}
            autoComplete="new-password"
            data-testid="smtp-password"
            {...form.getInputProps('password')}
            // A stored password shows masked; typing replaces the whole mask.
            onFocus={() => {
              if (form.values.password === SMTP_PASSWORD_MASK) form.setFieldValue('password', '');
            }}
            onBlur={() => {
              if (storedPassword && form.values.password === '') form.setFieldValue('password', SMTP_PASSWORD_MASK);
            }}
          />
          <TextInput
            label={t('smtp.fromAddress')}
            description={t('smtp.fromAddressHint')}
            placeholder="atendimento@suaempresa.com.br"
            required
            type="email"
            data-testid="smtp-from"
            {...form.getInputProps('fromAddress')}
          />
          <SettingsFormActions
            testIdPrefix="smtp"
            formError={formError}
            errorTestId="smtp-error"
            configured={settings.configured}
            remove={{
              label: t('smtp.remove'),
              title: t('smtp.removeTitle'),
              message: t('smtp.removeConfirm'),
              removed: t('smtp.removed'),
              mutation: remove,
            }}
            saving={save.isPending}
          />
        </Stack>
      </form>
      {settings.configured && (
        <Stack mt="lg" gap="xs">
          <Divider label={t('smtp.testTitle')} labelPosition="left" />
          <Group align="flex-end" wrap="wrap" gap="xs">
            <TextInput
              label={t('smtp.testTo')}
              type="email"
              value={testTo}
              onChange={(event) => setTestTo(event.currentTarget.value)}
              style={{ flex: '1 1 220px' }}
              data-testid="smtp-test-to"
            />
            <Button
              variant="default"
              leftSection={<IconMailForward size={16} />}
              onClick={sendTest}
              loading={test.isPending}
              disabled={testTo.trim() === '' || form.isDirty()}
              data-testid="smtp-test"
            >
              {t('smtp.test')}
            </Button>
          </Group>
          {form.isDirty() && (
            <Text size="xs" c="dimmed">
              {t('smtp.saveBeforeTest')}
            </Text>
          )}
          {tested &&
            (tested.ok ? (
              <Alert color="teal" icon={<IconCircleCheck size={18} />} data-testid="smtp-test-result">
                {t('smtp.testOk', { to: tested.to })}
              </Alert>
            ) : (
              <Alert color="red" data-testid="smtp-test-result">
                {tested.message}
              </Alert>
            ))}
        </Stack>
      )}
    </Card>
  );
}
