import type { Message } from '@conversa/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBubble } from '../render-bubble';
import { buildMessage } from '../test-support';

const audio = (overrides: Partial<Message>) =>
  buildMessage(3, 10, { body: '', mediaType: 'audio', mediaName: 'voz.ogg', mediaUrl: '/media/1/a?expires=1', ...overrides });

const bubble = renderBubble;

describe("an audio's transcript in the chat", () => {
  it('shows under the audio with the "Transcrição" label', () => {
    const message = audio({ transcript: 'Quero saber do meu pedido.', transcriptStatus: 'done' });
    bubble(message);
    expect(screen.getByTestId(`message-audio-${message.id}`)).toBeInTheDocument();
    const transcript = screen.getByTestId(`message-transcript-${message.id}`);
    expect(transcript).toHaveTextContent('Transcrição');
    expect(transcript).toHaveTextContent('Quero saber do meu pedido.');
  });

  it('says it is coming, or that it could not be made', () => {
    const pending = audio({ transcriptStatus: 'pending' });
    const { unmount } = bubble(pending);
    expect(screen.getByTestId(`message-transcript-pending-${pending.id}`)).toHaveTextContent('Transcrevendo o áudio…');
    unmount();
    const failed = audio({ transcriptStatus: 'failed' });
    bubble(failed);
    expect(screen.getByTestId(`message-transcript-failed-${failed.id}`)).toHaveTextContent('Não foi possível transcrever este áudio.');
  });

  it('shows nothing for an audio without transcription, or a deleted one', () => {
    const plain = audio({});
    const { unmount } = bubble(plain);
    expect(screen.queryByTestId(`message-transcript-${plain.id}`)).not.toBeInTheDocument();
    unmount();
    const deleted = audio({ deleted: true, transcript: 'segredo', transcriptStatus: 'done' });
    bubble(deleted);
    expect(screen.queryByText('segredo')).not.toBeInTheDocument();
  });
});
