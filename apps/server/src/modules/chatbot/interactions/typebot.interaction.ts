import type { FlowInteraction } from '@conversa/shared/chatbot';
import { INTEGRATION_BOTS } from '../../ai-bots/bots/registry.js';
import { numberedChoices } from '../../ai-bots/use-cases/bot-answer-messages.js';
import type { AsyncInteractionHandler } from './registry.js';

/**
 * Typebot as a flow step: a new chat with the tenant's Typebot (its session on the ticket
 * replaced), its opening messages sent by the flow as one text with its choices numbered (one send
 * per move, as the AI interaction). A failure sends nothing and the flow goes on; the last webhook
 * answer stays ({{webhook.…}}).
 */
export const typebotInteraction: AsyncInteractionHandler<Extract<FlowInteraction, { kind: 'typebot' }>> = {
  async run(ctx, _interaction, target) {
    const answer = await INTEGRATION_BOTS.typebot.answer(ctx, target, { prompt: '', restart: true });
    if (!answer.ok) {
      ctx.logger.warn({ ...target, reason: answer.reason }, 'chatbot Typebot interaction: no answer');
      return { data: undefined, reply: null };
    }
    const reply = answer.choices ? numberedChoices(answer.text, answer.choices) : answer.text;
    return { data: undefined, reply: reply || null };
  },
};
