import { createTagBodySchema, TAG_NAME_MAX, updateTagBodySchema, type Tag } from '@conversa/shared';
import { Alert, Button, ColorInput, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors, hasErrorCode } from '../../../lib/errors';
import { schemaValidator } from '../../../lib/form-validation';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useIsMobile } from '../../../lib/useIsMobile';
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
  const mobile = useIsMobile();
  const save = useSaveTag();
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm<TagFormValues>({
    initialValues: { name: tag?.name ?? '', color: tag?.color ?? SWATCHES[5], isActive: tag?.isActive ?? true },
    validate: schemaValidator(tag ? updateTagBodySchema : createTagBodySchema, tagBody, {
      ruleMessages: { color: t('tags.invalidColor') },
    }),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    const body = tagBody(values);
    save.mutate(tag ? { id: tag.id, body } : { id: null, body }, {
      onSuccess: () => {
        notifySuccess(t('common.saved'));
        onClose();
      },
      onError: (error) => {
        form.setErrors(fieldErrors(error));
        if (hasErrorCode(error, 'ERR_DUPLICATED_TAG')) form.setFieldError('name', errorMessage(error));
        setFormError(errorMessage(error));
        notifyApiError(error, 'tag-save-error');
      },
    });
  });

  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen={mobile}
      title={tag ? t('tags.editTitle') : t('tags.createTitle')}
      centered
      data-testid="tag-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
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
          {formError && (
            <Alert color="red" data-testid="tag-form-error">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="tag-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
