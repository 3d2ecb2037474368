import { createUserBodySchema, TENANT_ASSIGNABLE_PROFILES, updateUserBodySchema, type User } from '@conversa/shared';
import { Alert, Anchor, Button, Group, Modal, NativeSelect, PasswordInput, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../app/paths';
import { errorMessage, fieldErrors, hasErrorCode } from '../../../lib/errors';
import { schemaValidator } from '../../../lib/form-validation';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/useSession';
import { useCreateUser, useUpdateUser, type UserInput } from '../api';

type AssignableProfile = (typeof TENANT_ASSIGNABLE_PROFILES)[number];

interface UserFormValues {
  name: string;
  email: string;
  password: string;
  profile: string;
  blockWavoip: boolean;
}

function isAssignable(profile: string): profile is AssignableProfile {
  return (TENANT_ASSIGNABLE_PROFILES as readonly string[]).includes(profile);
}

/**
 * The request body of the form's values (what the validation checks and the submit sends): an empty
 * password on an edit keeps the current one; the profile is sent on a create, or when an edit changes it.
 */
function userBody(values: UserFormValues, user: User | null): UserInput {
  const input: UserInput = { name: values.name.trim(), email: values.email.trim(), blockWavoip: values.blockWavoip };
  if (values.password || !user) input.password = values.password;
  if (isAssignable(values.profile) && (!user || values.profile !== user.profile)) input.profile = values.profile;
  return input;
}

interface UserFormModalProps {
  /** The user to edit; null creates one. */
  user: User | null;
  onClose: () => void;
}

export function UserFormModal({ user, onClose }: UserFormModalProps) {
  const { t } = useTranslation();
  // One's own e-mail and password change in the profile (with the current password), and one's own profile not at all.
  const session = useSession();
  const self = user !== null && user.id === session?.userId;
  const create = useCreateUser();
  const update = useUpdateUser();
  const [formError, setFormError] = useState<string | null>(null);
  const editing = user !== null;

  const form = useForm<UserFormValues>({
    initialValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      password: '',
      profile: user?.profile ?? 'user',
      blockWavoip: user?.blockWavoip ?? false,
    },
    // POST /users or PUT /users/:id: the server's own schema.
    validate: schemaValidator(editing ? updateUserBodySchema : createUserBodySchema, (values: UserFormValues) => userBody(values, user)),
  });

  const profileOptions = [
    ...TENANT_ASSIGNABLE_PROFILES.map((value) => ({ value, label: t(`profiles.${value}`) })),
    ...(user && !isAssignable(user.profile) ? [{ value: user.profile, label: t(`profiles.${user.profile}`) }] : []),
  ];

  const submit = form.onSubmit((values) => {
    setFormError(null);
    const input = userBody(values, user);

    const onSuccess = () => {
      notifySuccess(t('common.saved'));
      onClose();
    };
    const onError = (error: unknown) => {
      form.setErrors(fieldErrors(error));
      if (hasErrorCode(error, 'ERR_DUPLICATED_EMAIL')) form.setFieldError('email', errorMessage(error));
      setFormError(hasErrorCode(error, 'ERR_USER_LIMIT') ? t('users.limitReached') : errorMessage(error));
      notifyApiError(error, 'user-save-error');
    };
    if (user) update.mutate({ id: user.id, input }, { onSuccess, onError });
    else create.mutate(input, { onSuccess, onError });
  });

  return (
    <Modal opened onClose={onClose} title={editing ? t('users.editTitle') : t('users.createTitle')} centered data-testid="user-modal">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('users.name')} required data-autofocus {...form.getInputProps('name')} />
          {self && (
            <Alert color="blue" p="xs" data-testid="user-self-hint">
              <Anchor component={Link} to={PATHS.profile} size="sm" onClick={onClose}>
                {t('users.selfHint')}
              </Anchor>
            </Alert>
          )}
          <TextInput label={t('users.email')} type="email" autoComplete="off" required disabled={self} {...form.getInputProps('email')} />
          {!self && (
            <PasswordInput
              label={t('users.password')}
              description={editing ? t('users.passwordEditHint') : undefined}
              autoComplete="new-password"
              required={!editing}
              {...form.getInputProps('password')}
            />
          )}
          <NativeSelect
            label={t('users.profile')}
            data={profileOptions}
            disabled={self || (user !== null && !isAssignable(user.profile))}
            {...form.getInputProps('profile')}
          />
          <Switch label={t('users.blockWavoip')} {...form.getInputProps('blockWavoip', { type: 'checkbox' })} />
          {formError && (
            <Alert color="red" data-testid="user-form-error">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending} data-testid="user-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
