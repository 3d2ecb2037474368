import type { Plan } from '@conversa/shared';
import { Alert, Button, Group, Modal, NumberInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '../../../lib/errors';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useCreatePlan, useUpdatePlan, type PlanInput } from '../api';

interface PlanFormValues {
  name: string;
  value: number | string;
  connections: number | string;
  users: number | string;
  trial: boolean;
  trialDays: number | string;
}

function atLeast(value: number | string, min: number, integer = true): boolean {
  const n = typeof value === 'number' ? value : Number(value);
  return value !== '' && Number.isFinite(n) && n >= min && (!integer || Number.isInteger(n));
}

export function PlanFormModal({ plan, onClose }: { plan: Plan | null; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm<PlanFormValues>({
    initialValues: {
      name: plan?.name ?? '',
      value: plan?.value ?? 0,
      connections: plan?.connections ?? 1,
      users: plan?.users ?? 1,
      trial: plan?.trial ?? false,
      trialDays: plan?.trialDays ?? 0,
    },
    validate: {
      name: (value) => (value.trim().length >= 2 ? null : t('validation.minLength', { min: 2 })),
      value: (value) => (atLeast(value, 0, false) ? null : t('validation.minValue', { min: 0 })),
      connections: (value) => (atLeast(value, 0) ? null : t('validation.minValue', { min: 0 })),
      users: (value) => (atLeast(value, 1) ? null : t('validation.minValue', { min: 1 })),
      trialDays: (value) => (atLeast(value, 0) ? null : t('validation.minValue', { min: 0 })),
    },
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    const input: PlanInput = {
      name: values.name.trim(),
      value: Number(values.value),
      connections: Number(values.connections),
      users: Number(values.users),
      trial: values.trial,
      trialDays: Number(values.trialDays),
    };
    const onSuccess = () => {
      notifySuccess(t('common.saved'));
      onClose();
    };
    const onError = (error: unknown) => {
      form.setErrors(fieldErrors(error));
      setFormError(errorMessage(error));
      notifyApiError(error, 'plan-save-error');
    };
    if (plan) update.mutate({ id: plan.id, input }, { onSuccess, onError });
    else create.mutate(input, { onSuccess, onError });
  });

  return (
    <Modal opened onClose={onClose} title={plan ? t('plans.editTitle') : t('plans.createTitle')} centered data-testid="plan-modal">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('plans.name')} required data-autofocus {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={t('plans.value')}
              min={0}
              decimalScale={3}
              decimalSeparator=","
              thousandSeparator="."
              required
              {...form.getInputProps('value')}
            />
            <NumberInput label={t('plans.users')} min={1} allowDecimal={false} required {...form.getInputProps('users')} />
            <NumberInput label={t('plans.connections')} min={0} allowDecimal={false} required {...form.getInputProps('connections')} />
            <NumberInput label={t('plans.trialDays')} min={0} allowDecimal={false} {...form.getInputProps('trialDays')} />
          </SimpleGrid>
          <Switch label={t('plans.trial')} {...form.getInputProps('trial', { type: 'checkbox' })} />
          {formError && (
            <Alert color="red" data-testid="plan-form-error">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending} data-testid="plan-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
