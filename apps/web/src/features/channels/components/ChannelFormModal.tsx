import type { Channel, ChannelType, FieldIssue } from '@conversa/shared';
import {
  AUTO_DISTRIBUTION,
  BIRTHDAY_TEMPLATE_VARIABLES,
  CHANNEL_SETTINGS_SCHEMAS,
  DEFAULT_BIRTHDAY_HOUR,
  HISTORY_SYNC_MAX_MESSAGES,
  checkHistoryImport,
  createChannelBodySchema,
  historyImportSchema,
  TRANSCRIPTION_MODELS,
  updateChannelBodySchema,
  webchatSettingsSchema,
} from '@conversa/shared';
import {
  Alert,
  Anchor,
  Button,
  ColorInput,
  Group,
  Modal,
  NativeSelect,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AudioTranscriptionFields,
  audioTranscriptionBody,
  audioTranscriptionErrors,
  type AudioTranscriptionValues,
} from '../../ai-bots/components/AudioTranscriptionFields';
import { ChannelAiBotSection } from '../../ai-bots/components/ChannelAiBotSection';
import { z } from 'zod';
import { TemplateTextarea } from '../../../components/TemplateTextarea';
import { isApiError, fieldErrors } from '../../../lib/errors';
import { schemaErrors } from '../../../lib/form-validation';
import { notifySuccess } from '../../../lib/notify';
import { useFlows } from '../../chatflow/api';
import { inheritedSettings, useChannelDefaults } from '../../channel-defaults/api';
import { useQueues } from '../../queues/api';
import { useSaveChannel, type AutoDistribution } from '../api';
import { CallTokensSection } from '../../calls/components/CallTokensSection';
import { channelErrorMessage } from '../channel-errors';
import { HistoryImportFields } from './HistoryImportFields';
import {
  BETA_TYPES,
  HISTORY_KEYS,
  NUMBER_TYPES,
  SECRET_MASK,
  TYPE_FIELDS,
  TYPE_ORDER,
  UNOFFICIAL_TYPES,
  defaultSettings,
  hasHistoryOptions,
  unofficialAllowed,
  type SettingField,
} from '../channel-types';

/** Whole hours only (SPEC §5: minutes ignored): 00:00 … 23:00. */
const BIRTHDAY_HOUR_OPTIONS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, '0')}:00`,
}));

interface ChannelFormValues extends AudioTranscriptionValues {
  name: string;
  type: ChannelType;
  number: string;
  queueId: string | null;
  /** The chatbot flow new tickets enter (SPEC §3 Channel "chatbot"); null: none. */
  chatFlowId: string | null;
  isDefault: boolean;
  farewellMessage: string;
  autoCloseKeyword: string;
  autoEvaluation: boolean;
  webPush: boolean;
  autoDistribution: AutoDistribution;
  /** SPEC §3 birthday message (birthday variables only) and its whole hour, 0–23 as text (a Select value). */
  birthdayMessage: string;
  birthdayHour: string;
  title: string;
  welcomeMessage: string;
  color: string;
  /** One origin per line; empty allows every site. */
  allowedOrigins: string;
}

function text(settings: Record<string, unknown> | undefined, key: string, fallback = ''): string {
  const value = settings?.[key];
  return typeof value === 'string' ? value : fallback;
}

function pretty(settings: Record<string, unknown>): string {
  return JSON.stringify(settings, null, 2);
}

/** Settings sent to the server: empty optional texts are left out (an edit then keeps the stored value). */
function cleanSettings(settings: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => !(typeof value === 'string' && value.trim() === '')));
}

/**
 * The request body of the form's values (what the validation checks and the submit sends): a web
 * chat's settings come from its fields, another type's from `settings` (its fields and JSON text).
 */
function channelBody(values: ChannelFormValues, settings: Record<string, unknown>) {
  const allowedOrigins = values.allowedOrigins
    .split(/[\s,]+/)
    .map((o) => o.trim())
    .filter(Boolean);
  return {
    name: values.name.trim(),
    type: values.type,
    ...(NUMBER_TYPES.includes(values.type) ? { number: values.number.trim() ? values.number.trim() : null } : {}),
    queueId: values.queueId ? Number(values.queueId) : null,
    chatFlowId: values.chatFlowId ? Number(values.chatFlowId) : null,
    isDefault: values.isDefault,
    farewellMessage: values.farewellMessage.trim() ? values.farewellMessage : null,
    autoCloseKeyword: values.autoCloseKeyword.trim() ? values.autoCloseKeyword.trim() : null,
    autoEvaluation: values.autoEvaluation,
    webPush: values.webPush,
    autoDistribution: values.autoDistribution,
    birthdayMessage: values.birthdayMessage.trim() ? values.birthdayMessage : null,
    birthdayHour: Number(values.birthdayHour),
    ...audioTranscriptionBody(values),
    settings:
      values.type === 'webchat'
        ? {
            ...(values.title.trim() ? { title: values.title.trim() } : {}),
            ...(values.welcomeMessage.trim() ? { welcomeMessage: values.welcomeMessage.trim() } : {}),
            color: values.color,
            allowedOrigins,
          }
        : cleanSettings(settings),
  };
}

/**
 * The form's errors by the server's schemas: the route's body (POST /whatsapp or PUT /whatsapp/:id)
 * and, for a web chat, its settings (their fields are the form's own: `settings.allowedOrigins.2` is
 * `allowedOrigins`). Another type's settings are checked by settingsReady with the type's schema.
 */
function channelErrors(values: ChannelFormValues, editing: boolean, colorMessage: string, requiredMessage: string): Record<string, string> {
  const body = channelBody(values, {});
  const errors = audioTranscriptionErrors(schemaErrors(editing ? updateChannelBodySchema : createChannelBodySchema, body));
  if (values.transcribeAudio && !values.audioTranscription.provider) errors['audioTranscription.provider'] = requiredMessage;
  if (values.type !== 'webchat') return errors;
  const settingsErrors = schemaErrors(webchatSettingsSchema, body.settings, {
    field: (path) => path.split('.')[0],
    ruleMessages: { color: colorMessage },
  });
  return { ...settingsErrors, ...errors };
}

/** The history block alone (its rules checked as the user types, whatever the rest of the settings). */
const historyBlockSchema = historyImportSchema.superRefine(checkHistoryImport);

/** The history block's own texts for its rules (the server's, translated); other issues get the generic ones. */
function historyIssueMessage(t: TFunction) {
  return (field: string, issue: FieldIssue): string | undefined => {
    if ((field === 'importFrom' || field === 'importTo') && issue.code === 'invalid_format') return t('channels.history.errors.date');
    if (field === 'importTo' && issue.rule === 'dateRange') return t('channels.history.errors.range');
    if (field === 'historySyncLimit')
      return issue.code === 'too_big'
        ? t('channels.history.errors.limitMax', { max: HISTORY_SYNC_MAX_MESSAGES })
        : t('channels.history.errors.limit');
    return undefined;
  };
}

/**
 * The errors of a non-web-chat type's settings by the server's schema for the type (@conversa/shared
 * CHANNEL_SETTINGS_SCHEMAS), one translated message per settings key, on what the submit sends. A
 * stored secret sent back masked keeps its stored value on the server, which does not check it
 * again: the form does not either.
 */
function typeSettingsErrors(
  type: ChannelType,
  settings: Record<string, unknown>,
  stored: Record<string, unknown> | undefined,
  t: TFunction,
): Record<string, string> {
  const kept = Object.entries(settings)
    .filter(([key, value]) => value === SECRET_MASK && stored !== undefined && key in stored)
    .map(([key]) => key);
  const typeSchema: z.ZodObject = CHANNEL_SETTINGS_SCHEMAS[type];
  const schema = kept.length > 0 ? typeSchema.safeExtend(Object.fromEntries(kept.map((key) => [key, z.unknown()]))) : typeSchema;
  return schemaErrors(schema, settings, { field: (path) => path.split('.')[0], issueMessage: historyIssueMessage(t) });
}

/** Create or edit a channel: the type is chosen on create and fixed on edit; each type has its settings fields. */
export function ChannelFormModal({ channel, onClose }: { channel: Channel | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveChannel();
  const queues = useQueues();
  const flows = useFlows();
  // Only an active flow can be chosen; the inactive ones are listed, disabled, so that the choice is understood.
  const flowOptions = (flows.data ?? []).map((flow) => ({
    value: String(flow.id),
    label: !flow.isActive
      ? t('channels.chatbotInactive', { name: flow.name })
      : flow.publishedVersion === null
        ? t('channels.chatbotUnpublished', { name: flow.name })
        : flow.name,
    disabled: !flow.isActive,
  }));
  const [formError, setFormError] = useState<string | null>(null);
  // A new channel starts from the company's defaults of its kind (Settings → meta, hub, wuzapi, evolution).
  const channelDefaults = useChannelDefaults(channel === null);
  const origins = channel?.settings.allowedOrigins;
  const initialType: ChannelType = channel?.type ?? 'webchat';

  const [settings, setSettings] = useState<Record<string, unknown>>(() =>
    channel ? { ...defaultSettings(channel.type), ...channel.settings } : defaultSettings(initialType),
  );
  const [jsonText, setJsonText] = useState(() => pretty(settings));
  /** The text does not parse (blocks saving); serverJsonError: what the server said about the settings. */
  const [jsonError, setJsonError] = useState<string | null>(null);
  const [serverJsonError, setServerJsonError] = useState<string | null>(null);
  const [settingErrors, setSettingErrors] = useState<Record<string, string>>({});

  const form = useForm<ChannelFormValues>({
    initialValues: {
      name: channel?.name ?? '',
      type: initialType,
      number: channel?.number ?? '',
      queueId: channel?.queueId ? String(channel.queueId) : null,
      chatFlowId: channel?.chatFlowId ? String(channel.chatFlowId) : null,
      isDefault: channel?.isDefault ?? false,
      farewellMessage: channel?.farewellMessage ?? '',
      autoCloseKeyword: channel?.autoCloseKeyword ?? '',
      autoEvaluation: channel?.autoEvaluation ?? false,
      webPush: channel?.webPush ?? true,
      autoDistribution: channel?.autoDistribution ?? 'none',
      birthdayMessage: channel?.birthdayMessage ?? '',
      birthdayHour: String(channel?.birthdayHour ?? DEFAULT_BIRTHDAY_HOUR),
      transcribeAudio: channel?.transcribeAudio ?? false,
      audioTranscription: {
        provider: channel?.audioTranscription?.provider ?? null,
        model: channel?.audioTranscription?.model ?? TRANSCRIPTION_MODELS[0],
      },
      title: text(channel?.settings, 'title'),
      welcomeMessage: text(channel?.settings, 'welcomeMessage'),
      color: text(channel?.settings, 'color', '#228be6'),
      allowedOrigins: Array.isArray(origins) ? origins.filter((o): o is string => typeof o === 'string').join('\n') : '',
    },
    validate: (values) => channelErrors(values, channel !== null, t('queues.invalidColor'), t('aiBots.audio.providerRequired')),
  });

  const type = form.values.type;
  const fields = TYPE_FIELDS[type];
  /** What a masked secret keeps: the channel's stored settings, or for a new channel the company's defaults. */
  const keptSettings: Record<string, unknown> | undefined = channel ? channel.settings : inheritedSettings(channelDefaults.data, type);
  const isWebchat = type === 'webchat';
  const allowUnofficial = unofficialAllowed();
  const typeOptions = TYPE_ORDER.filter((value) => value === channel?.type || allowUnofficial || !UNOFFICIAL_TYPES.includes(value)).map(
    (value) => ({
      value,
      label: `${t(`channels.types.${value}`)}${BETA_TYPES.includes(value) ? ` (${t('channels.beta')})` : ''}`,
    }),
  );

  const changeType = (next: ChannelType) => {
    form.setFieldValue('type', next);
    const fresh = { ...defaultSettings(next), ...inheritedSettings(channelDefaults.data, next) };
    setSettings(fresh);
    setJsonText(pretty(fresh));
    setJsonError(null);
    setServerJsonError(null);
    setSettingErrors({});
    setFormError(null);
  };

  const updateSetting = (key: string, value: string) => {
    const next = { ...settings, [key]: value };
    setSettings(next);
    setJsonText(pretty(next));
    setJsonError(null);
    setSettingErrors((current) => {
      const { [key]: _removed, ...rest } = current;
      return rest;
    });
  };

  /** A history block field: typed values (booleans, numbers, null); undefined removes the key. */
  const updateHistory = (key: string, value: unknown) => {
    const next = { ...settings, [key]: value };
    if (value === undefined) delete next[key];
    setSettings(next);
    setJsonText(pretty(next));
    setJsonError(null);
    setSettingErrors((current) => {
      const { [key]: _removed, ...rest } = current;
      return rest;
    });
  };
  const withHistory = hasHistoryOptions(type);
  /** The history block checked live by the server's rules (its fields only apply with importOldMessages on). */
  const historyProblems =
    withHistory && settings.importOldMessages === true
      ? schemaErrors(historyBlockSchema, cleanSettings(settings), {
          field: (path) => path.split('.')[0],
          issueMessage: historyIssueMessage(t),
        })
      : {};
  const historyMessages: Record<string, string> = {
    ...Object.fromEntries(Object.entries(settingErrors).filter(([key]) => HISTORY_KEYS.includes(key))),
    ...historyProblems,
  };
  /** Fields of the block on screen (the import ones only with importOldMessages on). */
  const historyFieldShown = (key: string) =>
    withHistory &&
    HISTORY_KEYS.includes(key) &&
    (settings.importOldMessages === true || key === 'importOldMessages' || key === 'importGroups');

  const changeJson = (value: string) => {
    setJsonText(value);
    setServerJsonError(null);
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      setJsonError(t('channels.jsonInvalid'));
      return;
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      setJsonError(t('channels.jsonNotObject'));
      return;
    }
    setJsonError(null);
    setSettings(parsed as Record<string, unknown>);
    setSettingErrors({});
  };

  /**
   * The settings the submit sends accepted by the type's schema and the JSON text valid: each problem
   * shows under its field, or (a key without a field on screen) under the JSON text.
   */
  const settingsReady = (): boolean => {
    if (isWebchat) return true;
    if (jsonError !== null) return false;
    const errors = typeSettingsErrors(type, cleanSettings(settings), keptSettings, t);
    const perSetting: Record<string, string> = {};
    const jsonProblems: string[] = [];
    for (const [key, message] of Object.entries(errors)) {
      if (fields.some((f) => f.key === key) || historyFieldShown(key)) perSetting[key] = message;
      else jsonProblems.push(`${key}: ${message}`);
    }
    setSettingErrors(perSetting);
    setServerJsonError(jsonProblems.length > 0 ? jsonProblems.join(' ') : null);
    return Object.keys(errors).length === 0;
  };

  const submit = form.onSubmit((values) => {
    setFormError(null);
    if (!settingsReady()) return;
    save.mutate(
      { id: channel?.id ?? null, input: channelBody(values, settings) },
      {
        onSuccess: () => {
          notifySuccess(t('channels.saved'));
          onClose();
        },
        onError: (error) => {
          const serverFields = fieldErrors(error);
          const own: Record<string, string> = {};
          const perSetting: Record<string, string> = {};
          const jsonProblems: string[] = [];
          for (const [path, message] of Object.entries(serverFields)) {
            if (path === 'settings') jsonProblems.push(message);
            else if (path.startsWith('settings.')) {
              const key = path.slice('settings.'.length);
              if (isWebchat) own[key] = message;
              else if (fields.some((f) => f.key === key) || historyFieldShown(key)) perSetting[key] = message;
              else jsonProblems.push(`${key}: ${message}`);
            } else own[path] = message;
          }
          form.setErrors(audioTranscriptionErrors(own));
          setSettingErrors(perSetting);
          setServerJsonError(jsonProblems.length > 0 ? jsonProblems.join(' ') : null);
          // The form shows the problem itself; the HTTP client already toasted 401/5xx answers.
          if (!isApiError(error) || !error.handled) setFormError(channelErrorMessage(error, values.type, t, 'save'));
        },
      },
    );
  }, settingsReady);

  const settingInput = (field: SettingField) => {
    const value = text(settings, field.key);
    const common = {
      label: t(`channels.settings.${field.key}`),
      description: t(`channels.settingsHint.${field.key}`, { defaultValue: '' }) || undefined,
      required: field.required,
      error: settingErrors[field.key],
      'data-testid': `channel-setting-${field.key}`,
    };
    if (field.kind === 'select') {
      return (
        <NativeSelect
          key={field.key}
          {...common}
          value={value || field.defaultValue || ''}
          data={(field.options ?? []).map((option) => ({
            value: option,
            label: t(`channels.settingOptions.${field.key}.${option}`, { defaultValue: option }),
          }))}
          onChange={(event) => updateSetting(field.key, event.currentTarget.value)}
        />
      );
    }
    if (field.kind === 'secret') {
      // A stored secret is never shown: the field says it is kept, and "Change" opens it for a new value.
      if (value === SECRET_MASK) {
        return (
          <TextInput
            key={field.key}
            {...common}
            description={t(channel ? 'channels.secretKept' : 'channelDefaults.inherited')}
            value={SECRET_MASK}
            readOnly
            rightSectionWidth={96}
            rightSection={
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => updateSetting(field.key, '')}
                data-testid={`channel-secret-change-${field.key}`}
              >
                {t('channels.changeSecret')}
              </Button>
            }
          />
        );
      }
      const stored = keptSettings?.[field.key] === SECRET_MASK;
      return (
        <PasswordInput
          key={field.key}
          {...common}
          description={
            stored ? (
              <Anchor
                component="button"
                type="button"
                size="xs"
                onClick={() => updateSetting(field.key, SECRET_MASK)}
                data-testid={`channel-secret-keep-${field.key}`}
              >
                {t('channels.keepSecret')}
              </Anchor>
            ) : (
              common.description
            )
          }
          autoComplete="new-password"
          value={value}
          onChange={(event) => updateSetting(field.key, event.currentTarget.value)}
        />
      );
    }
    return (
      <TextInput
        key={field.key}
        {...common}
        placeholder={field.placeholder ?? field.defaultValue}
        value={value}
        onChange={(event) => updateSetting(field.key, event.currentTarget.value)}
      />
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={channel ? t('channels.editTitle') : t('channels.createTitle')}
      centered
      size="lg"
      data-testid="channel-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Group grow align="flex-start">
            <TextInput label={t('channels.name')} required data-autofocus {...form.getInputProps('name')} />
            <NativeSelect
              label={t('channels.type')}
              data={typeOptions}
              disabled={channel !== null}
              data-testid="channel-type"
              value={type}
              error={form.errors.type}
              onChange={(event) => changeType(event.currentTarget.value as ChannelType)}
            />
          </Group>
          {NUMBER_TYPES.includes(type) && (
            <TextInput
              label={t('channels.number')}
              description={t('channels.numberHint')}
              placeholder="5511999999999"
              required={type === 'waba'}
              inputMode="tel"
              data-testid="channel-number"
              {...form.getInputProps('number')}
            />
          )}
          <Group grow align="flex-start">
            <Select
              label={t('channels.queue')}
              placeholder={t('channels.noQueue')}
              data={(queues.data ?? []).map((q) => ({ value: String(q.id), label: q.name }))}
              clearable
              {...form.getInputProps('queueId')}
            />
            <NativeSelect
              label={t('channels.autoDistribution')}
              data={AUTO_DISTRIBUTION.map((value) => ({ value, label: t(`channels.distribution.${value}`) }))}
              {...form.getInputProps('autoDistribution')}
            />
          </Group>
          <Select
            label={t('channels.chatbot')}
            description={t('channels.chatbotHint')}
            placeholder={t('channels.chatbotNone')}
            data={flowOptions}
            clearable
            nothingFoundMessage={t('common.noRecords')}
            data-testid="channel-chatbot"
            {...form.getInputProps('chatFlowId')}
          />
          <Switch label={t('channels.isDefault')} {...form.getInputProps('isDefault', { type: 'checkbox' })} />
          <TemplateTextarea
            label={t('channels.farewell')}
            minRows={2}
            maxRows={5}
            maxLength={4096}
            data-testid="channel-farewell"
            {...form.getInputProps('farewellMessage')}
          />
          <TextInput
            label={t('channels.autoCloseKeyword')}
            description={t('channels.autoCloseKeywordHint')}
            maxLength={100}
            data-testid="channel-auto-close-keyword"
            {...form.getInputProps('autoCloseKeyword')}
          />
          <TemplateTextarea
            label={t('birthdays.channelMessage')}
            description={t('birthdays.channelMessageHint')}
            allowed={BIRTHDAY_TEMPLATE_VARIABLES}
            minRows={2}
            maxRows={5}
            maxLength={4096}
            data-testid="channel-birthday-message"
            {...form.getInputProps('birthdayMessage')}
          />
          <Select
            label={t('birthdays.channelHour')}
            description={t('birthdays.channelHourHint')}
            data={BIRTHDAY_HOUR_OPTIONS}
            allowDeselect={false}
            data-testid="channel-birthday-hour"
            {...form.getInputProps('birthdayHour')}
          />
          <Switch
            label={t('channels.autoEvaluation')}
            description={t('channels.autoEvaluationHint')}
            data-testid="channel-auto-evaluation"
            {...form.getInputProps('autoEvaluation', { type: 'checkbox' })}
          />
          <Switch
            label={t('channels.webPush')}
            description={t('channels.webPushHint')}
            data-testid="channel-web-push"
            {...form.getInputProps('webPush', { type: 'checkbox' })}
          />
          <AudioTranscriptionFields form={form} />
          {isWebchat ? (
            <>
              <Group grow align="flex-start">
                <TextInput
                  label={t('channels.widgetTitle')}
                  placeholder={t('channels.widgetTitlePlaceholder')}
                  maxLength={60}
                  {...form.getInputProps('title')}
                />
                <ColorInput label={t('channels.widgetColor')} format="hex" {...form.getInputProps('color')} />
              </Group>
              <Textarea
                label={t('channels.welcome')}
                autosize
                minRows={2}
                maxRows={4}
                maxLength={500}
                {...form.getInputProps('welcomeMessage')}
              />
              <Textarea
                label={t('channels.allowedOrigins')}
                description={t('channels.allowedOriginsHint')}
                placeholder="https://www.example.com"
                autosize
                minRows={1}
                maxRows={4}
                {...form.getInputProps('allowedOrigins')}
              />
            </>
          ) : (
            <>
              {fields.length > 0 && (
                <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="channel-settings">
                  {fields.map(settingInput)}
                </SimpleGrid>
              )}
              {type === 'waba' && (
                <Text size="xs" c="dimmed">
                  {t('channels.wabaHint')}
                </Text>
              )}
              {type === 'whatsapp' && (
                <Text size="xs" c="dimmed" data-testid="channel-whatsapp-hint">
                  {t('channels.whatsappHint')}
                </Text>
              )}
              {withHistory && (
                <HistoryImportFields settings={settings} errors={historyMessages} queues={queues.data ?? []} onChange={updateHistory} />
              )}
              <Textarea
                label={t('channels.advancedJson')}
                description={t('channels.advancedJsonHint')}
                autosize
                minRows={3}
                maxRows={12}
                styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
                value={jsonText}
                error={jsonError ?? serverJsonError}
                onChange={(event) => changeJson(event.currentTarget.value)}
                data-testid="channel-json"
              />
            </>
          )}
          {formError && (
            <Alert color="red" data-testid="channel-form-error">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="channel-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      {channel && <ChannelAiBotSection channelId={channel.id} />}
      {channel && <CallTokensSection channelId={channel.id} />}
    </Modal>
  );
}
