import type { Message } from '@conversa/shared';
import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Under an audio: its transcript (channel option "transcribe audio", or the words of the AI's voice
 * reply) with a "Transcrição" label; while it is being made, or when it could not be, a short note.
 * Updated live by the message's realtime update.
 */
export function MessageTranscript({
  message,
}: {
  message: Pick<Message, 'id' | 'mediaType' | 'deleted' | 'transcript' | 'transcriptStatus'>;
}) {
  const { t } = useTranslation();
  if (message.deleted || message.mediaType !== 'audio' || !message.transcriptStatus) return null;
  if (message.transcriptStatus !== 'done' || !message.transcript)
    return (
      <Text size="xs" c="dimmed" fs="italic" mt={4} data-testid={`message-transcript-${message.transcriptStatus}-${message.id}`}>
        {message.transcriptStatus === 'pending' ? t('tickets.transcript.pending') : t('tickets.transcript.failed')}
      </Text>
    );
  return (
    <Box
      mt={6}
      px={8}
      py={4}
      style={{ borderLeft: '3px solid var(--mantine-color-default-border)', borderRadius: 4 }}
      data-testid={`message-transcript-${message.id}`}
    >
      <Text size="xs" fw={600} c="dimmed">
        {t('tickets.transcript.label')}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {message.transcript}
      </Text>
    </Box>
  );
}
