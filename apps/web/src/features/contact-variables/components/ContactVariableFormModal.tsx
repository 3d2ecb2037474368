import {
  CONTACT_VARIABLE_DESCRIPTION_MAX,
  CONTACT_VARIABLE_NAME_MAX,
  createContactVariableBodySchema,
  type ContactVariable,
} from '@conversa/shared';
import { Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormModal, useFormSave } from '../../../components/FormModal';
import { schemaValidator } from '../../../lib/form-validation';
import { useSaveContactVariable } from '../api';

interface Values {
  name: string;
  description: string;
}

const variableBody = (values: Values) => ({ name: values.name.trim(), description: values.description.trim() || null });

/** Create a variable (name fixed from then on) or change its description. */
export function ContactVariableFormModal({ variable, onClose }: { variable: ContactVariable | null; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm<Values>({
    initialValues: { name: variable?.name ?? '', description: variable?.description ?? '' },
    validate: schemaValidator(createContactVariableBodySchema, variableBody),
  });
  const saving = useFormSave(form, useSaveContactVariable(), {
    errorId: 'contact-variable-save-error',
    onClose,
    duplicate: { code: 'ERR_DUPLICATED_CONTACT_VARIABLE', field: 'name' },
  });
  const submit = form.onSubmit((values) => saving.save({ id: variable?.id ?? null, input: variableBody(values) }));
  const name = form.values.name.trim();

  return (
    <FormModal
      title={variable ? t('contactVariables.editTitle') : t('contactVariables.createTitle')}
      testId="contact-variable"
      onSubmit={submit}
      saving={saving}
    >
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
    </FormModal>
  );
}
