import {
  checkTaskRepetitions,
  createTaskBodySchema,
  TASK_DESCRIPTION_MAX,
  TASK_NAME_MAX,
  TASK_PRIORITIES,
  TASK_RECURRENCES,
  TASK_REPETITIONS_MAX,
  updateTaskBodySchema,
  type Task,
  type TaskPriority,
  type TaskRecurrence,
} from '@conversa/shared';
import { Group, NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCalendarClock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, useFormSave } from '../../../components/FormModal';
import { schemaValidator } from '../../../lib/form-validation';
import { getUserId } from '../../../lib/session';
import { useAllUsers } from '../../users/api';
import { useSaveTask } from '../api';
import { maskDateTime, parseDateTime, toDateTimeText } from '../../../lib/date-time';

interface TaskFormValues {
  name: string;
  description: string;
  limitDate: string;
  ownerId: string;
  priority: TaskPriority;
  recurrence: string;
  repetitions: number | string;
  /** The ticket's number, or '' for none. */
  ticketId: number | string;
}

const taskBody = (values: TaskFormValues) => {
  const recurrence = Number(values.recurrence) as TaskRecurrence;
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    // An unreadable date is sent as typed: the schema refuses it (the field shows why).
    limitDate: parseDateTime(values.limitDate) ?? values.limitDate,
    ownerId: values.ownerId ? Number(values.ownerId) : undefined,
    priority: values.priority,
    recurrence,
    repetitions: recurrence === 0 ? 0 : values.repetitions === '' ? 0 : Number(values.repetitions),
    ticketId: values.ticketId === '' ? null : Number(values.ticketId),
  };
};

/** A new task's default limit date: this hour tomorrow. */
function tomorrowOnTheHour(): Date {
  const date = new Date(Date.now() + 86_400_000);
  date.setMinutes(0, 0, 0);
  return date;
}

/**
 * Create or edit a task: name, description, limit date (dd/MM/yyyy HH:mm), owner, priority,
 * recurrence and repetitions (at least 1 for a new series: the shared rule), and the ticket it is
 * about (its number; one the user may see, the server checks).
 */
export function TaskFormModal({ task, onClose }: { task: Task | null; onClose: () => void }) {
  const { t } = useTranslation();
  const users = useAllUsers();
  const [defaultDate] = useState(tomorrowOnTheHour);

  const form = useForm<TaskFormValues>({
    initialValues: {
      name: task?.name ?? '',
      description: task?.description ?? '',
      limitDate: toDateTimeText(task?.limitDate ?? defaultDate),
      ownerId: String(task?.ownerId ?? getUserId() ?? ''),
      priority: task?.priority ?? 'none',
      recurrence: String(task?.recurrence ?? 0),
      repetitions: task?.repetitions ?? 1,
      ticketId: task?.ticketId ?? '',
    },
    validate: schemaValidator(
      task ? updateTaskBodySchema.superRefine(checkTaskRepetitions(task.occurrence)) : createTaskBodySchema,
      taskBody,
      {
        ruleMessages: { limitDate: t('tasks.invalidDate') },
        issueMessage: (field) => (field === 'limitDate' ? t('tasks.invalidDate') : undefined),
      },
    ),
  });
  const recurring = form.values.recurrence !== '0';

  const saving = useFormSave(form, useSaveTask(), {
    errorId: 'task-save-error',
    onClose,
    duplicate: { code: 'ERR_NO_TICKET_FOUND', field: 'ticketId' },
  });
  const submit = form.onSubmit((values) => {
    const body = taskBody(values);
    saving.save(task ? { id: task.id, body } : { id: null, body: { ...body, ownerId: body.ownerId ?? 0 } });
  });

  return (
    <FormModal title={task ? t('tasks.editTitle') : t('tasks.createTitle')} testId="task" onSubmit={submit} saving={saving}>
      <TextInput
        label={t('tasks.name')}
        required
        data-autofocus
        maxLength={TASK_NAME_MAX}
        data-testid="task-name"
        {...form.getInputProps('name')}
      />
      <Textarea
        label={t('tasks.description')}
        required
        autosize
        minRows={2}
        maxLength={TASK_DESCRIPTION_MAX}
        data-testid="task-description"
        {...form.getInputProps('description')}
      />
      <TextInput
        label={t('tasks.limitDate')}
        description={t('tasks.limitDateHint')}
        required
        inputMode="numeric"
        placeholder="dd/mm/aaaa hh:mm"
        leftSection={<IconCalendarClock size={16} />}
        data-testid="task-limit-date"
        {...form.getInputProps('limitDate')}
        onChange={(event) => form.setFieldValue('limitDate', maskDateTime(event.currentTarget.value))}
      />
      <Select
        label={t('tasks.owner')}
        required
        searchable
        allowDeselect={false}
        data={(users.data ?? []).map((user) => ({ value: String(user.id), label: user.name }))}
        data-testid="task-owner"
        {...form.getInputProps('ownerId')}
      />
      <Group grow align="flex-start">
        <Select
          label={t('tasks.priority')}
          required
          allowDeselect={false}
          data={TASK_PRIORITIES.map((p) => ({ value: p, label: t(`tasks.priorities.${p}`) }))}
          data-testid="task-priority"
          {...form.getInputProps('priority')}
        />
        <Select
          label={t('tasks.recurrence')}
          required
          allowDeselect={false}
          data={TASK_RECURRENCES.map((days) => ({
            value: String(days),
            label: days === 0 ? t('tasks.noRecurrence') : t('tasks.everyDays', { count: days }),
          }))}
          data-testid="task-recurrence"
          {...form.getInputProps('recurrence')}
        />
      </Group>
      {recurring && (
        <NumberInput
          label={t('tasks.repetitions')}
          description={t('tasks.repetitionsHint')}
          min={task && task.occurrence > 1 ? 0 : 1}
          max={TASK_REPETITIONS_MAX}
          allowDecimal={false}
          data-testid="task-repetitions"
          {...form.getInputProps('repetitions')}
        />
      )}
      <NumberInput
        label={t('tasks.ticket')}
        description={t('tasks.ticketHint')}
        placeholder="#"
        min={1}
        allowDecimal={false}
        allowNegative={false}
        hideControls
        data-testid="task-ticket"
        {...form.getInputProps('ticketId')}
      />
    </FormModal>
  );
}
