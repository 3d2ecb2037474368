import { randomUUID } from 'node:crypto';
import { BOT_INTEGRATION_INFO } from '@conversa/shared';
import { deleteBotSession, findBotSession, saveBotSession } from '../ai-bots.repository.js';
import { dialogflowDetectIntent } from '../integrations/dialogflow.js';
import { LlmCallError } from '../protocols/llm-client.js';
import { botIntegrationOf } from '../use-cases/bot-integration-of.js';
import type { IntegrationBot } from './integration-bot.js';
import { chosenOption } from './typebot-bot.js';

/**
 * Dialogflow ES (integrations/dialogflow.ts): the customer's text goes to the agent's session of
 * the ticket (`t<ticketId>-<random>`, at most 36 characters as Dialogflow asks; kept in
 * bot_integration_sessions with the choices offered last, a new one on restart), so the agent's
 * contexts hold the conversation. A choice's number is sent as the choice's text. Quick replies
 * and suggestion chips become choices; an intent ending the conversation ends the bot on the ticket.
 */
export const dialogflowBot: IntegrationBot = {
  name: 'dialogflow',
  statusKey: BOT_INTEGRATION_INFO.dialogflow.statusKey,
  async answer(ctx, target, request) {
    const config = await botIntegrationOf(ctx, target.tenantId, 'dialogflow');
    if (!config) return { ok: false, reason: 'dialogflow is not set up (Settings → Bots and AI)' };
    let text = request.message?.body.trim() || (request.message?.mediaType ? `[${request.message.mediaType}]` : '');
    if (!text) return { ok: false, reason: 'no customer message to answer' };
    const session = request.restart ? undefined : await findBotSession(ctx.db, target.tenantId, target.ticketId, 'dialogflow');
    if (session?.choices?.length) text = chosenOption(text, session.choices) ?? text;
    const sessionId = session?.sessionId ?? `t${target.ticketId}-${randomUUID().slice(0, 8)}`;
    try {
      const turn = await dialogflowDetectIntent(ctx.http, { ...config, credentials: config.apiKey }, sessionId, text);
      if (turn.ended) await deleteBotSession(ctx.db, target.tenantId, target.ticketId, 'dialogflow');
      else await saveBotSession(ctx.db, { ...target, kind: 'dialogflow', sessionId, choices: turn.choices?.options ?? null });
      return {
        ok: true,
        text: turn.text,
        ...(turn.choices ? { choices: { title: turn.choices.title, options: turn.choices.options, asButtons: config.buttons } } : {}),
        ...(turn.ended ? { ended: true } : {}),
      };
    } catch (error) {
      if (!(error instanceof LlmCallError)) throw error;
      ctx.logger.warn({ ...target, bot: 'dialogflow', kind: error.kind, status: error.status }, `Dialogflow failed: ${error.message}`);
      return { ok: false, reason: `dialogflow: ${error.message}` };
    }
  },
  reset: (tx, target) => deleteBotSession(tx, target.tenantId, target.ticketId, 'dialogflow'),
};
