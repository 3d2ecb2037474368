import { createTagBodySchema, TAG_NAME_MAX, updateTagBodySchema, type Tag } from '@conversa/shared';
import { ColorInput, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormModal, useFormSave } from '../../../components/FormModal';
import { schemaValidator } from '../../../lib/form-validation';
import { useSaveTag } from '../api';

const SWATCHES = [
  '#fa5252',
  '#e64980',
  '#be4bdb',
  '#7950f2',
  '#4c6ef5',
  '#228be6',
  '#15aabf',
  '#12b886',
  '#40c057',
  '#fab005',
  '#fd7e14',
  '#868e96',
];

interface TagFormValues {
  name: string;
  color: string;
  isActive: boolean;
}

const tagBody = (values: TagFormValues) => ({ name: values.name.trim(), color: values.color, isActive: values.isActive });

/** Create or edit a tag: name, color, active. */
export function TagFormModal({ tag, onClose }: { tag: Tag | null; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm<TagFormValues>({
    initialValues: { name: tag?.name ?? '', color: tag?.color ?? SWATCHES[5], isActive: tag?.isActive ?? true },
    validate: schemaValidator(tag ? updateTagBodySchema : createTagBodySchema, tagBody, {
      ruleMessages: { color: t('tags.invalidColor') },
    }),
  });

  const saving = useFormSave(form, useSaveTag(), {
    errorId: 'tag-save-error',
    onClose,
    duplicate: { code: 'ERR_DUPLICATED_TAG', field: 'name' },
  });
  const submit = form.onSubmit((values) => {
    const body = tagBody(values);
    saving.save(tag ? { id: tag.id, body } : { id: null, body });
  });

  return (
    <FormModal title={tag ? t('tags.editTitle') : t('tags.createTitle')} testId="tag" onSubmit={submit} saving={saving}>
      <TextInput
        label={t('tags.name')}
        required
        data-autofocus
        maxLength={TAG_NAME_MAX}
        data-testid="tag-name"
        {...form.getInputProps('name')}
      />
      <ColorInput
        label={t('tags.color')}
        format="hex"
        swatches={SWATCHES}
        swatchesPerRow={6}
        required
        data-testid="tag-color"
        {...form.getInputProps('color')}
      />
      <Switch label={t('tags.active')} data-testid="tag-is-active" {...form.getInputProps('isActive', { type: 'checkbox' })} />
    </FormModal>
  );
}
