import { resetPasswordBodySchema } from '@conversa/shared';
import { Alert, Anchor, Button, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PATHS } from '../../../app/paths';
import { PublicShell } from '../../../components/PublicShell';
import { errorMessage, isApiError } from '../../../lib/errors';
import { schemaErrors } from '../../../lib/form-validation';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useResetPassword } from '../api';

/** /reset/{token}: choose a new password (SPEC §5: the two passwords must match). */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm({
    initialValues: { password: '', confirm: '' },
    // POST /reset-password's own schema (SPEC §5 password rule); the confirmation is the form's own.
    validate: (values) => ({
      ...schemaErrors(
        resetPasswordBodySchema,
        { token, password: values.password },
        { field: (path) => (path === 'password' ? path : undefined) },
      ),
      ...(values.confirm === values.password ? {} : { confirm: t('reset.mismatch') }),
    }),
  });

  const submit = form.onSubmit(({ password }) => {
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          notifySuccess(t('reset.success'), 'reset-success');
          void navigate(PATHS.login, { replace: true });
        },
        onError: (error) => {
          const fields = isApiError(error) ? error.fields : undefined;
          if (fields?.password?.length) form.setFieldError('password', fields.password.join(' '));
          notifyError(t('reset.failure'), 'reset-failure');
        },
      },
    );
  });

  return (
    <PublicShell>
      <form onSubmit={submit} noValidate data-testid="reset-form">
        <Stack>
          <Title order={3}>{t('reset.title')}</Title>
          <PasswordInput label={t('reset.password')} autoComplete="new-password" required {...form.getInputProps('password')} />
          <PasswordInput label={t('reset.confirm')} autoComplete="new-password" required {...form.getInputProps('confirm')} />
          {reset.isError && (
            <Alert color="red" data-testid="reset-error">
              {t('reset.failure')}
              {isApiError(reset.error) && reset.error.code ? ` ${errorMessage(reset.error)}` : ''}
            </Alert>
          )}
          <Button type="submit" loading={reset.isPending} data-testid="reset-submit">
            {t('reset.submit')}
          </Button>
          <Anchor component={Link} to={PATHS.login} size="sm">
            {t('reset.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </PublicShell>
  );
}
