import { changePasswordFormSchema } from '@conversa/shared';
import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateOwnProfile } from '../api';
import { schemaValidator } from '../../../lib/form-validation';
import { serverFormErrors } from '../form-errors';

interface Values {
  currentPassword: string;
  password: string;
  confirmation: string;
}

const EMPTY: Values = { currentPassword: '', password: '', confirmation: '' };

/** Current password, the new one (SPEC §5 rule, the shared schema) and its confirmation. The other sessions end. */
export function ChangePasswordForm({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const update = useUpdateOwnProfile(userId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: EMPTY,
    // PUT /users/:id's rules for these two fields, both required, and the confirmation.
    validate: schemaValidator(changePasswordFormSchema, (values: Values) => values, {
      ruleMessages: { confirmation: t('profile.passwordsDiffer') },
    }),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    update.mutate(
      { password: values.password, currentPassword: values.currentPassword },
      {
        onSuccess: () => {
          form.setValues(EMPTY);
          notifySuccess(t('profile.passwordChanged'));
        },
        onError: (error) => {
          const { fields, message } = serverFormErrors(error);
          form.setErrors(fields);
          setFormError(message);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate data-testid="profile-password-form">
      <Stack>
        <PasswordInput
          label={t('profile.currentPassword')}
          required
          autoComplete="current-password"
          data-testid="profile-current-password"
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label={t('profile.newPassword')}
          description={t('validation.weakPassword')}
          required
          autoComplete="new-password"
          data-testid="profile-new-password"
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={t('profile.confirmPassword')}
          required
          autoComplete="new-password"
          data-testid="profile-confirm-password"
          {...form.getInputProps('confirmation')}
        />
        {formError && (
          <Alert color="red" data-testid="profile-password-error">
            {formError}
          </Alert>
        )}
        <Group justify="space-between" align="center">
          <span />
          <Button type="submit" loading={update.isPending} data-testid="profile-password-save">
            {t('profile.changePassword')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
