import { farewellMessageBodySchema, MAX_FAREWELL_LENGTH, type FarewellMessage } from '@conversa/shared';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { TemplateTextarea } from '../../../components/TemplateTextarea';
import { FormModal, useFormSave } from '../../../components/FormModal';
import { schemaValidator } from '../../../lib/form-validation';
import { useSaveFarewellMessage } from '../api';

interface FarewellFormValues {
  message: string;
}

const farewellBody = (values: FarewellFormValues) => ({ message: values.message.trim() });

/** Create or edit a closing message; its `{{variables}}` are checked as you type and on save (an unknown one is refused). */
export function FarewellMessageFormModal({ farewell, onClose }: { farewell: FarewellMessage | null; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm<FarewellFormValues>({
    initialValues: { message: farewell?.message ?? '' },
    validate: schemaValidator(farewellMessageBodySchema, farewellBody),
  });

  const saving = useFormSave(form, useSaveFarewellMessage(), { errorId: 'farewell-save-error', onClose });
  const submit = form.onSubmit((values) => saving.save({ id: farewell?.id ?? null, input: farewellBody(values) }));

  return (
    <FormModal title={farewell ? t('closing.editTitle') : t('closing.createTitle')} testId="farewell" onSubmit={submit} saving={saving}>
      <TemplateTextarea
        label={t('closing.message')}
        required
        data-autofocus
        maxLength={MAX_FAREWELL_LENGTH}
        data-testid="farewell-message"
        {...form.getInputProps('message')}
      />
    </FormModal>
  );
}
