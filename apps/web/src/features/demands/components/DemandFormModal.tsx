import { createDemandBodySchema, DEMAND_NAME_MAX, type Demand } from '@conversa/shared';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '../../../lib/errors';
import { schemaValidator } from '../../../lib/form-validation';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useSaveDemand } from '../api';

const demandBody = (values: { name: string }) => ({ name: values.name.trim() });

/** Create or rename a reason (unique in the company, case ignored). */
export function DemandFormModal({ demand, onClose }: { demand: Demand | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveDemand();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({ initialValues: { name: demand?.name ?? '' }, validate: schemaValidator(createDemandBodySchema, demandBody) });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    save.mutate(
      { id: demand?.id ?? null, input: demandBody(values) },
      {
        onSuccess: () => {
          notifySuccess(t('common.saved'));
          onClose();
        },
        onError: (error) => {
          form.setErrors(fieldErrors(error));
          setFormError(errorMessage(error));
          notifyApiError(error, 'demand-save-error');
        },
      },
    );
  });

  return (
    <Modal opened onClose={onClose} title={demand ? t('demands.editTitle') : t('demands.createTitle')} centered data-testid="demand-modal">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('demands.name')} required data-autofocus maxLength={DEMAND_NAME_MAX} data-testid="demand-name" {...form.getInputProps('name')} />
          {formError && (
            <Alert color="red" data-testid="demand-form-error">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="demand-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
