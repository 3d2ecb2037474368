import { createContactBodySchema, updateContactBodySchema } from '@conversa/shared';
import { ActionIcon, Alert, Autocomplete, Button, Group, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors, hasErrorCode } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { schemaValidator } from '../../../lib/form-validation';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/useSession';
import { useContactVariableNames } from '../../contact-variables/api';
import { useSaveContact, type ContactBody, type ContactDetails, type ContactInput } from '../api';
import { WalletUsersField } from './WalletUsersField';

/** The request body of the form's values (what the validation checks and the submit sends); '' clears a field. */
function contactBody(values: ContactInput): ContactInput {
  return {
    ...values,
    name: values.name.trim(),
    number: values.number.trim(),
    email: values.email.trim(),
    identity: values.identity.trim(),
    birthday: values.birthday.trim(),
    extraInfo: values.extraInfo.map((item) => ({ name: item.name.trim(), value: item.value })),
  };
}

/** Typing only digits gives dd/MM/yyyy. */
function maskBirthday(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

interface ContactFormModalProps {
  /** The contact to edit; null creates one. */
  contact: ContactDetails | null;
  onClose: () => void;
  onSaved?: (contact: ContactDetails) => void;
}

export function ContactFormModal({ contact, onClose, onSaved }: ContactFormModalProps) {
  const { t } = useTranslation();
  const save = useSaveContact();
  const session = useSession();
  // Wallets are assigned by supervisors and admins (SPEC §6 wallet handling); agents leave them as they are.
  const manager = session?.profile === 'super' || session?.profile === 'admin' || session?.profile === 'superadmin';
  const variableNames = useContactVariableNames();
  const [formError, setFormError] = useState<string | null>(null);

  // A contact without a phone (a web-chat visitor, a hub contact) is edited without giving one.
  const phoneless = contact !== null && !contact.number;
  const bodyOf = (values: ContactInput): ContactBody => {
    const body = contactBody(values);
    if (!phoneless || body.number !== '') return body;
    const { number: _none, ...rest } = body;
    return rest;
  };

  const form = useForm<ContactInput>({
    initialValues: {
      name: contact?.name ?? '',
      number: contact?.number ? (contact.number.startsWith('+') ? contact.number : `+${contact.number}`) : '',
      email: contact?.email ?? '',
      identity: contact?.identity ?? '',
      birthday: contact?.birthday ? formatDate(contact.birthday) : '',
      extraInfo: contact?.extraInfo ?? [],
      blocked: contact?.blocked ?? false,
      chatbotBlocked: contact?.chatbotBlocked ?? false,
      ...(manager ? { wallets: contact?.wallets ?? [] } : {}),
    },
    // POST /contacts or PUT /contacts/:id: the server's own schema (SPEC §5: dd/MM/yyyy, a valid CPF/CNPJ…).
    validate: schemaValidator(contact ? updateContactBodySchema : createContactBodySchema, bodyOf),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    const input = bodyOf(values);
    save.mutate(
      { id: contact?.id ?? null, input },
      {
        onSuccess: (saved) => {
          notifySuccess(t('common.saved'));
          onSaved?.(saved);
          onClose();
        },
        onError: (error) => {
          form.setErrors(fieldErrors(error));
          if (hasErrorCode(error, 'ERR_DUPLICATED_CONTACT') || hasErrorCode(error, 'ERR_INVALID_PHONE'))
            form.setFieldError('number', errorMessage(error));
          setFormError(errorMessage(error));
          notifyApiError(error, 'contact-save-error');
        },
      },
    );
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={contact ? t('contacts.editTitle') : t('contacts.createTitle')}
      centered
      size="lg"
      data-testid="contact-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('contacts.name')} required data-autofocus {...form.getInputProps('name')} />
          <TextInput
            label={t('contacts.number')}
            description={t('contacts.numberHint')}
            placeholder="+55 11 91234-5678"
            required={!phoneless}
            {...form.getInputProps('number')}
          />
          <TextInput label={t('contacts.email')} type="email" {...form.getInputProps('email')} />
          <Group grow align="flex-start">
            <TextInput label={t('contacts.identity')} {...form.getInputProps('identity')} />
            <TextInput
              label={t('contacts.birthday')}
              placeholder={t('contacts.birthdayPlaceholder')}
              {...form.getInputProps('birthday')}
              onChange={(event) => form.setFieldValue('birthday', maskBirthday(event.currentTarget.value))}
            />
          </Group>
          <Stack gap={6}>
            <Group justify="space-between">
              <Text size="sm" fw={500}>
                {t('contacts.extraInfo')}
              </Text>
              <Button
                size="compact-xs"
                variant="light"
                leftSection={<IconPlus size={12} />}
                onClick={() => form.insertListItem('extraInfo', { name: '', value: '' })}
                data-testid="contact-extra-add"
              >
                {t('common.add')}
              </Button>
            </Group>
            {variableNames.length > 0 && (
              <Text size="xs" c="dimmed" data-testid="contact-extra-variables">
                {t('contacts.extraVariablesHint', { names: variableNames.map((name) => `{{${name}}}`).join(', ') })}
              </Text>
            )}
            {form.values.extraInfo.map((item, index) => (
              <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
                {/* The tenant's contact variables are offered as names: their value fills {{name}} in messages. */}
                <Autocomplete
                  aria-label={t('contacts.extraName')}
                  placeholder={t('contacts.extraName')}
                  style={{ flex: 1 }}
                  data={variableNames.filter((name) => name === item.name || !form.values.extraInfo.some((other) => other.name === name))}
                  data-testid={`contact-extra-name-${index}`}
                  {...form.getInputProps(`extraInfo.${index}.name`)}
                />
                <TextInput
                  aria-label={t('contacts.extraValue')}
                  placeholder={t('contacts.extraValue')}
                  style={{ flex: 2 }}
                  {...form.getInputProps(`extraInfo.${index}.value`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={4}
                  onClick={() => form.removeListItem('extraInfo', index)}
                  aria-label={t('common.delete')}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
          <Group>
            <Switch label={t('contacts.blocked')} {...form.getInputProps('blocked', { type: 'checkbox' })} />
            <Switch label={t('contacts.chatbotBlocked')} {...form.getInputProps('chatbotBlocked', { type: 'checkbox' })} />
          </Group>
          {manager && (
            <WalletUsersField
              value={form.values.wallets ?? []}
              onChange={(wallets) => form.setFieldValue('wallets', wallets)}
              error={form.errors.wallets}
            />
          )}
          {formError && (
            <Alert color="red" data-testid="contact-form-error">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="contact-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
