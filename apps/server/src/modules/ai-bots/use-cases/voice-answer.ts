import { AI_PROVIDERS, type AiProvider } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { ChannelAiBotRow } from '../ai-bots.repository.js';
import type { IntegrationBotTarget } from '../bots/integration-bot.js';
import { LlmCallError } from '../protocols/llm-client.js';
import { openAiAudio } from '../protocols/openai-audio.js';
import { audioEndpointOf } from './audio-provider.js';

/**
 * The bot's text spoken in the channel's voice (`/audio/speech` of the channel bot's provider),
 * stored as a media file ready for the outbound path (an mp3 voice note). Undefined when the speech
 * fails (a log line): the answer then goes out as text, the customer is answered either way. Runs
 * outside any transaction; a retried job may speak twice, but sends once (the claim).
 */
export async function voiceAnswer(ctx: AppContext, target: IntegrationBotTarget, channelBot: ChannelAiBotRow, text: string) {
  const provider = channelBot.provider;
  if (!isAiProvider(provider)) return undefined; // an integration sends its own messages (refused when saved)
  const endpoint = await audioEndpointOf(ctx, target.tenantId, provider);
  if (!endpoint.ok) {
    ctx.logger.warn({ ...target, reason: endpoint.reason }, `AI voice reply sent as text: ${endpoint.reason}`);
    return undefined;
  }
  try {
    const audio = await openAiAudio.speak(ctx.http, endpoint.endpoint, {
      input: text,
      voice: channelBot.voice,
      model: channelBot.speechModel,
    });
    const key = await ctx.media.save(target.tenantId, audio);
    return { key, name: 'resposta.mp3', mime: 'audio/mpeg', size: audio.length, type: 'audio', voice: true };
  } catch (error) {
    if (!(error instanceof LlmCallError)) throw error;
    ctx.logger.warn({ ...target, kind: error.kind, status: error.status }, `AI voice reply sent as text: ${error.message}`);
    return undefined;
  }
}

const isAiProvider = (name: string): name is AiProvider => (AI_PROVIDERS as readonly string[]).includes(name);
