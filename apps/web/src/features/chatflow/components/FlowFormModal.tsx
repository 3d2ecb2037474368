import { createFlowBodySchema, updateFlowBodySchema, type Flow } from '@conversa/shared/chatbot';
import { Alert, Button, Group, Modal, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { chatFlowBuilderPath } from '../../../app/paths';
import { fieldErrors, formErrorMessage } from '../../../lib/errors';
import { schemaValidator, textOrNull } from '../../../lib/form-validation';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useCreateFlow, useUpdateFlow } from '../api';
import { blankDefinition } from '../builder/edit';

interface FlowFormValues {
  name: string;
  description: string;
  isActive: boolean;
  testNumber: string;
}

function settingsBody(values: FlowFormValues) {
  return {
    name: values.name.trim(),
    description: textOrNull(values.description),
    isActive: values.isActive,
    testNumber: textOrNull(values.testNumber),
  };
}

/** Create a flow (then open it in the builder) or edit its settings: name, description, active, test number. */
export function FlowFormModal({ flow, onClose }: { flow: Flow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateFlow();
  const update = useUpdateFlow();
  const [formError, setFormError] = useState<string | null>(null);
  // A new flow starts with one step, where conversations begin.
  const [definition] = useState(() => blankDefinition(t('chatFlow.step.firstName')));

  const body = (values: FlowFormValues) => (flow ? settingsBody(values) : { ...settingsBody(values), definition });
  const form = useForm<FlowFormValues>({
    initialValues: {
      name: flow?.name ?? '',
      description: flow?.description ?? '',
      isActive: flow?.isActive ?? true,
      testNumber: flow?.testNumber ?? '',
    },
    validate: schemaValidator(flow ? updateFlowBodySchema : createFlowBodySchema, body, {
      ruleMessages: { testNumber: t('chatFlow.form.invalidTestNumber') },
    }),
  });

  const onError = (error: unknown) => {
    form.setErrors(fieldErrors(error));
    setFormError(formErrorMessage(error));
    notifyApiError(error, 'flow-save-error');
  };

  const submit = form.onSubmit((values) => {
    setFormError(null);
    if (flow) {
      update.mutate(
        { id: flow.id, body: settingsBody(values) },
        {
          onSuccess: () => {
            notifySuccess(t('common.saved'));
            onClose();
          },
          onError,
        },
      );
      return;
    }
    create.mutate(
      { ...settingsBody(values), definition },
      {
        onSuccess: (created) => {
          notifySuccess(t('common.saved'));
          onClose();
          void navigate(chatFlowBuilderPath(created.id));
        },
        onError,
      },
    );
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={flow ? t('chatFlow.form.editTitle') : t('chatFlow.form.createTitle')}
      centered
      data-testid="flow-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('chatFlow.name')}
            required
            data-autofocus
            maxLength={100}
            data-testid="flow-name"
            {...form.getInputProps('name')}
          />
          <Textarea
            label={t('chatFlow.description')}
            autosize
            minRows={2}
            maxRows={5}
            maxLength={1000}
            {...form.getInputProps('description')}
          />
          <TextInput
            label={t('chatFlow.testNumber')}
            description={t('chatFlow.form.testNumberHint')}
            inputMode="tel"
            data-testid="flow-test-number"
            {...form.getInputProps('testNumber')}
          />
          <Switch label={t('chatFlow.active')} {...form.getInputProps('isActive', { type: 'checkbox' })} />
          {formError && (
            <Alert color="red" data-testid="flow-form-error">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending} data-testid="flow-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
