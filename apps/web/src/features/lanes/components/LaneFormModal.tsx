import { createLaneBodySchema, DEFAULT_LANE_COLOR, LANE_NAME_MAX, type Lane } from '@conversa/shared';
import { Alert, Button, ColorInput, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '../../../lib/errors';
import { schemaValidator } from '../../../lib/form-validation';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
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
  const save = useSaveLane();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<LaneFormValues>({
    initialValues: { name: lane?.name ?? '', color: lane?.color ?? DEFAULT_LANE_COLOR },
    validate: schemaValidator(createLaneBodySchema, laneBody),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    save.mutate(
      { id: lane?.id ?? null, input: laneBody(values) },
      {
        onSuccess: () => {
          notifySuccess(t('common.saved'));
          onClose();
        },
        onError: (error) => {
          form.setErrors(fieldErrors(error));
          setFormError(errorMessage(error));
          notifyApiError(error, 'lane-save-error');
        },
      },
    );
  });

  return (
    <Modal opened onClose={onClose} title={lane ? t('lanes.editTitle') : t('lanes.createTitle')} centered data-testid="lane-modal">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('lanes.name')}
            required
            data-autofocus
            maxLength={LANE_NAME_MAX}
            data-testid="lane-name"
            {...form.getInputProps('name')}
          />
          <ColorInput label={t('lanes.color')} format="hex" swatches={SWATCHES} data-testid="lane-color" {...form.getInputProps('color')} />
          {formError && (
            <Alert color="red" data-testid="lane-form-error">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="lane-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
