import { isValidEmail } from '@conversa/shared/email';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginTargetFor, PATHS } from '../../../app/paths';
import { PublicShell } from '../../../components/PublicShell';
import { errorMessage, hasErrorCode, isApiError } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useLogin, useSignupOffered } from '../api';
import { PasswordResetRequest } from '../components/PasswordResetRequest';
import { isCaptchaComplete, SliderCaptcha } from '../components/SliderCaptcha';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const forgot = searchParams.has('forgot');
  const login = useLogin();
  // Public sign-up needs a plan to choose: without any, the link is not offered.
  const signup = useSignupOffered();
  const [captcha, setCaptcha] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  const captchaComplete = isCaptchaComplete(captcha);

  // Two fields: plain state (no form library in the login page's download).
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    setEmailError(null);
    const trimmed = email.trim();
    // SPEC §5: e-mail trimmed and valid, password present, captcha completed first.
    if (!trimmed || !password) {
      setFormError(t('login.missing'));
      notifyError(t('login.missing'), 'login-missing');
      return;
    }
    if (!isValidEmail(trimmed)) {
      setEmailError(t('validation.invalidEmail'));
      return;
    }
    if (!captchaComplete) {
      setFormError(t('login.captchaRequired'));
      return;
    }
    login.mutate(
      { email: trimmed, password },
      {
        onSuccess: (data) => {
          notifySuccess(t('login.success'), 'login-success');
          void navigate(loginTargetFor(data.profile), { replace: true });
        },
        onError: (error) => {
          setCaptcha(0);
          const message = hasErrorCode(error, 'ERR_LIMIT_MAX') ? t('login.tooManyAttempts') : errorMessage(error);
          setFormError(message);
          if (isApiError(error) && error.handled) return;
          notifyError(message, 'login-error', hasErrorCode(error, 'ERR_LIMIT_MAX') ? t('login.limitTitle') : undefined);
        },
      },
    );
  };

  const setForgot = (open: boolean) => {
    const next = new URLSearchParams(searchParams);
    if (open) next.set('forgot', '');
    else next.delete('forgot');
    setSearchParams(next, { replace: true });
  };

  if (forgot) {
    return (
      <PublicShell>
        <PasswordResetRequest onBack={() => setForgot(false)} />
      </PublicShell>
    );
  }

  return (
    <PublicShell>
      <form onSubmit={submit} noValidate data-testid="login-form" data-signup-checked={signup.checked}>
        <Stack>
          <Title order={3}>{t('login.title')}</Title>
          <TextInput
            label={t('login.email')}
            type="email"
            autoComplete="username"
            data-testid="login-email"
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setEmailError(null);
            }}
            error={emailError}
          />
          <PasswordInput
            label={t('login.password')}
            autoComplete="current-password"
            data-testid="login-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <SliderCaptcha value={captcha} onChange={setCaptcha} />
          {formError && (
            <Alert color="red" data-testid="login-error">
              {formError}
            </Alert>
          )}
          <Button type="submit" fullWidth loading={login.isPending} disabled={!captchaComplete} data-testid="login-submit">
            {t('login.submit')}
          </Button>
          <Group justify="space-between">
            <Anchor component="button" type="button" size="sm" onClick={() => setForgot(true)} data-testid="forgot-link">
              {t('login.forgot')}
            </Anchor>
            {signup.offered && (
              <Text size="sm">
                {t('login.noAccount')}{' '}
                <Anchor component={Link} to={PATHS.signup} data-testid="signup-link">
                  {t('login.signupLink')}
                </Anchor>
              </Text>
            )}
          </Group>
        </Stack>
      </form>
    </PublicShell>
  );
}
