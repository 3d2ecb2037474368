import type { EventConsumer } from '../../../platform/events/consumers.js';
import { transact } from '../../../platform/events/transact.js';
import { findChannelById } from '../../channels/use-cases/find-channel-by-id.js';
import { messageToTranscribe, recordTranscript } from '../../messages/use-cases/record-transcript.js';

/**
 * A customer's audio on a channel that transcribes audio: marked `pending` (the inbox shows it is
 * coming; the AI's reply waits for it, see deliver-ai-reply.ts) and its transcription job queued,
 * in one transaction. Beside the inbound pipeline, never in it: the message is stored and the
 * automation runs whatever the transcription does.
 */
export const transcribeInboundAudioConsumer: EventConsumer = {
  name: 'aiBots.transcribeInboundAudio',
  types: ['message.created'],
  async handle(ctx, event) {
    if (event.type !== 'message.created' || !event.inbound) return;
    const { tenantId, messageId } = event;
    const message = event.stored?.message ?? (await messageToTranscribe(ctx.db, tenantId, messageId));
    if (!message || message.mediaType !== 'audio' || message.fromMe || !message.mediaKey) return;
    const channel = await findChannelById(ctx.db, tenantId, message.channelId);
    if (!channel?.transcribeAudio || !channel.audioTranscription) return;
    await transact(ctx, async (tx, events) => {
      const current = await messageToTranscribe(tx, tenantId, messageId);
      if (!current || current.transcriptStatus !== null) return; // queued before (the event seen twice)
      await recordTranscript(ctx, { tenantId, messageId, status: 'pending' }, { tx, events });
      await ctx.jobs.send('aiBot.transcribeAudio', { tenantId, messageId }, { tx });
    });
  },
};
