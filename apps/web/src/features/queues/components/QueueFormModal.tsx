import { createQueueBodySchema, updateQueueBodySchema, type Queue } from '@conversa/shared';
import { ColorInput, MultiSelect, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { TemplateTextarea } from '../../../components/TemplateTextarea';
import { FormModal, useFormSave } from '../../../components/FormModal';
import { schemaValidator } from '../../../lib/form-validation';
import { useAllUsers } from '../../users/api';
import { useSaveQueue } from '../api';

const DEFAULT_COLOR = '#4dabf7';
const SWATCHES = ['#4dabf7', '#12b886', '#fab005', '#fa5252', '#7950f2', '#e64980', '#fd7e14', '#868e96'];

interface QueueFormValues {
  name: string;
  color: string;
  greetingMessage: string;
  userIds: string[];
}

/** The request body of the form's values (what the validation checks and the submit sends). */
function queueBody(values: QueueFormValues) {
  return {
    name: values.name.trim(),
    color: values.color,
    greetingMessage: values.greetingMessage.trim() ? values.greetingMessage : null,
    userIds: values.userIds.map(Number),
  };
}

/** Create or edit a queue: name, colour, greeting and its members. */
export function QueueFormModal({ queue, onClose }: { queue: Queue | null; onClose: () => void }) {
  const { t } = useTranslation();
  const users = useAllUsers();

  const form = useForm<QueueFormValues>({
    initialValues: {
      name: queue?.name ?? '',
      color: queue?.color ?? DEFAULT_COLOR,
      greetingMessage: queue?.greetingMessage ?? '',
      userIds: (queue?.userIds ?? []).map(String),
    },
    // POST /queue or PUT /queue/:id: the server's own schema.
    validate: schemaValidator(queue ? updateQueueBodySchema : createQueueBodySchema, queueBody, {
      ruleMessages: { color: t('queues.invalidColor') },
    }),
  });

  const saving = useFormSave(form, useSaveQueue(), {
    errorId: 'queue-save-error',
    onClose,
    duplicate: { code: 'ERR_DUPLICATED_QUEUE', field: 'name' },
  });
  const submit = form.onSubmit((values) => saving.save({ id: queue?.id ?? null, input: queueBody(values) }));

  return (
    <FormModal title={queue ? t('queues.editTitle') : t('queues.createTitle')} testId="queue" onSubmit={submit} saving={saving}>
      <TextInput label={t('queues.name')} required data-autofocus {...form.getInputProps('name')} />
      <ColorInput label={t('queues.color')} format="hex" swatches={SWATCHES} {...form.getInputProps('color')} />
      <TemplateTextarea
        label={t('queues.greeting')}
        minRows={2}
        maxRows={6}
        maxLength={4000}
        data-testid="queue-greeting"
        {...form.getInputProps('greetingMessage')}
      />
      <MultiSelect
        label={t('queues.users')}
        data={(users.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
        searchable
        clearable
        nothingFoundMessage={t('common.noRecords')}
        data-testid="queue-users"
        {...form.getInputProps('userIds')}
      />
    </FormModal>
  );
}
