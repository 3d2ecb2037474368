import { AI_LIMITS, estimateTokens, type AiProvider } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { recentTicketMessages } from '../../messages/use-cases/recent-ticket-messages.js';
import type { IntegrationBotAnswer, IntegrationBotTarget } from '../bots/integration-bot.js';
import { LlmCallError } from '../protocols/llm-client.js';
import { LLM_PROTOCOLS } from '../protocols/protocols.js';
import { aiProviderOf } from './ai-endpoint.js';
import { conversationContext } from './conversation-context.js';

/**
 * The tenant's provider asked for the next answer of a ticket's conversation: the prompt as its
 * instructions, the ticket's latest messages within the settings' token budget (less the prompt's)
 * as context, through the protocol's adapter (SSRF-safe client, the settings' timeout). Never
 * throws for the provider: a refusal, a timeout or an empty answer is `{ ok: false, reason }`.
 */
export async function generateAiReply(
  ctx: AppContext,
  target: IntegrationBotTarget,
  provider: AiProvider,
  prompt: string,
): Promise<IntegrationBotAnswer> {
  const configured = await aiProviderOf(ctx, target.tenantId, provider);
  if (!configured) return { ok: false, reason: `${provider} is not set up (Settings → Bots and AI)` };
  const { settings, endpoint } = configured;
  const history = await recentTicketMessages(ctx.db, target.tenantId, target.ticketId, AI_LIMITS.contextMessages);
  const budget = Math.max(AI_LIMITS.contextTokens.min, settings.contextTokens - (prompt ? estimateTokens(prompt) : 0));
  const turns = conversationContext(history, budget);
  if (!turns.some((turn) => turn.role === 'user')) return { ok: false, reason: 'no customer message to answer' };
  try {
    const text = await LLM_PROTOCOLS[settings.protocol].chat(ctx.http, endpoint, {
      system: prompt,
      turns,
      maxTokens: AI_LIMITS.maxAnswerTokens,
    });
    return { ok: true, text };
  } catch (error) {
    if (error instanceof LlmCallError) {
      ctx.logger.warn({ ...target, provider, kind: error.kind, status: error.status }, `AI provider failed: ${error.message}`);
      return { ok: false, reason: `${provider}: ${error.message}` };
    }
    throw error;
  }
}
