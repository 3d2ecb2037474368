import { createDemandBodySchema, DEMAND_NAME_MAX, type Demand } from '@conversa/shared';
import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormModal, useFormSave } from '../../../components/FormModal';
import { schemaValidator } from '../../../lib/form-validation';
import { useSaveDemand } from '../api';

const demandBody = (values: { name: string }) => ({ name: values.name.trim() });

/** Create or rename a reason (unique in the company, case ignored). */
export function DemandFormModal({ demand, onClose }: { demand: Demand | null; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm({ initialValues: { name: demand?.name ?? '' }, validate: schemaValidator(createDemandBodySchema, demandBody) });

  const saving = useFormSave(form, useSaveDemand(), { errorId: 'demand-save-error', onClose });
  const submit = form.onSubmit((values) => saving.save({ id: demand?.id ?? null, input: demandBody(values) }));

  return (
    <FormModal title={demand ? t('demands.editTitle') : t('demands.createTitle')} testId="demand" onSubmit={submit} saving={saving}>
      <TextInput
        label={t('demands.name')}
        required
        data-autofocus
        maxLength={DEMAND_NAME_MAX}
        data-testid="demand-name"
        {...form.getInputProps('name')}
      />
    </FormModal>
  );
}
