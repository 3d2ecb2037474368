import { createLaneBodySchema, DEFAULT_LANE_COLOR, LANE_NAME_MAX, type Lane } from '@conversa/shared';
import { ColorInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormModal, useFormSave } from '../../../components/FormModal';
import { schemaValidator } from '../../../lib/form-validation';
import { useSaveLane } from '../api';

const SWATCHES = ['#868e96', '#4dabf7', '#12b886', '#fab005', '#fa5252', '#7950f2', '#e64980', '#fd7e14'];

interface LaneFormValues {
  name: string;
  color: string;
}

const laneBody = (values: LaneFormValues) => ({ name: values.name.trim(), color: values.color });

/** Create or edit a kanban lane: its name (unique in the company) and colour. New lanes go last. */
export function LaneFormModal({ lane, onClose }: { lane: Lane | null; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm<LaneFormValues>({
    initialValues: { name: lane?.name ?? '', color: lane?.color ?? DEFAULT_LANE_COLOR },
    validate: schemaValidator(createLaneBodySchema, laneBody),
  });

  const saving = useFormSave(form, useSaveLane(), { errorId: 'lane-save-error', onClose });
  const submit = form.onSubmit((values) => saving.save({ id: lane?.id ?? null, input: laneBody(values) }));

  return (
    <FormModal title={lane ? t('lanes.editTitle') : t('lanes.createTitle')} testId="lane" onSubmit={submit} saving={saving}>
      <TextInput
        label={t('lanes.name')}
        required
        data-autofocus
        maxLength={LANE_NAME_MAX}
        data-testid="lane-name"
        {...form.getInputProps('name')}
      />
      <ColorInput label={t('lanes.color')} format="hex" swatches={SWATCHES} data-testid="lane-color" {...form.getInputProps('color')} />
    </FormModal>
  );
}
