import {
  CONTACT_VARIABLE_DESCRIPTION_MAX,
  CONTACT_VARIABLE_NAME_MAX,
  createContactVariableBodySchema,
  type ContactVariable,
} from '@conversa/shared';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '../../../lib/errors';
import { schemaValidator } from '../../../lib/form-validation';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useSaveContactVariable } from '../api';

interface Values {
  name: string;
  description: string;
}

const variableBody = (values: Values) => ({ name: values.name.trim(), description: values.description.trim() || null });

/** Create a variable (name fixed from then on) or change its description. */
export function ContactVariableFormModal({ variable, onClose }: { variable: ContactVariable | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveContactVariable();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { name: variable?.name ?? '', description: variable?.description ?? '' },
    validate: schemaValidator(createContactVariableBodySchema, variableBody),
  });
  const name = form.values.name.trim();

  const submit = form.onSubmit((values) => {
    setFormError(null);
    save.mutate(
      { id: variable?.id ?? null, input: variableBody(values) },
      {
        onSuccess: () => {
          notifySuccess(t('common.saved'));
          onClose();
        },
        onError: (error) => {
          form.setErrors(fieldErrors(error));
          setFormError(errorMessage(error));
          notifyApiError(error, 'contact-variable-save-error');
        },
      },
    );
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={variable ? t('contactVariables.editTitle') : t('contactVariables.createTitle')}
      centered
      data-testid="contact-variable-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('contactVariables.name')}
            description={variable ? t('contactVariables.nameFixed') : t('contactVariables.nameHelp')}
            required
            disabled={variable !== null}
            data-autofocus
            maxLength={CONTACT_VARIABLE_NAME_MAX}
            data-testid="contact-variable-name"
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('contactVariables.descriptionLabel')}
            description={t('contactVariables.descriptionHelp')}
            maxLength={CONTACT_VARIABLE_DESCRIPTION_MAX}
            data-testid="contact-variable-description"
            {...form.getInputProps('description')}
          />
          {name && (
            <Text size="sm" c="dimmed" data-testid="contact-variable-usage-hint">
              {t('contactVariables.usageHint', { variable: `{{${name}}}` })}
            </Text>
          )}
          {formError && (
            <Alert color="red" data-testid="contact-variable-form-error">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="contact-variable-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
