import {
  AI_LIMITS,
  AI_SECRET_MASK,
  BOT_INTEGRATION_INFO,
  BOT_INTEGRATION_LIMITS,
  BOT_INTEGRATIONS,
  botIntegrationSettingsBodySchema,
  DIALOGFLOW_DEFAULT_URL,
  DIFY_APP_TYPES,
  TYPEBOT_TYPES,
  type BotIntegration,
  type BotIntegrationSettings,
  type BotIntegrationSettingsBody,
} from '@conversa/shared';
import { Alert, Card, Group, Loader, NativeSelect, NumberInput, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SettingsCardHeader } from '../../../components/SettingsCardHeader';
import { SettingsFormActions } from '../../../components/SettingsFormActions';
import { QueryError } from '../../../components/QueryError';
import { errorMessage, fieldErrors, hasErrorCode } from '../../../lib/errors';
import { schemaValidator } from '../../../lib/form-validation';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { connectionTestFailure, useBotIntegration, useRemoveBotIntegration, useSaveBotIntegration, useTestBotIntegration } from '../api';
import { ServiceAccountInput } from '../components/ServiceAccountInput';
import { StoredKeyInput } from '../components/StoredKeyInput';

interface BotValues {
  apiKey: string;
  /** Dialogflow's service-account key file (JSON), the mask when stored. */
  credentials: string;
  projectId: string;
  language: string;
  url: string;
  botName: string;
  type: string;
  stopWord: string;
  restartWord: string;
  unknownMessage: string;
  buttonChoiceMessage: string;
  buttons: boolean;
  timeoutSeconds: number | string;
}

function botBody(kind: BotIntegration, values: BotValues): BotIntegrationSettingsBody {
  const common = {
    url: values.url.trim(),
    stopWord: values.stopWord.trim() || null,
    restartWord: values.restartWord.trim() || null,
    timeoutMs: Math.round(Number(values.timeoutSeconds) * 1000),
  };
  if (kind === 'n8n') return { kind, ...common };
  if (kind === 'dialogflow')
    return {
      kind,
      ...common,
      credentials: values.credentials.trim(),
      projectId: values.projectId.trim(),
      language: values.language.trim(),
      botName: values.botName.trim(),
      buttons: values.buttons,
    };
  if (kind === 'dify') return { kind, ...common, apiKey: values.apiKey.trim(), type: values.type as (typeof DIFY_APP_TYPES)[number] };
  return {
    kind,
    ...common,
    apiKey: values.apiKey.trim(),
    botName: values.botName.trim(),
    type: values.type as (typeof TYPEBOT_TYPES)[number],
    unknownMessage: values.unknownMessage.trim(),
    buttonChoiceMessage: values.buttonChoiceMessage.trim(),
    buttons: values.buttons,
  };
}

/** /configuracoes/typebot, /dialogflow, /dify, /n8n: the company's chatbot-builder and automation integrations, named by the path. */
export function BotIntegrationSettingsPage() {
  const { pathname } = useLocation();
  const kind = BOT_INTEGRATIONS.find((name) => name === pathname.split('/')[2]);
  return kind ? <BotIntegrationSettingsView kind={kind} /> : null;
}

export function BotIntegrationSettingsView({ kind }: { kind: BotIntegration }) {
  const settings = useBotIntegration(kind);
  if (settings.isPending) return <Loader />;
  if (settings.isError) return <QueryError error={settings.error} onRetry={() => void settings.refetch()} />;
  // A new form once saved or removed: its values are the stored ones.
  return <BotIntegrationForm key={`${kind}:${settings.data.updatedAt ?? 'none'}`} kind={kind} settings={settings.data} />;
}

type TestOutcome = { ok: true; detail: string } | { ok: false; message: string };

function BotIntegrationForm({ kind, settings }: { kind: BotIntegration; settings: BotIntegrationSettings }) {
  const { t } = useTranslation();
  const label = BOT_INTEGRATION_INFO[kind].label;
  const save = useSaveBotIntegration(kind);
  const remove = useRemoveBotIntegration(kind);
  const test = useTestBotIntegration(kind);
  const [formError, setFormError] = useState<string | null>(null);
  const [tested, setTested] = useState<TestOutcome | null>(null);
  const stored = settings.settings;
  const storedKey = stored !== null && 'apiKey' in stored && stored.apiKey === AI_SECRET_MASK;
  const storedCredentials = stored?.kind === 'dialogflow' && stored.credentials === AI_SECRET_MASK;

  const form = useForm<BotValues>({
    initialValues: {
      apiKey: stored && 'apiKey' in stored ? stored.apiKey : '',
      credentials: stored?.kind === 'dialogflow' ? stored.credentials : '',
      projectId: stored?.kind === 'dialogflow' ? stored.projectId : '',
      language: stored?.kind === 'dialogflow' ? stored.language : 'pt-BR',
      url: stored?.url ?? (kind === 'dialogflow' ? DIALOGFLOW_DEFAULT_URL : ''),
      botName: stored?.kind === 'typebot' || stored?.kind === 'dialogflow' ? stored.botName : '',
      type: stored && 'type' in stored ? stored.type : kind === 'dify' ? 'chatbot' : 'published',
      stopWord: stored?.stopWord ?? '',
      restartWord: stored?.restartWord ?? '',
      unknownMessage: stored?.kind === 'typebot' ? stored.unknownMessage : '',
      buttonChoiceMessage: stored?.kind === 'typebot' ? stored.buttonChoiceMessage : '',
      buttons: stored?.kind === 'typebot' || stored?.kind === 'dialogflow' ? stored.buttons : true,
      timeoutSeconds: (stored?.timeoutMs ?? BOT_INTEGRATION_LIMITS.timeoutMs.default) / 1000,
    },
    validate: (values) => {
      const keyRequired = kind === 'dify' || (kind === 'typebot' && values.type === 'preview');
      return {
        ...schemaValidator(botIntegrationSettingsBodySchema, (v: BotValues) => botBody(kind, v), {
          ruleMessages: {
            url: t('aiBots.settings.baseUrlRule'),
            credentials: t('aiBots.integrations.dialogflow.credentialsRule'),
            projectId: t('aiBots.integrations.dialogflow.projectIdRule'),
            language: t('aiBots.integrations.dialogflow.languageRule'),
          },
        })(values),
        ...(keyRequired && !values.apiKey.trim() ? { apiKey: t('aiBots.settings.apiKeyRequired') } : {}),
        ...(kind === 'dialogflow' && !values.credentials.trim()
          ? { credentials: t('aiBots.integrations.dialogflow.credentialsRequired') }
          : {}),
      };
    },
  });

  const refused = (error: unknown) => {
    form.setErrors(fieldErrors(error));
    setFormError(errorMessage(error));
  };

  const submit = form.onSubmit((values) => {
    setFormError(null);
    save.mutate(botBody(kind, values), {
      onSuccess: () => notifySuccess(t('common.saved')),
      onError: (error) => {
        refused(error);
        notifyApiError(error, 'bot-settings-error');
      },
    });
  });

  const runTest = () => {
    setTested(null);
    if (form.validate().hasErrors) return;
    test.mutate(botBody(kind, form.values), {
      onSuccess: (answer) => setTested(answer),
      onError: (error) => {
        if (hasErrorCode(error, 'ERR_VALIDATION')) refused(error);
        setTested({ ok: false, message: connectionTestFailure(error) });
      },
    });
  };

  return (
    <Card withBorder padding="lg" maw={720}>
      <form onSubmit={submit} noValidate data-testid="bot-settings-form">
        <Stack>
          <SettingsCardHeader
            title={label}
            configured={settings.configured}
            status={{ configured: t('aiBots.settings.configured'), notConfigured: t('aiBots.settings.notConfigured') }}
            statusTestId="bot-settings-status"
            intro={t(`aiBots.integrations.${kind}.intro`)}
          />
          {kind === 'dialogflow' && (
            <>
              <ServiceAccountInput
                label={t('aiBots.integrations.dialogflow.credentials')}
                description={t('aiBots.integrations.dialogflow.credentialsHint')}
                value={form.values.credentials}
                onValue={(value) => form.setFieldValue('credentials', value)}
                onError={(message) => form.setFieldError('credentials', message)}
                error={form.errors.credentials}
                stored={storedCredentials}
                clientEmail={stored?.kind === 'dialogflow' ? stored.clientEmail : ''}
              />
              <Group grow align="flex-start" wrap="wrap">
                <TextInput
                  label={t('aiBots.integrations.dialogflow.projectId')}
                  description={t('aiBots.integrations.dialogflow.projectIdHint')}
                  required
                  data-testid="bot-project-id"
                  {...form.getInputProps('projectId')}
                />
                <TextInput
                  label={t('aiBots.integrations.dialogflow.language')}
                  description={t('aiBots.integrations.dialogflow.languageHint')}
                  required
                  data-testid="bot-language"
                  {...form.getInputProps('language')}
                />
              </Group>
              <TextInput
                label={t('aiBots.integrations.dialogflow.botName')}
                description={t('aiBots.integrations.dialogflow.botNameHint')}
                maxLength={200}
                data-testid="bot-name"
                {...form.getInputProps('botName')}
              />
            </>
          )}
          {kind !== 'n8n' && kind !== 'dialogflow' && (
            <StoredKeyInput
              label={t(`aiBots.integrations.${kind}.apiKey`)}
              description={t(storedKey ? 'aiBots.settings.apiKeyKept' : `aiBots.integrations.${kind}.apiKeyHint`)}
              required={kind === 'dify' || form.values.type === 'preview'}
              data-testid="bot-api-key"
              {...form.getInputProps('apiKey')}
              stored={storedKey}
              value={form.values.apiKey}
              onValue={(value) => form.setFieldValue('apiKey', value)}
            />
          )}
          <TextInput
            label={t(`aiBots.integrations.${kind}.url`)}
            description={t(`aiBots.integrations.${kind}.urlHint`)}
            placeholder={t(`aiBots.integrations.${kind}.urlPlaceholder`)}
            required
            data-testid="bot-url"
            {...form.getInputProps('url')}
          />
          {kind === 'typebot' && (
            <Group grow align="flex-start" wrap="wrap">
              <TextInput
                label={t('aiBots.integrations.typebot.botName')}
                description={t('aiBots.integrations.typebot.botNameHint')}
                required
                data-testid="bot-name"
                {...form.getInputProps('botName')}
              />
              <NativeSelect
                label={t('aiBots.integrations.typebot.type')}
                data={TYPEBOT_TYPES.map((value) => ({ value, label: t(`aiBots.integrations.typebot.types.${value}`) }))}
                data-testid="bot-type"
                {...form.getInputProps('type')}
              />
            </Group>
          )}
          {kind === 'dify' && (
            <NativeSelect
              label={t('aiBots.integrations.dify.type')}
              description={t('aiBots.integrations.dify.typeHint')}
              data={DIFY_APP_TYPES.map((value) => ({ value, label: t(`aiBots.integrations.dify.types.${value}`) }))}
              data-testid="bot-type"
              {...form.getInputProps('type')}
            />
          )}
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={t('aiBots.channel.stopWord')}
              description={t('aiBots.integrations.stopWordHint')}
              maxLength={AI_LIMITS.wordMax}
              data-testid="bot-stop-word"
              {...form.getInputProps('stopWord')}
            />
            <TextInput
              label={t('aiBots.channel.restartWord')}
              description={t('aiBots.integrations.restartWordHint')}
              maxLength={AI_LIMITS.wordMax}
              data-testid="bot-restart-word"
              {...form.getInputProps('restartWord')}
            />
          </Group>
          {kind === 'typebot' && (
            <>
              <Textarea
                label={t('aiBots.integrations.typebot.unknownMessage')}
                description={t('aiBots.integrations.typebot.unknownMessageHint')}
                autosize
                minRows={1}
                maxLength={BOT_INTEGRATION_LIMITS.messageMax}
                data-testid="bot-unknown-message"
                {...form.getInputProps('unknownMessage')}
              />
              <TextInput
                label={t('aiBots.integrations.typebot.buttonChoiceMessage')}
                description={t('aiBots.integrations.typebot.buttonChoiceMessageHint')}
                maxLength={BOT_INTEGRATION_LIMITS.messageMax}
                data-testid="bot-button-choice-message"
                {...form.getInputProps('buttonChoiceMessage')}
              />
              <Switch
                label={t('aiBots.integrations.typebot.buttons')}
                description={t('aiBots.integrations.typebot.buttonsHint')}
                data-testid="bot-buttons"
                {...form.getInputProps('buttons', { type: 'checkbox' })}
              />
            </>
          )}
          {kind === 'dialogflow' && (
            <Switch
              label={t('aiBots.integrations.dialogflow.buttons')}
              description={t('aiBots.integrations.dialogflow.buttonsHint')}
              data-testid="bot-buttons"
              {...form.getInputProps('buttons', { type: 'checkbox' })}
            />
          )}
          <NumberInput
            label={t('aiBots.settings.timeout')}
            description={t('aiBots.settings.timeoutHint')}
            min={BOT_INTEGRATION_LIMITS.timeoutMs.min / 1000}
            max={BOT_INTEGRATION_LIMITS.timeoutMs.max / 1000}
            maw={260}
            data-testid="bot-timeout"
            {...form.getInputProps('timeoutSeconds')}
          />
          {kind === 'n8n' && (
            <Text size="xs" c="dimmed" data-testid="bot-n8n-contract">
              {t('aiBots.integrations.n8n.contract')}
            </Text>
          )}
          {tested && (
            <Alert
              color={tested.ok ? 'teal' : 'red'}
              icon={tested.ok ? <IconCircleCheck size={18} /> : undefined}
              data-testid="bot-test-result"
            >
              {tested.ok ? t('aiBots.integrations.testOk', { detail: tested.detail }) : tested.message}
            </Alert>
          )}
          <SettingsFormActions
            testIdPrefix="bot"
            formError={formError}
            errorTestId="bot-settings-error"
            configured={settings.configured}
            remove={{
              label: t('aiBots.settings.remove'),
              title: t('aiBots.settings.removeTitle', { name: label }),
              message: t('aiBots.settings.removeConfirm'),
              removed: t('aiBots.settings.removed'),
              mutation: remove,
            }}
            // n8n has no connection test (the server answers 400): its webhook is only called with a customer's message.
            test={kind === 'n8n' ? undefined : { label: t('aiBots.settings.test'), onTest: runTest, running: test.isPending }}
            saving={save.isPending}
          />
        </Stack>
      </form>
    </Card>
  );
}
