import { BOT_INTEGRATION_INFO } from '@conversa/shared';
import { deleteBotSession, findBotSession, saveBotSession } from '../ai-bots.repository.js';
import { difyAnswer } from '../integrations/dify.js';
import { LlmCallError } from '../protocols/llm-client.js';
import { botIntegrationOf } from '../use-cases/bot-integration-of.js';
import type { IntegrationBot } from './integration-bot.js';

/**
 * Dify (integrations/dify.ts): the customer's message is the query; a chat's (chatbot, agent)
 * conversation_id is kept per ticket, so Dify holds the context; a conversation Dify no longer
 * knows (404) starts a new one. The user is `conversa-ticket-<id>`.
 */
export const difyBot: IntegrationBot = {
  name: 'dify',
  statusKey: BOT_INTEGRATION_INFO.dify.statusKey,
  async answer(ctx, target, request) {
    const config = await botIntegrationOf(ctx, target.tenantId, 'dify');
    if (!config) return { ok: false, reason: 'dify is not set up (Settings → Bots and AI)' };
    const query = request.message?.body.trim() || (request.message?.mediaType ? `[${request.message.mediaType}]` : '');
    if (!query) return { ok: false, reason: 'no customer message to answer' };
    const user = `conversa-ticket-${target.ticketId}`;
    const session = request.restart ? undefined : await findBotSession(ctx.db, target.tenantId, target.ticketId, 'dify');
    try {
      let answer;
      try {
        answer = await difyAnswer(ctx.http, config, query, user, session?.sessionId ?? null);
      } catch (error) {
        if (!(error instanceof LlmCallError && error.status === 404 && session?.sessionId)) throw error;
        answer = await difyAnswer(ctx.http, config, query, user, null);
      }
      if (answer.conversationId) await saveBotSession(ctx.db, { ...target, kind: 'dify', sessionId: answer.conversationId, choices: null });
      return { ok: true, text: answer.text };
    } catch (error) {
      if (!(error instanceof LlmCallError)) throw error;
      ctx.logger.warn({ ...target, bot: 'dify', kind: error.kind, status: error.status }, `Dify failed: ${error.message}`);
      return { ok: false, reason: `dify: ${error.message}` };
    }
  },
  reset: (tx, target) => deleteBotSession(tx, target.tenantId, target.ticketId, 'dify'),
};
