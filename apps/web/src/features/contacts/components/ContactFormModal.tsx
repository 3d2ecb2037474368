import { emailSchema, isValidCpfCnpj } from '@conversa/shared';
import { ActionIcon, Alert, Button, Group, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors, hasErrorCode } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useSaveContact, type ContactDetails, type ContactInput } from '../api';

const BIRTHDAY_PATTERN = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** SPEC §5: dd/MM/yyyy, a real date in the past. */
export function isValidBirthday(value: string): boolean {
  const match = BIRTHDAY_PATTERN.exec(value);
  if (!match) return false;
  const [, day, month, year] = match;
  const date = dayjs(`${year}-${month}-${day}`, 'YYYY-MM-DD');
  return date.isValid() && date.format('DD/MM/YYYY') === value && date.isBefore(dayjs()) && Number(year) >= 1900;
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
  const [formError, setFormError] = useState<string | null>(null);

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
    },
    validate: {
      name: (value) => (value.trim() ? null : t('validation.required')),
      number: (value) =>
        /^\+?\d[\d\s().-]{6,}$/.test(value.trim()) && value.replace(/\D/g, '').length >= 8 ? null : t('contacts.invalidNumber'),
      email: (value) => (!value.trim() || emailSchema.safeParse(value).success ? null : t('validation.invalidEmail')),
      identity: (value) => (!value.trim() || isValidCpfCnpj(value) ? null : t('contacts.invalidIdentity')),
      birthday: (value) => (!value.trim() || isValidBirthday(value.trim()) ? null : t('validation.invalidDate')),
      extraInfo: {
        name: (value) => (value.trim() ? null : t('validation.required')),
      },
    },
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    const input: ContactInput = {
      ...values,
      name: values.name.trim(),
      number: values.number.trim(),
      email: values.email.trim(),
      identity: values.identity.trim(),
      birthday: values.birthday.trim(),
      extraInfo: values.extraInfo.map((item) => ({ name: item.name.trim(), value: item.value })),
    };
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
            required
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
            {form.values.extraInfo.map((_, index) => (
              <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
                <TextInput
                  aria-label={t('contacts.extraName')}
                  placeholder={t('contacts.extraName')}
                  style={{ flex: 1 }}
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
