import {
  CAMPAIGN_DELAY_MAX,
  CAMPAIGN_MAX_MESSAGES,
  CAMPAIGN_MESSAGE_MAX,
  CAMPAIGN_NAME_MAX,
  createCampaignBodySchema,
  updateCampaignBodySchema,
  type Campaign,
} from '@conversa/shared';
import { Alert, Button, CloseButton, FileInput, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPaperclip } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TemplateTextarea } from '../../../components/TemplateTextarea';
import { errorMessage, fieldErrors } from '../../../lib/errors';
import { numberValue, schemaValidator } from '../../../lib/form-validation';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useChannels } from '../../channels/api';
import { useQueues } from '../../queues/api';
import { maskDateTime, parseDateTime, toDateTimeText } from '../../../lib/date-time';
import { useSaveCampaign, type MediaChange } from '../api';

const ACCEPT = 'image/*,video/*,audio/*,application/pdf,.doc,.docx,.xls,.xlsx,.odt,.ods,.zip,.txt,.csv';
const MESSAGE_NUMBERS = [1, 2, 3] as const;
/** The server's grace: a start within the current minute is "now". */
const START_GRACE_MS = 60_000;

interface CampaignFormValues {
  name: string;
  /** dd/MM/yyyy HH:mm */
  startAt: string;
  whatsappId: string | null;
  queueId: string | null;
  delaySeconds: number | string;
  message1: string;
  message2: string;
  message3: string;
  /** A new file per message (index 0–2). */
  files: Array<File | null>;
  /** The current file of each message is kept. */
  keepMedia: boolean[];
}

/** The request body the shared schema checks and the submit sends. */
function campaignBody(values: CampaignFormValues) {
  return {
    name: values.name.trim(),
    startAt: parseDateTime(values.startAt) ?? values.startAt,
    whatsappId: values.whatsappId ? Number(values.whatsappId) : null,
    queueId: values.queueId ? Number(values.queueId) : null,
    delaySeconds: numberValue(values.delaySeconds),
    message1: values.message1,
    message2: values.message2,
    message3: values.message3,
  };
}

/** A new campaign's default start: in an hour, on the minute. */
function inAnHour(): Date {
  const date = new Date(Date.now() + 3_600_000);
  date.setSeconds(0, 0);
  return date;
}

/**
 * A campaign's fields (SPEC §3): name, channel, start (dd/MM/yyyy HH:mm), delay between sends,
 * queue for the replies and up to 3 messages (one is picked at random per contact), each with an
 * optional file. Checked with the server's own schema; read-only unless the campaign is editable.
 */
export function CampaignForm({
  campaign,
  readOnly = false,
  onSaved,
  onCancel,
  onDirtyChange,
}: {
  campaign: Campaign | null;
  readOnly?: boolean;
  onSaved: (campaign: Campaign) => void;
  onCancel?: () => void;
  /** Whether the fields differ from what is saved (the campaign's page keeps it from starting then). */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const channels = useChannels();
  const queues = useQueues();
  const save = useSaveCampaign();
  const [formError, setFormError] = useState<string | null>(null);
  // A campaign this form created whose files did not all go up: saving again edits it.
  const [created, setCreated] = useState<Campaign | null>(null);
  const [defaultStart] = useState(inAnHour);

  const form = useForm<CampaignFormValues>({
    initialValues: {
      name: campaign?.name ?? '',
      startAt: toDateTimeText(campaign?.startAt ?? defaultStart),
      whatsappId: campaign ? String(campaign.whatsappId) : null,
      queueId: campaign?.queueId ? String(campaign.queueId) : null,
      delaySeconds: campaign?.delaySeconds ?? 20,
      message1: campaign?.message1 ?? '',
      message2: campaign?.message2 ?? '',
      message3: campaign?.message3 ?? '',
      files: [null, null, null],
      keepMedia: MESSAGE_NUMBERS.map((n) => Boolean(campaign?.media[n - 1])),
    },
    validate: (values) => {
      const errors = schemaValidator(campaign ? updateCampaignBodySchema : createCampaignBodySchema, campaignBody, {
        issueMessage: (field) =>
          field === 'startAt' ? t('campaigns.invalidDate') : field === 'whatsappId' ? t('campaigns.channelRequired') : undefined,
      })(values);
      const start = parseDateTime(values.startAt);
      if (!errors.startAt && start && new Date(start).getTime() < Date.now() - START_GRACE_MS)
        errors.startAt = t('errors.ERR_CAMPAIGN_PAST_DATE');
      return errors;
    },
  });
  const { values } = form;
  const dirty = !readOnly && form.isDirty();
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const mediaChanges = (submitted: CampaignFormValues): MediaChange[] =>
    MESSAGE_NUMBERS.flatMap((n): MediaChange[] => {
      const file = submitted.files[n - 1];
      if (file) return [{ message: n, file }];
      if ((campaign ?? created)?.media[n - 1] && !submitted.keepMedia[n - 1]) return [{ message: n, file: null }];
      return [];
    });

  const submit = form.onSubmit((submitted) => {
    setFormError(null);
    const body = campaignBody(submitted);
    const existing = campaign ?? created;
    let createdNow: Campaign | null = null;
    const request = existing
      ? save.mutateAsync({
          id: existing.id,
          body: { ...body, whatsappId: body.whatsappId ?? undefined, delaySeconds: body.delaySeconds ?? undefined },
          media: mediaChanges(submitted),
        })
      : save.mutateAsync({
          id: null,
          body: { ...body, whatsappId: body.whatsappId ?? 0, delaySeconds: body.delaySeconds ?? 0 },
          media: mediaChanges(submitted),
          onCreated: (campaign) => {
            createdNow = campaign;
            setCreated(campaign);
          },
        });
    request
      .then((saved) => {
        notifySuccess(t('common.saved'));
        form.resetDirty();
        onSaved(saved);
      })
      .catch((error: unknown) => {
        form.setErrors(fieldErrors(error));
        const message = errorMessage(error);
        setFormError(createdNow || created ? t('campaigns.savedWithoutMedia', { message }) : message);
        notifyApiError(error, 'campaign-save-error');
      });
  });

  const channelOptions = (channels.data ?? []).map((channel) => ({ value: String(channel.id), label: channel.name }));
  const queueOptions = (queues.data ?? []).map((queue) => ({ value: String(queue.id), label: queue.name }));

  return (
    <form onSubmit={submit} noValidate data-testid="campaign-form">
      <Stack>
        <TextInput
          label={t('campaigns.name')}
          required
          data-autofocus
          maxLength={CAMPAIGN_NAME_MAX}
          disabled={readOnly}
          data-testid="campaign-name"
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('campaigns.channel')}
            required
            data={channelOptions}
            disabled={readOnly}
            data-testid="campaign-channel"
            {...form.getInputProps('whatsappId')}
          />
          <TextInput
            label={t('campaigns.startAt')}
            description={t('campaigns.startAtHint')}
            required
            inputMode="numeric"
            placeholder="dd/mm/aaaa hh:mm"
            disabled={readOnly}
            data-testid="campaign-start"
            {...form.getInputProps('startAt')}
            onChange={(event) => form.setFieldValue('startAt', maskDateTime(event.currentTarget.value))}
          />
          <NumberInput
            label={t('campaigns.delay')}
            description={t('campaigns.delayHint')}
            min={0}
            max={CAMPAIGN_DELAY_MAX}
            allowDecimal={false}
            allowNegative={false}
            suffix=" s"
            disabled={readOnly}
            data-testid="campaign-delay"
            {...form.getInputProps('delaySeconds')}
          />
          <Select
            label={t('campaigns.queue')}
            description={t('campaigns.queueHint')}
            data={queueOptions}
            clearable
            placeholder={t('campaigns.channelQueue')}
            disabled={readOnly}
            data-testid="campaign-queue"
            {...form.getInputProps('queueId')}
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {t('campaigns.messagesHint', { count: CAMPAIGN_MAX_MESSAGES })}
        </Text>
        {MESSAGE_NUMBERS.map((n) => {
          const key = `message${n}` as const;
          const current = campaign?.media[n - 1];
          return (
            <Stack key={n} gap={6} data-testid={`campaign-message-${n}`}>
              <TemplateTextarea
                label={t('campaigns.message', { number: n })}
                value={values[key]}
                onChange={(text) => form.setFieldValue(key, text)}
                error={form.errors[key]}
                maxLength={CAMPAIGN_MESSAGE_MAX}
                disabled={readOnly}
                data-testid={`campaign-message-${n}-text`}
              />
              {current && values.keepMedia[n - 1] && !values.files[n - 1] ? (
                <Group gap="xs" wrap="nowrap" data-testid={`campaign-message-${n}-current-file`}>
                  <IconPaperclip size={16} />
                  <Text size="sm" truncate="end" style={{ flex: 1 }}>
                    {current.name}
                  </Text>
                  {!readOnly && (
                    <CloseButton
                      size="sm"
                      aria-label={t('campaigns.removeFile', { number: n })}
                      onClick={() => form.setFieldValue(`keepMedia.${n - 1}`, false)}
                      data-testid={`campaign-message-${n}-remove-file`}
                    />
                  )}
                </Group>
              ) : (
                !readOnly && (
                  <FileInput
                    aria-label={t('campaigns.fileOf', { number: n })}
                    placeholder={t('campaigns.chooseFile')}
                    accept={ACCEPT}
                    clearable
                    leftSection={<IconPaperclip size={16} />}
                    data-testid={`campaign-message-${n}-file`}
                    value={values.files[n - 1]}
                    onChange={(file) => form.setFieldValue(`files.${n - 1}`, file)}
                  />
                )
              )}
            </Stack>
          );
        })}
        {formError && (
          <Alert color="red" data-testid="campaign-form-error">
            {formError}
          </Alert>
        )}
        {!readOnly && (
          <Group justify="flex-end">
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                {t('common.cancel')}
              </Button>
            )}
            <Button type="submit" loading={save.isPending} data-testid="campaign-save">
              {t('common.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
