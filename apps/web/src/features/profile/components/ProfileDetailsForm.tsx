import { updateUserBodySchema, type User } from '@conversa/shared';
import { Alert, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaErrors } from '../../../lib/form-validation';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateOwnProfile, type OwnProfileInput } from '../api';
import { serverFormErrors } from '../form-errors';

interface Values {
  name: string;
  email: string;
  currentPassword: string;
}

/** Name and e-mail; a new e-mail needs the current password (the server checks it). */
export function ProfileDetailsForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useUpdateOwnProfile(user.id);
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailChanged = (email: string) => email.trim().toLowerCase() !== user.email;
  /** The body of PUT /users/:id: the name; a new e-mail with the current password. */
  const profileBody = (values: Values): OwnProfileInput => {
    const input: OwnProfileInput = { name: values.name.trim() };
    if (emailChanged(values.email))
      Object.assign(input, { email: values.email.trim().toLowerCase(), currentPassword: values.currentPassword });
    return input;
  };
  const form = useForm<Values>({
    initialValues: { name: user.name, email: user.email, currentPassword: '' },
    // PUT /users/:id's schema (the e-mail checked even when unchanged); a new e-mail needs the current password (the server's rule).
    validate: (values) => ({
      ...schemaErrors(updateUserBodySchema, { ...profileBody(values), email: values.email.trim() }),
      ...(emailChanged(values.email) && !values.currentPassword ? { currentPassword: t('profile.currentPasswordRequired') } : {}),
    }),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    const input = profileBody(values);
    const newEmail = input.email ?? null;
    update.mutate(input, {
      onSuccess: (saved) => {
        form.setValues({ name: saved.name, email: saved.email, currentPassword: '' });
        form.resetDirty();
        notifySuccess(t('common.saved'));
        // The new e-mail is set once the link sent to it is opened.
        if (newEmail) setSentTo(newEmail);
      },
      onError: (error) => {
        const { fields, message } = serverFormErrors(error);
        form.setErrors(fields);
        setFormError(message);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate data-testid="profile-details-form">
      <Stack>
        <TextInput label={t('profile.name')} required autoComplete="name" data-testid="profile-name" {...form.getInputProps('name')} />
        <TextInput
          label={t('profile.email')}
          type="email"
          required
          autoComplete="email"
          data-testid="profile-email"
          {...form.getInputProps('email')}
        />
        {emailChanged(form.values.email) && (
          <PasswordInput
            label={t('profile.currentPassword')}
            description={t('profile.currentPasswordForEmail')}
            required
            autoComplete="current-password"
            data-testid="profile-email-current-password"
            {...form.getInputProps('currentPassword')}
          />
        )}
        {sentTo && (
          <Alert color="blue" data-testid="profile-email-sent">
            {t('profile.emailConfirmationSent', { email: sentTo })}
          </Alert>
        )}
        {formError && (
          <Alert color="red" data-testid="profile-details-error">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} data-testid="profile-details-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
