import { FLOW_LIMITS, type FlowInteraction } from '@conversa/shared/chatbot';
import type { AsyncInteractionHandler } from './registry.js';

/**
 * GET the URL through the SSRF-safe client (ctx.http: no private address unless
 * OUTBOUND_ALLOW_PRIVATE_NETWORKS; no redirects), within the interaction's timeout. A JSON answer
 * becomes {{webhook.…}} for the next messages; anything else (an error status, not JSON, too large,
 * refused, timed out) leaves nothing, and the flow goes on.
 */
export const webhookInteraction: AsyncInteractionHandler<Extract<FlowInteraction, { kind: 'webhook' }>> = {
  async run(ctx, interaction, target) {
    try {
      const response = await ctx.http(interaction.url, {
        method: 'GET',
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(interaction.timeoutMs),
      });
      const text = await response.text();
      if (!response.ok || text.length > FLOW_LIMITS.maxWebhookAnswerChars) {
        ctx.logger.warn({ ...target, status: response.status, size: text.length }, 'chatbot webhook: answer not used');
        return { data: null };
      }
      return { data: JSON.parse(text) as unknown };
    } catch (error) {
      ctx.logger.warn({ ...target, err: error }, 'chatbot webhook failed');
      return { data: null };
    }
  },
};
