import { createQuickMessageBodySchema, updateQuickMessageBodySchema, type QuickMessage } from '@conversa/shared';
import { CloseButton, FileInput, Group, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TemplateTextarea } from '../../../components/TemplateTextarea';
import { FormModal, useFormSave } from '../../../components/FormModal';
import { schemaValidator } from '../../../lib/form-validation';
import { useSaveQuickMessage } from '../api';

const ACCEPT = 'image/*,video/*,audio/*,application/pdf,.doc,.docx,.xls,.xlsx,.odt,.ods,.zip,.txt,.csv';

interface QuickMessageFormValues {
  key: string;
  message: string;
  /** A new file to upload. */
  file: File | null;
  /** The quick message's current file is kept. */
  keepMedia: boolean;
  sendAsAudio: boolean;
  isActive: boolean;
}

/** Stands for the token of a file not uploaded yet, so that the shared schema sees that a file is there. */
const CHOSEN_FILE = 'chosen-file';

function mediaToken(values: QuickMessageFormValues, current: QuickMessage | null): string | null | undefined {
  if (values.file) return CHOSEN_FILE;
  if (current?.media && !values.keepMedia) return null;
  return current ? undefined : values.keepMedia ? undefined : null;
}

/** The body the schema checks (with a stand-in token when a file is chosen). */
function checkedBody(values: QuickMessageFormValues, current: QuickMessage | null) {
  const token = mediaToken(values, current);
  const hasFile = token === CHOSEN_FILE || (current?.media && values.keepMedia);
  return {
    key: values.key.trim(),
    message: values.message,
    sendAsAudio: values.sendAsAudio,
    isActive: values.isActive,
    ...(token !== undefined ? { mediaToken: token } : hasFile ? { mediaToken: CHOSEN_FILE } : {}),
  };
}

/** Create or edit a quick message: key, text with variables, an optional file (sent as audio when it is audio), active. */
export function QuickMessageFormModal({ quickMessage, onClose }: { quickMessage: QuickMessage | null; onClose: () => void }) {
  const { t } = useTranslation();

  const form = useForm<QuickMessageFormValues>({
    initialValues: {
      key: quickMessage?.key ?? '',
      message: quickMessage?.message ?? '',
      file: null,
      keepMedia: Boolean(quickMessage?.media),
      sendAsAudio: quickMessage?.sendAsAudio ?? false,
      isActive: quickMessage?.isActive ?? true,
    },
    validate: schemaValidator(
      quickMessage ? updateQuickMessageBodySchema : createQuickMessageBodySchema,
      (values: QuickMessageFormValues) => checkedBody(values, quickMessage),
      {
        field: (path) => (path === 'mediaToken' ? 'file' : path),
      },
    ),
  });

  const { values } = form;
  const audioChosen = values.file ? values.file.type.startsWith('audio/') : values.keepMedia && quickMessage?.media?.type === 'audio';

  const saving = useFormSave(form, useSaveQuickMessage(), {
    errorId: 'quick-message-save-error',
    onClose,
    duplicate: { code: 'ERR_DUPLICATED_QUICK_MESSAGE', field: 'key' },
    fieldAliases: { mediaToken: 'file' },
  });
  const submit = form.onSubmit((submitted) => {
    const token = mediaToken(submitted, quickMessage);
    const body = {
      key: submitted.key.trim(),
      message: submitted.message,
      sendAsAudio: audioChosen ? submitted.sendAsAudio : false,
      isActive: submitted.isActive,
      ...(token === null && quickMessage ? { mediaToken: null } : {}),
    };
    saving.save(quickMessage ? { id: quickMessage.id, body, file: submitted.file } : { id: null, body, file: submitted.file });
  });

  return (
    <FormModal
      title={quickMessage ? t('quickMessages.editTitle') : t('quickMessages.createTitle')}
      testId="quick-message"
      onSubmit={submit}
      saving={saving}
      size="lg"
    >
      <TextInput
        label={t('quickMessages.key')}
        description={t('quickMessages.keyHelp')}
        leftSection={<Text c="dimmed">/</Text>}
        required
        data-autofocus
        maxLength={50}
        data-testid="quick-message-key"
        {...form.getInputProps('key')}
      />
      <TemplateTextarea
        label={t('quickMessages.message')}
        value={values.message}
        onChange={(message) => form.setFieldValue('message', message)}
        error={form.errors.message}
        maxLength={4096}
        data-testid="quick-message-text"
      />
      {values.keepMedia && quickMessage?.media && !values.file ? (
        <Group gap="xs" wrap="nowrap" data-testid="quick-message-current-file">
          <IconPaperclip size={16} />
          <Text size="sm" truncate="end" style={{ flex: 1 }}>
            {quickMessage.media.name}
          </Text>
          <CloseButton
            size="sm"
            aria-label={t('quickMessages.removeFile')}
            onClick={() => form.setFieldValue('keepMedia', false)}
            data-testid="quick-message-remove-file"
          />
        </Group>
      ) : (
        <FileInput
          label={t('quickMessages.file')}
          placeholder={t('quickMessages.chooseFile')}
          accept={ACCEPT}
          clearable
          leftSection={<IconPaperclip size={16} />}
          data-testid="quick-message-file"
          {...form.getInputProps('file')}
        />
      )}
      {audioChosen && (
        <Switch
          label={t('quickMessages.sendAsAudio')}
          description={t('quickMessages.sendAsAudioHelp')}
          data-testid="quick-message-audio"
          {...form.getInputProps('sendAsAudio', { type: 'checkbox' })}
        />
      )}
      <Switch
        label={t('quickMessages.active')}
        data-testid="quick-message-is-active"
        {...form.getInputProps('isActive', { type: 'checkbox' })}
      />
    </FormModal>
  );
}
