import { isValidEmail } from '@conversa/shared/email';
import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePasswordResetRequest } from '../api';

/** Password reset request (SPEC §2 login screen, §8 texts). */
export function PasswordResetRequest({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const request = usePasswordResetRequest();
  // One field: plain state (no form library in the login page's download).
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isValidEmail(email)) {
      setEmailError(t('validation.invalidEmail'));
      return;
    }
    request.mutate(email.trim(), {
      onSuccess: () => {
        notifySuccess(t('forgot.success'));
        setEmail('');
        setEmailError(null);
      },
      onError: () => notifyError(t('forgot.failure')),
    });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="forgot-form">
      <Stack>
        <Title order={3}>{t('forgot.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('forgot.description')}
        </Text>
        <TextInput
          label={t('forgot.email')}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setEmailError(null);
          }}
          error={emailError}
        />
        {request.isSuccess && (
          <Text size="sm" c="teal" data-testid="forgot-success">
            {t('forgot.success')}
          </Text>
        )}
        {request.isError && (
          <Text size="sm" c="red" data-testid="forgot-error">
            {t('forgot.failure')}
          </Text>
        )}
        <Button type="submit" loading={request.isPending} data-testid="forgot-submit">
          {t('forgot.submit')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          {t('forgot.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
