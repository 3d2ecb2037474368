import { planBodySchema, updatePlanBodySchema, type AdminPlan } from '@conversa/shared';
import { Alert, Button, Group, Modal, NumberInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { errorMessage, fieldErrors } from '../../../lib/errors';
import { numberValue, schemaValidator } from '../../../lib/form-validation';
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

/** The request body of the form's values (what the validation checks and the submit sends). */
function planBody(values: PlanFormValues) {
  return {
    name: values.name,
    value: numberValue(values.value),
    connections: numberValue(values.connections),
    users: numberValue(values.users),
    trial: values.trial,
    trialDays: numberValue(values.trialDays),
  };
}

export function PlanFormModal({ plan, onClose }: { plan: AdminPlan | null; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const [formError, setFormError] = useState<string | null>(null);
  /** An edit of the limits of a plan companies are on, waiting for the operator's confirmation. */
  const [confirming, setConfirming] = useState<PlanInput | null>(null);

  const form = useForm<PlanFormValues>({
    initialValues: {
      name: plan?.name ?? '',
      value: plan?.value ?? 0,
      connections: plan?.connections ?? 1,
      users: plan?.users ?? 1,
      trial: plan?.trial ?? false,
      trialDays: plan?.trialDays ?? 0,
    },
    // POST /plans or PUT /plans/:id: the server's own schema.
    validate: schemaValidator(plan ? updatePlanBodySchema : planBodySchema, planBody),
  });

  const save = (input: PlanInput) => {
    const onSuccess = () => {
      setConfirming(null);
      notifySuccess(t('common.saved'));
      onClose();
    };
    const onError = (error: unknown) => {
      setConfirming(null);
      form.setErrors(fieldErrors(error));
      setFormError(errorMessage(error));
      notifyApiError(error, 'plan-save-error');
    };
    if (plan) update.mutate({ id: plan.id, input }, { onSuccess, onError });
    else create.mutate(input, { onSuccess, onError });
  };

  const submit = form.onSubmit((values) => {
    setFormError(null);
    // Validated above: the schema's output is the body (trimmed name).
    const input: PlanInput = planBodySchema.parse(planBody(values));
    // New users/connections limits reach every company on the plan (the server applies them): asked first.
    const limitsChanged = plan !== null && (input.users !== plan.users || input.connections !== plan.connections);
    if (limitsChanged && plan.companies > 0) setConfirming(input);
    else save(input);
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
      <ConfirmModal
        opened={confirming !== null}
        title={t('plans.limitsConfirmTitle')}
        message={t('plans.limitsConfirm', { count: plan?.companies ?? 0 })}
        confirmLabel={t('common.save')}
        confirmColor="blue"
        loading={update.isPending}
        onConfirm={() => confirming && save(confirming)}
        onClose={() => setConfirming(null)}
      />
    </Modal>
  );
}
