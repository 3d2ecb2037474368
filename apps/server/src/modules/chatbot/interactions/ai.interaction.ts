import type { FlowInteraction } from '@conversa/shared/chatbot';
import { INTEGRATION_BOTS } from '../../ai-bots/bots/registry.js';
import type { AsyncInteractionHandler } from './registry.js';

/**
 * "ChatGPT-style AI": the tenant's provider answers the ticket's conversation with the step's
 * prompt; its text is sent by the flow (one send per move: the chatbot job applies the result under
 * the position's lock and move id). A failure (not set up, refused, timed out) sends nothing and
 * the flow goes on; the last webhook answer stays ({{webhook.…}}).
 */
export const aiInteraction: AsyncInteractionHandler<Extract<FlowInteraction, { kind: 'ai' }>> = {
  async run(ctx, interaction, target) {
    const answer = await INTEGRATION_BOTS[interaction.provider].answer(ctx, target, { prompt: interaction.prompt });
    if (!answer.ok) {
      ctx.logger.warn({ ...target, provider: interaction.provider, reason: answer.reason }, 'chatbot AI interaction: no answer');
      return { data: undefined, reply: null };
    }
    return { data: undefined, reply: answer.text };
  },
};
