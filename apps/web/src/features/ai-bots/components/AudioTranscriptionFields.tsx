import { AI_AUDIO_PROVIDERS, TRANSCRIPTION_MODELS } from '@conversa/shared';
import { Autocomplete, Select, Stack, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useAvailableAiBots } from '../api';

/** The channel form's values this part edits (SPEC §3 Channel "transcribe audio", "audio-transcription JSON"). */
export interface AudioTranscriptionValues {
  transcribeAudio: boolean;
  audioTranscription: { provider: string | null; model: string };
}

/** The request body's fields of these values: the choice is kept when the option is off. */
export function audioTranscriptionBody(values: AudioTranscriptionValues) {
  const { provider, model } = values.audioTranscription;
  return {
    transcribeAudio: values.transcribeAudio,
    audioTranscription: provider ? { provider, model: model.trim() } : null,
  };
}

/** A whole-choice error ("choose the AI") shown on the provider's field. */
export function audioTranscriptionErrors(errors: Record<string, string>): Record<string, string> {
  const { audioTranscription, ...rest } = errors;
  return audioTranscription && !rest['audioTranscription.provider'] ? { ...rest, 'audioTranscription.provider': audioTranscription } : rest;
}

/**
 * "Transcribe audio" of the channel form: customers' audio messages are transcribed by one of the
 * company's AI providers that speak the OpenAI protocol (its audio endpoint), with a Whisper-like
 * model; the transcript shows under the audio in the chat. Saved with the channel.
 */
export function AudioTranscriptionFields<V extends AudioTranscriptionValues>({ form }: { form: UseFormReturnType<V> }) {
  const { t } = useTranslation();
  const available = useAvailableAiBots();
  const providers = (available.data ?? [])
    .filter((p) => (AI_AUDIO_PROVIDERS as readonly string[]).includes(p.provider))
    .map((p) => ({ value: p.provider, label: p.label }));
  const on = form.getValues().transcribeAudio;
  return (
    <Stack gap="xs" data-testid="channel-transcription">
      <Switch
        label={t('aiBots.audio.transcribe')}
        description={t('aiBots.audio.transcribeHint')}
        data-testid="channel-transcribe-audio"
        {...form.getInputProps('transcribeAudio', { type: 'checkbox' })}
      />
      {on && providers.length === 0 && available.isSuccess && (
        <Text size="sm" c="dimmed" data-testid="channel-transcription-none">
          {t('aiBots.audio.noProvider')}
        </Text>
      )}
      {on && (
        <>
          <Select
            label={t('aiBots.audio.provider')}
            description={t('aiBots.audio.providerHint')}
            data={providers}
            data-testid="channel-transcription-provider"
            {...form.getInputProps('audioTranscription.provider')}
          />
          <Autocomplete
            label={t('aiBots.audio.model')}
            description={t('aiBots.audio.modelHint')}
            data={[...TRANSCRIPTION_MODELS]}
            maxLength={100}
            data-testid="channel-transcription-model"
            {...form.getInputProps('audioTranscription.model')}
          />
        </>
      )}
    </Stack>
  );
}
