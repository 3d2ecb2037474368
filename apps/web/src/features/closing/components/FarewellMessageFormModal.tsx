import { farewellMessageBodySchema, MAX_FAREWELL_LENGTH, type FarewellMessage } from '@conversa/shared';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TemplateTextarea } from '../../../components/TemplateTextarea';
import { errorMessage, fieldErrors } from '../../../lib/errors';
import { schemaValidator } from '../../../lib/form-validation';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useSaveFarewellMessage } from '../api';

interface FarewellFormValues {
  message: string;
}

const farewellBody = (values: FarewellFormValues) => ({ message: values.message.trim() });

/** Create or edit a closing message; its `{{variables}}` are checked as you type and on save (an unknown one is refused). */
export function FarewellMessageFormModal({ farewell, onClose }: { farewell: FarewellMessage | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveFarewellMessage();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FarewellFormValues>({
    initialValues: { message: farewell?.message ?? '' },
    validate: schemaValidator(farewellMessageBodySchema, farewellBody),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    save.mutate(
      { id: farewell?.id ?? null, input: farewellBody(values) },
      {
        onSuccess: () => {
          notifySuccess(t('common.saved'));
          onClose();
        },
        onError: (error) => {
          form.setErrors(fieldErrors(error));
          setFormError(errorMessage(error));
          notifyApiError(error, 'farewell-save-error');
        },
      },
    );
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={farewell ? t('closing.editTitle') : t('closing.createTitle')}
      centered
      data-testid="farewell-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TemplateTextarea
            label={t('closing.message')}
            required
            data-autofocus
            maxLength={MAX_FAREWELL_LENGTH}
            data-testid="farewell-message"
            {...form.getInputProps('message')}
          />
          {formError && (
            <Alert color="red" data-testid="farewell-form-error">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="farewell-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
