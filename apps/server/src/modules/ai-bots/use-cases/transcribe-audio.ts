import type { AppContext } from '../../../app-context.js';
import type { JobAttempt } from '../../../platform/jobs/define-job.js';
import { findChannelById } from '../../channels/use-cases/find-channel-by-id.js';
import { MAX_INBOUND_BODY } from '../../messages/use-cases/ingest-inbound.js';
import { messageToTranscribe, recordTranscript } from '../../messages/use-cases/record-transcript.js';
import { LlmCallError } from '../protocols/llm-client.js';
import { MAX_TRANSCRIBED_AUDIO, openAiAudio } from '../protocols/openai-audio.js';
import { audioEndpointOf } from './audio-provider.js';

/** Worth another attempt: the provider was out of reach, overloaded or rate-limited. */
function transient(error: LlmCallError): boolean {
  return error.kind === 'unreachable' || error.status === 429 || (error.status !== null && error.status >= 500);
}

/**
 * The transcript of one customer audio (channel option "transcribe audio", jobs/transcribe-audio.job.ts):
 * the stored file sent to the channel's chosen provider (`/audio/transcriptions`), the text stored
 * with the message and pushed to the inbox. A provider out of reach or overloaded is retried by the
 * job; any other failure (refused, not set up, file missing or too big, the last attempt) leaves the
 * message untranscribed (`failed`) with a log line. Idempotent: a finished transcript is kept.
 */
export async function transcribeAudioMessage(
  ctx: AppContext,
  data: { tenantId: number; messageId: string },
  attempt: JobAttempt,
): Promise<void> {
  const { tenantId, messageId } = data;
  const message = await messageToTranscribe(ctx.db, tenantId, messageId);
  if (!message || message.deleted || message.transcriptStatus === 'done' || !message.mediaKey) return;
  const log = { tenantId, messageId, ticketId: message.ticketId };
  const fail = async (reason: string) => {
    ctx.logger.warn({ ...log, reason }, `audio not transcribed: ${reason}`);
    await recordTranscript(ctx, { tenantId, messageId, status: 'failed' });
  };

  const channel = await findChannelById(ctx.db, tenantId, message.channelId);
  const choice = channel?.transcribeAudio ? channel.audioTranscription : null;
  if (!choice) return fail('the channel no longer transcribes audio');
  const endpoint = await audioEndpointOf(ctx, tenantId, choice.provider);
  if (!endpoint.ok) return fail(endpoint.reason);
  const content = await ctx.media.read(message.mediaKey);
  if (!content) return fail('the audio file is missing');
  if (content.length > MAX_TRANSCRIBED_AUDIO) return fail(`the audio is over ${MAX_TRANSCRIBED_AUDIO / 1024 / 1024} MB`);

  let text: string;
  try {
    text = await openAiAudio.transcribe(ctx.http, endpoint.endpoint, {
      content,
      name: message.mediaName || 'audio.ogg',
      mime: message.mediaMime ?? 'application/octet-stream',
      model: choice.model,
    });
  } catch (error) {
    if (!(error instanceof LlmCallError)) throw error;
    if (transient(error) && !attempt.last) {
      ctx.logger.info({ ...log, attempt: attempt.number }, `audio transcription will be retried: ${error.message}`);
      throw error;
    }
    return fail(`${choice.provider}: ${error.message}`);
  }
  await recordTranscript(ctx, { tenantId, messageId, status: 'done', text: text.slice(0, MAX_INBOUND_BODY) });
}
