import {
  AI_LIMITS,
  AI_PROVIDER_INFO,
  AI_PROVIDERS,
  AI_SECRET_MASK,
  aiProviderSettingsBodySchema,
  type AiConnectionTest,
  type AiProtocol,
  type AiProvider,
  type AiProviderSettings,
  type AiProviderSettingsBody,
} from '@conversa/shared';
import { Alert, Card, Group, Loader, NativeSelect, NumberInput, Stack, TextInput } from '@mantine/core';
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
import { connectionTestFailure, useAiSettings, useRemoveAiSettings, useSaveAiSettings, useTestAiConnection } from '../api';
import { StoredKeyInput } from '../components/StoredKeyInput';

interface AiSettingsValues {
  apiKey: string;
  baseUrl: string;
  model: string;
  protocol: AiProtocol;
  timeoutSeconds: number | string;
  contextTokens: number | string;
}

function aiSettingsBody(values: AiSettingsValues): AiProviderSettingsBody {
  return {
    apiKey: values.apiKey.trim(),
    baseUrl: values.baseUrl.trim(),
    model: values.model.trim(),
    protocol: values.protocol,
    timeoutMs: Math.round(Number(values.timeoutSeconds) * 1000),
    contextTokens: Number(values.contextTokens),
  };
}

/** /configuracoes/<provider> (chat-gpt, lm, ollama, grok, gemini, deepseek, qwen, claude): the company's LLM provider, named by the path. */
export function AiProviderSettingsPage() {
  const { pathname } = useLocation();
  const provider = AI_PROVIDERS.find((name) => name === pathname.split('/')[2]);
  return provider ? <AiProviderSettings provider={provider} /> : null;
}

export function AiProviderSettings({ provider }: { provider: AiProvider }) {
  const settings = useAiSettings(provider);
  if (settings.isPending) return <Loader />;
  if (settings.isError) return <QueryError error={settings.error} onRetry={() => void settings.refetch()} />;
  // A new form once saved or removed: its values are the stored ones.
  return <AiSettingsForm key={`${provider}:${settings.data.updatedAt ?? 'none'}`} provider={provider} settings={settings.data} />;
}

type TestOutcome = ({ ok: true } & AiConnectionTest) | { ok: false; message: string };

function AiSettingsForm({ provider, settings }: { provider: AiProvider; settings: AiProviderSettings }) {
  const { t } = useTranslation();
  const info = AI_PROVIDER_INFO[provider];
  const save = useSaveAiSettings(provider);
  const remove = useRemoveAiSettings(provider);
  const test = useTestAiConnection(provider);
  const [formError, setFormError] = useState<string | null>(null);
  const [tested, setTested] = useState<TestOutcome | null>(null);
  const storedKey = settings.apiKey === AI_SECRET_MASK;

  const form = useForm<AiSettingsValues>({
    initialValues: {
      apiKey: settings.apiKey,
      baseUrl: settings.baseUrl,
      model: settings.model,
      protocol: settings.protocol,
      timeoutSeconds: settings.timeoutMs / 1000,
      contextTokens: settings.contextTokens,
    },
    validate: (values) => ({
      ...schemaValidator(aiProviderSettingsBodySchema, aiSettingsBody, { ruleMessages: { baseUrl: t('aiBots.settings.baseUrlRule') } })(
        values,
      ),
      ...(info.keyRequired && !values.apiKey.trim() ? { apiKey: t('aiBots.settings.apiKeyRequired') } : {}),
    }),
  });

  const refused = (error: unknown) => {
    form.setErrors(fieldErrors(error));
    setFormError(errorMessage(error));
  };

  const submit = form.onSubmit((values) => {
    setFormError(null);
    save.mutate(aiSettingsBody(values), {
      onSuccess: () => notifySuccess(t('common.saved')),
      onError: (error) => {
        refused(error);
        notifyApiError(error, 'ai-settings-error');
      },
    });
  });

  const runTest = () => {
    setTested(null);
    if (form.validate().hasErrors) return;
    test.mutate(aiSettingsBody(form.values), {
      onSuccess: (answer) => setTested(answer),
      onError: (error) => {
        if (hasErrorCode(error, 'ERR_VALIDATION')) refused(error);
        setTested({ ok: false, message: connectionTestFailure(error) });
      },
    });
  };

  return (
    <Card withBorder padding="lg" maw={720}>
      <form onSubmit={submit} noValidate data-testid="ai-settings-form">
        <Stack>
          <SettingsCardHeader
            title={info.label}
            configured={settings.configured}
            status={{ configured: t('aiBots.settings.configured'), notConfigured: t('aiBots.settings.notConfigured') }}
            statusTestId="ai-settings-status"
            intro={t('aiBots.settings.intro', { name: info.label })}
          />
          <StoredKeyInput
            label={t('aiBots.settings.apiKey')}
            description={t(
              storedKey ? 'aiBots.settings.apiKeyKept' : info.keyRequired ? 'aiBots.settings.apiKeyHint' : 'aiBots.settings.apiKeyOptional',
            )}
            required={info.keyRequired}
            data-testid="ai-api-key"
            {...form.getInputProps('apiKey')}
            stored={storedKey}
            value={form.values.apiKey}
            onValue={(value) => form.setFieldValue('apiKey', value)}
          />
          <TextInput
            label={t('aiBots.settings.baseUrl')}
            description={t('aiBots.settings.baseUrlHint')}
            placeholder={info.defaultBaseUrl}
            required
            data-testid="ai-base-url"
            {...form.getInputProps('baseUrl')}
          />
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={t('aiBots.settings.model')}
              placeholder={info.defaultModel}
              required
              data-testid="ai-model"
              {...form.getInputProps('model')}
            />
            {info.protocols.length > 1 && (
              <NativeSelect
                label={t('aiBots.settings.protocol')}
                data={info.protocols.map((value) => ({ value, label: t(`aiBots.protocols.${value}`) }))}
                data-testid="ai-protocol"
                {...form.getInputProps('protocol')}
              />
            )}
          </Group>
          <Group grow align="flex-start" wrap="wrap">
            <NumberInput
              label={t('aiBots.settings.timeout')}
              description={t('aiBots.settings.timeoutHint')}
              min={AI_LIMITS.timeoutMs.min / 1000}
              max={AI_LIMITS.timeoutMs.max / 1000}
              data-testid="ai-timeout"
              {...form.getInputProps('timeoutSeconds')}
            />
            <NumberInput
              label={t('aiBots.settings.contextTokens')}
              description={t('aiBots.settings.contextTokensHint')}
              min={AI_LIMITS.contextTokens.min}
              max={AI_LIMITS.contextTokens.max}
              step={100}
              data-testid="ai-context-tokens"
              {...form.getInputProps('contextTokens')}
            />
          </Group>
          {tested &&
            (tested.ok ? (
              <Alert color={tested.modelListed ? 'teal' : 'yellow'} icon={<IconCircleCheck size={18} />} data-testid="ai-test-result">
                {t(tested.modelListed ? 'aiBots.settings.testOk' : 'aiBots.settings.testModelMissing', {
                  count: tested.models.length,
                  model: form.values.model,
                })}
              </Alert>
            ) : (
              <Alert color="red" data-testid="ai-test-result">
                {tested.message}
              </Alert>
            ))}
          <SettingsFormActions
            testIdPrefix="ai"
            formError={formError}
            errorTestId="ai-settings-error"
            configured={settings.configured}
            remove={{
              label: t('aiBots.settings.remove'),
              title: t('aiBots.settings.removeTitle', { name: info.label }),
              message: t('aiBots.settings.removeConfirm'),
              removed: t('aiBots.settings.removed'),
              mutation: remove,
            }}
            test={{ label: t('aiBots.settings.test'), onTest: runTest, running: test.isPending }}
            saving={save.isPending}
          />
        </Stack>
      </form>
    </Card>
  );
}
