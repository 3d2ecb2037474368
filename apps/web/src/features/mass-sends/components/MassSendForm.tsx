import {
  createMassSendBodySchema,
  MASS_SEND_DEFAULT_DELAYS,
  MASS_SEND_DELAY_MAX,
  MASS_SEND_NUMBERS_TEXT_MAX,
  MASS_SEND_TEMPLATE_KINDS,
  MESSAGE_BODY_MAX,
  SMS_BODY_MAX,
  smsSegments,
  type CreateMassSendBody,
  type MassSendKind,
} from '@conversa/shared';
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPaperclip } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../app/paths';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { SpamRiskWarning } from '../../campaigns/components/SpamRiskWarning';
import { TemplateTextarea } from '../../../components/TemplateTextarea';
import { insertAtSelection, VariablePicker } from '../../../components/VariablePicker';
import { errorMessage, fieldErrors } from '../../../lib/errors';
import { numberValue, schemaValidator } from '../../../lib/form-validation';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useChannels } from '../../channels/api';
import { useContacts } from '../../contacts/api';
import { useSmsAvailability } from '../../sms/api';
import { useTags } from '../../tags/api';
import { useChannelTemplates, useCreateMassSend } from '../api';

const ACCEPT = 'image/*,video/*,audio/*,application/pdf,.doc,.docx,.xls,.xlsx,.odt,.ods,.zip,.txt,.csv';
type Source = 'numbers' | 'tag' | 'contacts';

interface MassSendFormValues {
  whatsappId: string | null;
  minDelaySeconds: number | string;
  maxDelaySeconds: number | string;
  source: Source;
  numbers: string;
  tagId: string | null;
  contactIds: string[];
  message: string;
  file: File | null;
  sendAsAudio: boolean;
  /** `name|language` of the chosen template. */
  template: string | null;
  params: string[];
}

const isTemplateKind = (kind: MassSendKind) => MASS_SEND_TEMPLATE_KINDS.includes(kind);

/** The request body the shared schema checks and the submit sends (a chosen file is uploaded first: its token stands in here). */
function massSendBody(kind: MassSendKind, values: MassSendFormValues): CreateMassSendBody {
  const recipients =
    values.source === 'numbers'
      ? { source: 'numbers' as const, numbers: values.numbers }
      : values.source === 'tag'
        ? { source: 'tag' as const, tagId: values.tagId ? Number(values.tagId) : 0 }
        : { source: 'contacts' as const, contactIds: values.contactIds.map(Number) };
  const pacing = {
    minDelaySeconds: numberValue(values.minDelaySeconds) ?? Number.NaN,
    maxDelaySeconds: numberValue(values.maxDelaySeconds) ?? Number.NaN,
    recipients,
  };
  if (kind === 'sms') return { kind, ...pacing, message: values.message };
  const common = { whatsappId: values.whatsappId ? Number(values.whatsappId) : 0, ...pacing };
  if (kind === 'template' || kind === 'template-variavel') {
    const [name = '', language = ''] = (values.template ?? '|').split('|');
    return { kind, ...common, template: { name, language, params: values.params } };
  }
  return { kind, ...common, message: values.message, mediaToken: values.file ? 'upload' : null, sendAsAudio: values.sendAsAudio };
}

/** The form field of a body path. */
function fieldOf(path: string): string | undefined {
  if (path.startsWith('recipients.')) return path.slice('recipients.'.length);
  if (path === 'recipients') return 'numbers';
  if (path === 'template.name' || path === 'template.language') return 'template';
  if (path.startsWith('template.params')) return path.replace('template.', '');
  if (path === 'mediaToken') return 'file';
  return path;
}

/** How many distinct numbers the textarea holds (the server normalises and refuses the invalid ones). */
function typedCount(numbers: string): number {
  return new Set(
    numbers
      .split(/[\n\r,;]+/)
      .map((n) => n.replace(/\D/g, ''))
      .filter(Boolean),
  ).size;
}

/**
 * One tab of /massa (SPEC §2, §5): the connection (only the official API's for the template tabs),
 * the recipients (typed numbers, a tag or picked contacts), the random pause between sends (max
 * greater than min), and what is sent: a text and/or a file for the text tabs, an approved
 * template with a value for each placeholder for the template tabs; the …variavel tabs offer the
 * template variables. The sms tab has no connection: a text through the tenant's SMS provider,
 * with its SMS count. Sending asks for a confirmation with the spam-risk warning.
 */
export function MassSendForm({ kind }: { kind: MassSendKind }) {
  const { t } = useTranslation();
  const templated = isTemplateKind(kind);
  const variable = kind === 'textovariavel' || kind === 'template-variavel';
  const sms = kind === 'sms';
  const smsAvailability = useSmsAvailability();
  const smsMissing = sms && smsAvailability.data?.configured === false;
  const channels = useChannels();
  const tags = useTags();
  const create = useCreateMassSend();
  const [contactSearch, setContactSearch] = useState('');
  const contacts = useContacts(contactSearch, 1);
  const [pickedContacts, setPickedContacts] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm<MassSendFormValues>({
    initialValues: {
      whatsappId: null,
      minDelaySeconds: MASS_SEND_DEFAULT_DELAYS.min,
      maxDelaySeconds: MASS_SEND_DEFAULT_DELAYS.max,
      source: 'numbers',
      numbers: '',
      tagId: null,
      contactIds: [],
      message: '',
      file: null,
      sendAsAudio: false,
      template: null,
      params: [],
    },
    validate: schemaValidator(createMassSendBodySchema, (values: MassSendFormValues) => massSendBody(kind, values), {
      field: fieldOf,
      issueMessage: (field) =>
        field === 'whatsappId' ? t('massSends.channelRequired') : field === 'template' ? t('massSends.templateRequired') : undefined,
    }),
  });
  const { values } = form;
  const channelId = values.whatsappId ? Number(values.whatsappId) : null;
  const templates = useChannelTemplates(templated ? channelId : null);
  const chosenTemplate = (templates.data ?? []).find((tpl) => `${tpl.name}|${tpl.language}` === values.template) ?? null;

  const channelOptions = (channels.data ?? [])
    .filter((channel) => !templated || channel.type === 'waba')
    .map((channel) => ({ value: String(channel.id), label: channel.name }));
  const tagOptions = (tags.data ?? []).map((tag) => ({ value: String(tag.id), label: tag.name }));
  const contactOptions = [
    ...Object.entries(pickedContacts).map(([value, label]) => ({ value, label })),
    ...(contacts.data?.contacts ?? [])
      .filter((contact) => contact.number && !(String(contact.id) in pickedContacts))
      .map((contact) => ({ value: String(contact.id), label: `${contact.name} (${contact.number})` })),
  ];
  const templateOptions = (templates.data ?? []).map((tpl) => ({
    value: `${tpl.name}|${tpl.language}`,
    label: `${tpl.name} (${tpl.language})`,
    disabled: !tpl.usable,
  }));

  const recipientCount =
    values.source === 'numbers' ? typedCount(values.numbers) : values.source === 'contacts' ? values.contactIds.length : undefined;

  const chooseTemplate = (value: string | null) => {
    form.setFieldValue('template', value);
    const tpl = (templates.data ?? []).find((item) => `${item.name}|${item.language}` === value);
    form.setFieldValue(
      'params',
      Array.from({ length: tpl?.params ?? 0 }, () => ''),
    );
  };

  const send = () => {
    setFormError(null);
    create
      .mutateAsync({ body: massSendBody(kind, values), file: templated || sms ? null : values.file })
      .then(() => {
        notifySuccess(t('massSends.started'));
        setConfirming(false);
        form.setValues({ numbers: '', contactIds: [], message: '', file: null, sendAsAudio: false, params: values.params.map(() => '') });
        setPickedContacts({});
      })
      .catch((error: unknown) => {
        setConfirming(false);
        form.setErrors(Object.fromEntries(Object.entries(fieldErrors(error)).map(([path, message]) => [fieldOf(path) ?? path, message])));
        setFormError(errorMessage(error));
        notifyApiError(error, 'mass-send-error');
      });
  };

  return (
    <form onSubmit={form.onSubmit(() => setConfirming(true))} noValidate data-testid={`mass-send-form-${kind}`}>
      <Stack>
        <Text size="sm" c="dimmed">
          {t(`massSends.help.${kind}`, { firstName: '{{firstName}}' })}
        </Text>
        {smsMissing && (
          <Alert color="yellow" data-testid="mass-send-sms-missing">
            {t('massSends.smsNotConfigured')} <Link to={`${PATHS.settings}/sms`}>{t('massSends.smsSettingsLink')}</Link>
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: sms ? 2 : 3 }}>
          {!sms && (
            <Select
              label={t('massSends.channel')}
              description={templated ? t('massSends.officialOnly') : undefined}
              required
              data={channelOptions}
              nothingFoundMessage={t('massSends.noChannel')}
              data-testid="mass-send-channel"
              {...form.getInputProps('whatsappId')}
              onChange={(value: string | null) => {
                form.setFieldValue('whatsappId', value);
                if (templated) chooseTemplate(null);
              }}
            />
          )}
          <NumberInput
            label={t('massSends.minDelay')}
            required
            min={0}
            max={MASS_SEND_DELAY_MAX}
            allowDecimal={false}
            allowNegative={false}
            suffix=" s"
            data-testid="mass-send-min"
            {...form.getInputProps('minDelaySeconds')}
          />
          <NumberInput
            label={t('massSends.maxDelay')}
            required
            min={0}
            max={MASS_SEND_DELAY_MAX}
            allowDecimal={false}
            allowNegative={false}
            suffix=" s"
            data-testid="mass-send-max"
            {...form.getInputProps('maxDelaySeconds')}
          />
        </SimpleGrid>

        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('massSends.recipients')}
          </Text>
          <SegmentedControl
            data={(['numbers', 'tag', 'contacts'] as const).map((source) => ({ value: source, label: t(`massSends.source.${source}`) }))}
            value={values.source}
            onChange={(value) => form.setFieldValue('source', value)}
            data-testid="mass-send-source"
          />
          {values.source === 'numbers' && (
            <Textarea
              aria-label={t('massSends.source.numbers')}
              description={t('massSends.numbersHint')}
              autosize
              minRows={4}
              maxRows={12}
              maxLength={MASS_SEND_NUMBERS_TEXT_MAX}
              placeholder={'11 98765-4321\n+55 21 99876-5432'}
              data-testid="mass-send-numbers"
              {...form.getInputProps('numbers')}
            />
          )}
          {values.source === 'tag' && (
            <Select
              aria-label={t('massSends.source.tag')}
              placeholder={t('massSends.chooseTag')}
              data={tagOptions}
              searchable
              data-testid="mass-send-tag"
              {...form.getInputProps('tagId')}
            />
          )}
          {values.source === 'contacts' && (
            <MultiSelect
              aria-label={t('massSends.source.contacts')}
              placeholder={t('massSends.searchContacts')}
              data={contactOptions}
              searchable
              searchValue={contactSearch}
              onSearchChange={setContactSearch}
              filter={({ options }) => options}
              hidePickedOptions
              data-testid="mass-send-contacts"
              {...form.getInputProps('contactIds')}
              onChange={(ids) => {
                form.setFieldValue('contactIds', ids);
                const labels = Object.fromEntries(contactOptions.map((option) => [option.value, option.label]));
                setPickedContacts(Object.fromEntries(ids.map((id) => [id, pickedContacts[id] ?? labels[id] ?? id])));
              }}
            />
          )}
        </Stack>

        {templated ? (
          <Stack gap={6}>
            <Select
              label={t('massSends.template')}
              required
              data={templateOptions}
              disabled={channelId === null}
              placeholder={channelId === null ? t('massSends.chooseChannelFirst') : undefined}
              nothingFoundMessage={t('massSends.noTemplates')}
              data-testid="mass-send-template"
              error={form.errors.template ?? (templates.isError ? errorMessage(templates.error) : undefined)}
              value={values.template}
              onChange={chooseTemplate}
            />
            {chosenTemplate && (
              <Alert color="gray" title={t('massSends.templateBody')} data-testid="mass-send-template-body">
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {chosenTemplate.body}
                </Text>
              </Alert>
            )}
            {values.params.map((param, index) => (
              <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  label={t('massSends.placeholder', { n: index + 1 })}
                  description={variable ? t('massSends.placeholderVariableHint') : t('massSends.placeholderFixedHint')}
                  required
                  id={`mass-send-param-${index}`}
                  data-testid={`mass-send-param-${index}`}
                  {...form.getInputProps(`params.${index}`)}
                />
                {variable && (
                  <VariablePicker
                    testId={`mass-send-param-${index}-variables`}
                    onPick={(name) => {
                      const input = document.getElementById(`mass-send-param-${index}`) as HTMLInputElement | null;
                      form.setFieldValue(`params.${index}`, insertAtSelection(input, param, `{{${name}}}`).value);
                    }}
                  />
                )}
              </Group>
            ))}
          </Stack>
        ) : sms ? (
          <SmsMessageField value={values.message} error={form.errors.message} onChange={(text) => form.setFieldValue('message', text)} />
        ) : (
          <Stack gap={6}>
            {variable ? (
              <TemplateTextarea
                label={t('massSends.message')}
                value={values.message}
                onChange={(text) => form.setFieldValue('message', text)}
                error={form.errors.message}
                maxLength={MESSAGE_BODY_MAX}
                data-testid="mass-send-message"
              />
            ) : (
              <Textarea
                label={t('massSends.message')}
                description={t('massSends.asWritten')}
                autosize
                minRows={3}
                maxRows={10}
                maxLength={MESSAGE_BODY_MAX}
                data-testid="mass-send-message"
                {...form.getInputProps('message')}
              />
            )}
            <FileInput
              aria-label={t('massSends.file')}
              placeholder={t('massSends.chooseFile')}
              accept={ACCEPT}
              clearable
              leftSection={<IconPaperclip size={16} />}
              data-testid="mass-send-file"
              value={values.file}
              error={form.errors.file}
              onChange={(file) => {
                form.setFieldValue('file', file);
                if (!file?.type.startsWith('audio/')) form.setFieldValue('sendAsAudio', false);
              }}
            />
            {values.file?.type.startsWith('audio/') && (
              <Checkbox
                label={t('massSends.sendAsAudio')}
                data-testid="mass-send-as-audio"
                {...form.getInputProps('sendAsAudio', { type: 'checkbox' })}
              />
            )}
          </Stack>
        )}

        {formError && (
          <Alert color="red" data-testid="mass-send-form-error">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending} disabled={smsMissing} data-testid="mass-send-submit">
            {t('massSends.send')}
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={t('massSends.confirmTitle')}
        message={
          recipientCount === undefined
            ? t('massSends.confirmTag')
            : t('massSends.confirm', { count: recipientCount, min: values.minDelaySeconds, max: values.maxDelaySeconds })
        }
        confirmLabel={t('massSends.send')}
        confirmColor="blue"
        loading={create.isPending}
        onConfirm={send}
        onClose={() => setConfirming(false)}
      >
        <SpamRiskWarning count={recipientCount} testId="mass-send-spam-warning" />
      </ConfirmModal>
    </form>
  );
}

/** The sms tab's text: as written, at most SMS_BODY_MAX characters, with how many SMS it makes (accents and emojis shorten each). */
function SmsMessageField({ value, error, onChange }: { value: string; error: ReactNode; onChange: (text: string) => void }) {
  const { t } = useTranslation();
  const count = smsSegments(value);
  return (
    <Stack gap={4}>
      <Textarea
        label={t('massSends.message')}
        description={t('massSends.asWritten')}
        required
        autosize
        minRows={3}
        maxRows={10}
        maxLength={SMS_BODY_MAX}
        data-testid="mass-send-message"
        value={value}
        error={error}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      <Text size="xs" c="dimmed" data-testid="mass-send-sms-counter" data-segments={count.segments}>
        {t('sms.modal.counter', { characters: count.units, segments: count.segments, perSegment: count.perSegment })}
      </Text>
      {count.encoding === 'UCS-2' && (
        <Text size="xs" c="dimmed">
          {t('sms.modal.ucs2Hint')}
        </Text>
      )}
    </Stack>
  );
}
