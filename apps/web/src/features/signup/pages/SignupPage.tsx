import { signupBodySchema } from '@conversa/shared';
import { Alert, Anchor, Button, Center, Loader, NativeSelect, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PATHS } from '../../../app/paths';
import { PublicShell } from '../../../components/PublicShell';
import { QueryError } from '../../../components/QueryError';
import { errorMessage, fieldErrors, isApiError } from '../../../lib/errors';
import { formatMoney } from '../../../lib/format';
import { schemaValidator } from '../../../lib/form-validation';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePublicPlans, useSignup } from '../api';

interface SignupValues {
  name: string;
  identity: string;
  email: string;
  phone: string;
  password: string;
  planId: string;
}

/** The request body of POST /signup (what the validation checks and the submit sends). */
function signupBody(values: SignupValues) {
  return {
    name: values.name.trim(),
    identity: values.identity.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    password: values.password,
    planId: values.planId ? Number(values.planId) : null,
  };
}

/** /signup: a new tenant with its plan (SPEC §2, §5). */
export function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const plans = usePublicPlans();
  const signup = useSignup();
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm<SignupValues>({
    initialValues: { name: '', identity: '', email: '', phone: '', password: '', planId: '' },
    // The server's own schema; its phone rule is a pattern, told in the sign-up's words.
    validate: schemaValidator(signupBodySchema, signupBody, { ruleMessages: { phone: t('signup.invalidPhone') } }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const values = form.getValues();
    // SPEC §5: all fields required ('Preencha todos os campos!').
    const missing = (Object.keys(values) as (keyof SignupValues)[]).filter((key) => !values[key].trim());
    if (missing.length > 0) {
      form.setErrors(Object.fromEntries(missing.map((key) => [key, t('validation.required')])));
      setFormError(t('signup.fillAll'));
      notifyError(t('signup.fillAll'), 'signup-fill-all');
      return;
    }
    if (form.validate().hasErrors) return;
    // Validated above: the schema's output is the body.
    signup.mutate(signupBodySchema.parse(signupBody(values)), {
      onSuccess: () => {
        notifySuccess(t('signup.success'), 'signup-success');
        void navigate(PATHS.login, { replace: true });
      },
      onError: (error) => {
        form.setErrors(fieldErrors(error));
        setFormError(errorMessage(error));
        if (!(isApiError(error) && error.handled)) notifyError(errorMessage(error), 'signup-error');
      },
    });
  };

  const planOptions = [
    { value: '', label: t('signup.planPlaceholder') },
    ...(plans.data ?? []).map((plan) => ({
      value: String(plan.id),
      label: t('signup.planOption', { name: plan.name, value: formatMoney(plan.value), users: plan.users, connections: plan.connections }),
    })),
  ];

  if (plans.isPending) {
    return (
      <PublicShell width={480}>
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      </PublicShell>
    );
  }
  if (plans.isError) {
    return (
      <PublicShell width={480}>
        <Stack>
          <QueryError error={plans.error} onRetry={() => void plans.refetch()} />
          <BackToLogin />
        </Stack>
      </PublicShell>
    );
  }
  // Without a plan there is nothing to sign up for: say so instead of a form that cannot succeed.
  if (plans.data.length === 0) {
    return (
      <PublicShell width={480}>
        <Stack>
          <Alert color="yellow" title={t('signup.closedTitle')} data-testid="signup-closed">
            {t('signup.noPlans')}
          </Alert>
          <BackToLogin />
        </Stack>
      </PublicShell>
    );
  }

  return (
    <PublicShell width={480}>
      <form onSubmit={submit} noValidate data-testid="signup-form">
        <Stack>
          <div>
            <Title order={3}>{t('signup.title')}</Title>
            <Text size="sm" c="dimmed">
              {t('signup.subtitle')}
            </Text>
          </div>
          <TextInput label={t('signup.name')} autoComplete="organization" required {...form.getInputProps('name')} />
          <TextInput label={t('signup.identity')} placeholder="000.000.000-00" required {...form.getInputProps('identity')} />
          <TextInput label={t('signup.email')} type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <TextInput
            label={t('signup.phone')}
            type="tel"
            autoComplete="tel"
            placeholder="+55 11 91234-5678"
            required
            {...form.getInputProps('phone')}
          />
          <PasswordInput label={t('signup.password')} autoComplete="new-password" required {...form.getInputProps('password')} />
          <NativeSelect label={t('signup.plan')} data={planOptions} required {...form.getInputProps('planId')} />
          {formError && (
            <Alert color="red" data-testid="signup-error">
              {formError}
            </Alert>
          )}
          <Button type="submit" loading={signup.isPending} data-testid="signup-submit">
            {t('signup.submit')}
          </Button>
          <BackToLogin />
        </Stack>
      </form>
    </PublicShell>
  );
}

function BackToLogin() {
  const { t } = useTranslation();
  return (
    <Text size="sm">
      {t('signup.haveAccount')}{' '}
      <Anchor component={Link} to={PATHS.login} data-testid="signup-login-link">
        {t('signup.loginLink')}
      </Anchor>
    </Text>
  );
}
