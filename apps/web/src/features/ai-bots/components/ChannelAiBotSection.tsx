import {
  AI_AUDIO_PROVIDERS,
  AI_LIMITS,
  AI_PROVIDERS,
  AI_VOICES,
  INTEGRATION_BOT_NAMES,
  SPEECH_MODELS,
  type AiVoice,
  type ChannelAiBot,
  type IntegrationBotName,
} from '@conversa/shared';
import { Alert, Autocomplete, Button, Divider, Group, Loader, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/QueryError';
import { errorMessage, fieldErrors } from '../../../lib/errors';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useAvailableAiBots, useChannelAiBot, useSaveChannelAiBot } from '../api';

interface ChannelAiValues {
  provider: string | null;
  prompt: string;
  stopWord: string;
  restartWord: string;
  answerNewTickets: boolean;
  disableIntegrationsOnOpen: boolean;
  waitIntegrationProcessing: boolean;
  answerWithVoice: boolean;
  voice: AiVoice;
  speechModel: string;
}

/**
 * The channel form's "AI" part (SPEC §3 Channel per-AI settings and integration options): which of
 * the company's bots (an LLM, Typebot, Dify or n8n) answers on this channel, an LLM's instructions,
 * the stop and restart words, whether it answers new tickets, and the options "disable external
 * integrations on ticket open" and "wait for external-integration processing". Saved on its own
 * (PUT /whatsapp/{id}/ai-bot).
 */
export function ChannelAiBotSection({ channelId }: { channelId: number }) {
  const { t } = useTranslation();
  const bot = useChannelAiBot(channelId);
  const available = useAvailableAiBots();
  if (bot.isPending || available.isPending) return <Loader size="sm" />;
  if (bot.isError) return <QueryError error={bot.error} onRetry={() => void bot.refetch()} />;
  if (available.isError) return <QueryError error={available.error} onRetry={() => void available.refetch()} />;
  return (
    <Stack gap="xs" data-testid="channel-ai">
      <Divider label={t('aiBots.channel.title')} labelPosition="left" />
      {available.data.length === 0 && !bot.data.provider ? (
        <Text size="sm" c="dimmed" data-testid="channel-ai-none">
          {t('aiBots.channel.noneConfigured')}
        </Text>
      ) : (
        <ChannelAiForm
          channelId={channelId}
          bot={bot.data}
          providers={available.data.map((p) => ({ value: p.provider, label: p.label }))}
        />
      )}
    </Stack>
  );
}

function ChannelAiForm({
  channelId,
  bot,
  providers,
}: {
  channelId: number;
  bot: ChannelAiBot;
  providers: { value: IntegrationBotName; label: string }[];
}) {
  const { t } = useTranslation();
  const save = useSaveChannelAiBot(channelId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ChannelAiValues>({
    initialValues: {
      provider: bot.provider,
      prompt: bot.prompt,
      stopWord: bot.stopWord ?? '',
      restartWord: bot.restartWord ?? '',
      answerNewTickets: bot.answerNewTickets,
      disableIntegrationsOnOpen: bot.disableIntegrationsOnOpen,
      waitIntegrationProcessing: bot.waitIntegrationProcessing,
      answerWithVoice: bot.answerWithVoice,
      voice: bot.voice,
      speechModel: bot.speechModel,
    },
  });
  const speaks = AI_AUDIO_PROVIDERS.some((p) => p === form.values.provider);
  const submit = () => {
    setFormError(null);
    const values = form.values;
    const provider = INTEGRATION_BOT_NAMES.find((p) => p === values.provider) ?? null;
    save.mutate(
      {
        provider,
        prompt: values.prompt,
        stopWord: values.stopWord,
        restartWord: values.restartWord,
        answerNewTickets: values.answerNewTickets,
        disableIntegrationsOnOpen: values.disableIntegrationsOnOpen,
        waitIntegrationProcessing: values.waitIntegrationProcessing,
        // Only the OpenAI-protocol providers speak; another keeps its text answers.
        answerWithVoice: speaks && values.answerWithVoice,
        voice: values.voice,
        speechModel: values.speechModel.trim(),
      },
      {
        onSuccess: () => notifySuccess(t('common.saved')),
        onError: (error) => {
          form.setErrors(fieldErrors(error));
          setFormError(errorMessage(error));
          notifyApiError(error, 'channel-ai-error');
        },
      },
    );
  };
  const chosen = form.values.provider !== null;
  const llm = AI_PROVIDERS.some((p) => p === form.values.provider);
  return (
    <Stack gap="xs">
      <Select
        label={t('aiBots.channel.provider')}
        description={t('aiBots.channel.providerHint')}
        placeholder={t('aiBots.channel.providerNone')}
        data={providers}
        clearable
        data-testid="channel-ai-provider"
        {...form.getInputProps('provider')}
      />
      {chosen && (
        <>
          {llm && (
            <Textarea
              label={t('aiBots.channel.prompt')}
              description={t('aiBots.channel.promptHint')}
              autosize
              minRows={2}
              maxRows={8}
              maxLength={AI_LIMITS.promptMax}
              data-testid="channel-ai-prompt"
              {...form.getInputProps('prompt')}
            />
          )}
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={t('aiBots.channel.stopWord')}
              description={t(llm ? 'aiBots.channel.stopWordHint' : 'aiBots.channel.stopWordOwnHint')}
              maxLength={AI_LIMITS.wordMax}
              data-testid="channel-ai-stop-word"
              {...form.getInputProps('stopWord')}
            />
            <TextInput
              label={t('aiBots.channel.restartWord')}
              description={t(llm ? 'aiBots.channel.restartWordHint' : 'aiBots.channel.restartWordOwnHint')}
              maxLength={AI_LIMITS.wordMax}
              data-testid="channel-ai-restart-word"
              {...form.getInputProps('restartWord')}
            />
          </Group>
          <Switch
            label={t('aiBots.channel.answerNewTickets')}
            description={t('aiBots.channel.answerNewTicketsHint')}
            data-testid="channel-ai-new-tickets"
            {...form.getInputProps('answerNewTickets', { type: 'checkbox' })}
          />
          {speaks && (
            <Switch
              label={t('aiBots.audio.answerWithVoice')}
              description={t('aiBots.audio.answerWithVoiceHint')}
              data-testid="channel-ai-voice-on"
              {...form.getInputProps('answerWithVoice', { type: 'checkbox' })}
            />
          )}
          {speaks && form.values.answerWithVoice && (
            <Group grow align="flex-start" wrap="wrap">
              <Select
                label={t('aiBots.audio.voice')}
                description={t('aiBots.audio.voiceHint')}
                data={AI_VOICES.map((voice) => ({ value: voice, label: voice }))}
                allowDeselect={false}
                data-testid="channel-ai-voice"
                {...form.getInputProps('voice')}
              />
              <Autocomplete
                label={t('aiBots.audio.speechModel')}
                data={[...SPEECH_MODELS]}
                maxLength={100}
                data-testid="channel-ai-speech-model"
                {...form.getInputProps('speechModel')}
              />
            </Group>
          )}
        </>
      )}
      <Switch
        label={t('aiBots.channel.disableOnOpen')}
        description={t('aiBots.channel.disableOnOpenHint')}
        data-testid="channel-ai-disable-on-open"
        {...form.getInputProps('disableIntegrationsOnOpen', { type: 'checkbox' })}
      />
      <Switch
        label={t('aiBots.channel.waitProcessing')}
        description={t('aiBots.channel.waitProcessingHint')}
        data-testid="channel-ai-wait"
        {...form.getInputProps('waitIntegrationProcessing', { type: 'checkbox' })}
      />
      {formError && (
        <Alert color="red" data-testid="channel-ai-error">
          {formError}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="light" onClick={submit} loading={save.isPending} data-testid="channel-ai-save">
          {t('aiBots.channel.save')}
        </Button>
      </Group>
    </Stack>
  );
}
