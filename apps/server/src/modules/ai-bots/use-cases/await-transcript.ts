import type { Db } from '../../../platform/db/client.js';
import { findChannelById } from '../../channels/use-cases/find-channel-by-id.js';
import { messageToTranscribe } from '../../messages/use-cases/record-transcript.js';

/** How often a reply waiting for a transcript looks again. */
export const TRANSCRIPT_POLL_SECONDS = 2;
/** How long a reply waits for a transcript at most (from the audio's arrival): then it answers without it. */
export const TRANSCRIPT_WAIT_MS = 90_000;

/**
 * Whether the customer's message is an audio whose transcript is still coming (`pending`, or not
 * yet queued on a channel that transcribes audio) and young enough to wait for: the bot's answer
 * reads the transcript as the customer's words (conversation-context.ts).
 */
export async function awaitingTranscript(db: Db, tenantId: number, messageId: string, channelId: number): Promise<boolean> {
  const message = await messageToTranscribe(db, tenantId, messageId);
  if (!message || message.mediaType !== 'audio' || message.deleted) return false;
  if (Date.now() - message.createdAt.getTime() > TRANSCRIPT_WAIT_MS) return false;
  if (message.transcriptStatus === 'pending') return true;
  if (message.transcriptStatus !== null) return false;
  const channel = await findChannelById(db, tenantId, channelId);
  return Boolean(channel?.transcribeAudio && channel.audioTranscription);
}
