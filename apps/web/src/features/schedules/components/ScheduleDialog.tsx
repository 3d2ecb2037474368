import {
  createScheduleBodySchema,
  createScheduleFieldsSchema,
  MESSAGE_BODY_MAX,
  SCHEDULE_RECURRENCES,
  updateScheduleBodySchema,
  type ScheduledMessage,
  type ScheduleRecurrence,
} from '@conversa/shared';
import { Alert, Button, FileInput, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCalendarClock, IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TemplateTextarea } from '../../../components/TemplateTextarea';
import { maskDateTime, parseDateTime, toDateTimeText } from '../../../lib/date-time';
import { errorMessage, fieldErrors } from '../../../lib/errors';
import { schemaValidator } from '../../../lib/form-validation';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useIsMobile } from '../../../lib/useIsMobile';
import { useChannels } from '../../channels/api';
import { ContactPicker, type PickedContact } from '../../tickets/components/ContactPicker';
import { useSaveSchedule } from '../api';

interface ScheduleFormValues {
  scheduleDate: string;
  recurrence: string;
  body: string;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** SPEC §9 quick choices: in 30 minutes, tomorrow and next week (at this time of day). */
const QUICK_CHOICES = [
  { key: 'in30Minutes', offset: 30 * MINUTE },
  { key: 'tomorrow', offset: DAY },
  { key: 'nextWeek', offset: 7 * DAY },
] as const;

const scheduleBody = (values: ScheduleFormValues) => ({
  // An unreadable date is sent as typed: the schema refuses it (the field says why).
  scheduleDate: parseDateTime(values.scheduleDate) ?? values.scheduleDate,
  recurrence: Number(values.recurrence) as ScheduleRecurrence,
  body: values.body,
});

/** The date typed is before now (a minute's grace, as the server's): SPEC §8 'Invalid date'. */
const inThePast = (iso: string) => new Date(iso).getTime() < Date.now() - MINUTE;

export interface ScheduleDialogProps {
  /** A new schedule for this ticket's contact and channel (without one, nor `schedule`: the user picks a contact and a channel)… */
  ticketId?: number;
  /** …whose name the dialog shows. */
  contactName?: string;
  /** The text already written in the composer. */
  initialBody?: string;
  /** Or: edit this pending schedule. */
  schedule?: ScheduledMessage;
  onClose: () => void;
  onSaved?: (schedule: ScheduledMessage) => void;
}

/**
 * The message-scheduling dialog (SPEC §2): date and time in the dd/MM/yyyy HH:mm mask with the quick
 * choices of SPEC §9, recurrence, the text with the template-variable picker and an optional file
 * (an edit may replace the schedule's file or take it off). Refused in the past ('Invalid date') here
 * and by the server.
 */
export function ScheduleDialog({ ticketId, contactName, initialBody = '', schedule, onClose, onSaved }: ScheduleDialogProps) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const save = useSaveSchedule();
  const [file, setFile] = useState<File | null>(null);
  // Editing: the schedule's file taken off (a new `file` replaces it instead).
  const [removeFile, setRemoveFile] = useState(false);
  const keepsFile = Boolean(schedule?.mediaName) && !removeFile;
  const [formError, setFormError] = useState<string | null>(null);
  const [defaultDate] = useState(() => new Date(Date.now() + 30 * MINUTE));
  // From /agendamentos: no ticket, so the contact and the channel are chosen here.
  const picking = ticketId === undefined && !schedule;
  const [contact, setContact] = useState<PickedContact | null>(null);
  const [channelId, setChannelId] = useState<string | null>(null);
  const channels = useChannels(picking);
  // With a file the text may be empty (the multipart form's fields).
  const schema = schedule ? updateScheduleBodySchema : file ? createScheduleFieldsSchema : createScheduleBodySchema;
  const target = () => (picking ? { contactId: contact?.id ?? 0, ...(channelId ? { whatsappId: Number(channelId) } : {}) } : { ticketId });
  const validate = schemaValidator(schema, (values: ScheduleFormValues) => ({ ...scheduleBody(values), ...target() }), {
    issueMessage: (field) =>
      field === 'scheduleDate' ? t('schedules.invalidDate') : field === 'body' ? t('schedules.bodyRequired') : undefined,
  });

  const form = useForm<ScheduleFormValues>({
    initialValues: {
      scheduleDate: toDateTimeText(schedule?.scheduleDate ?? defaultDate),
      recurrence: String(schedule?.recurrence ?? 0),
      body: schedule?.body ?? initialBody,
    },
    validate: (values) => {
      const errors = validate(values);
      const date = parseDateTime(values.scheduleDate);
      if (!errors.scheduleDate && date && inThePast(date)) errors.scheduleDate = t('schedules.invalidDate');
      // A file alone is a message; without one the text is required.
      if (!values.body.trim() && !file && !keepsFile) errors.body = t('schedules.bodyRequired');
      if (picking && !contact) errors.contactId = t('schedules.contactRequired');
      return errors;
    },
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    const body = scheduleBody(values);
    const request = schedule
      ? save.mutateAsync({ id: schedule.id, body: removeFile && !file ? { ...body, removeMedia: true } : body, file })
      : save.mutateAsync({ id: null, body: { ...body, ...target() }, file });
    request
      .then((saved) => {
        notifySuccess(schedule ? t('schedules.updated') : t('schedules.created'));
        onSaved?.(saved);
        onClose();
      })
      .catch((error: unknown) => {
        form.setErrors(fieldErrors(error));
        setFormError(errorMessage(error));
        notifyApiError(error, 'schedule-save-error');
      });
  });

  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen={mobile}
      centered
      title={schedule ? t('schedules.editTitle') : t('schedules.createTitle')}
      data-testid="schedule-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {(contactName ?? schedule?.contact.name) && (
            <Text size="sm" c="dimmed" data-testid="schedule-contact">
              {t('schedules.forContact', { name: contactName ?? schedule?.contact.name })}
            </Text>
          )}
          {picking && (
            <>
              <ContactPicker
                label={t('schedules.contact')}
                value={contact}
                onChange={(picked) => {
                  setContact(picked);
                  form.clearFieldError('contactId');
                }}
                error={form.errors.contactId as string | undefined}
                testId="schedule-contact-picker"
              />
              <Select
                label={t('schedules.channel')}
                description={t('schedules.channelHint')}
                clearable
                comboboxProps={{ withinPortal: true }}
                data={(channels.data ?? []).map((channel) => ({ value: String(channel.id), label: channel.name }))}
                value={channelId}
                onChange={setChannelId}
                data-testid="schedule-channel"
              />
            </>
          )}
          <TextInput
            label={t('schedules.scheduleDate')}
            description={t('schedules.scheduleDateHint')}
            required
            inputMode="numeric"
            placeholder={t('schedules.datePlaceholder')}
            leftSection={<IconCalendarClock size={16} />}
            data-testid="schedule-date"
            {...form.getInputProps('scheduleDate')}
            onChange={(event) => form.setFieldValue('scheduleDate', maskDateTime(event.currentTarget.value))}
          />
          <Group gap="xs" data-testid="schedule-quick-choices">
            {QUICK_CHOICES.map((choice) => (
              <Button
                key={choice.key}
                size="compact-sm"
                variant="light"
                onClick={() => form.setFieldValue('scheduleDate', toDateTimeText(new Date(Date.now() + choice.offset)))}
                data-testid={`schedule-quick-${choice.key}`}
              >
                {t(`schedules.quick.${choice.key}`)}
              </Button>
            ))}
          </Group>
          <Select
            label={t('schedules.recurrence')}
            required
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data={SCHEDULE_RECURRENCES.map((days) => ({
              value: String(days),
              label: days === 0 ? t('schedules.noRecurrence') : t('schedules.everyDays', { count: days }),
            }))}
            data-testid="schedule-recurrence"
            {...form.getInputProps('recurrence')}
          />
          <TemplateTextarea
            label={t('schedules.message')}
            maxLength={MESSAGE_BODY_MAX}
            data-testid="schedule-body"
            {...form.getInputProps('body')}
            onChange={(value) => form.setFieldValue('body', value)}
          />
          {schedule?.mediaName && !file && (
            <Group gap="xs" wrap="nowrap" data-testid="schedule-current-file">
              <IconPaperclip size={14} style={{ flexShrink: 0 }} />
              <Text
                size="sm"
                td={removeFile ? 'line-through' : undefined}
                c={removeFile ? 'dimmed' : undefined}
                style={{ overflowWrap: 'anywhere' }}
              >
                {schedule.mediaName}
              </Text>
              <Button
                size="compact-xs"
                variant="subtle"
                color={removeFile ? undefined : 'red'}
                onClick={() => setRemoveFile((value) => !value)}
                data-testid={removeFile ? 'schedule-keep-file' : 'schedule-remove-file'}
              >
                {removeFile ? t('schedules.keepFile') : t('schedules.removeFile')}
              </Button>
            </Group>
          )}
          <FileInput
            label={schedule?.mediaName ? t('schedules.replaceFile') : t('schedules.file')}
            placeholder={t('schedules.filePlaceholder')}
            clearable
            value={file}
            onChange={setFile}
            leftSection={<IconPaperclip size={16} />}
            data-testid="schedule-file"
          />
          {formError && (
            <Alert color="red" data-testid="schedule-form-error">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="schedule-save">
              {schedule ? t('common.save') : t('schedules.schedule')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
