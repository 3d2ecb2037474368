import { BOT_INTEGRATION_INFO, sameWord } from '@conversa/shared';
import { deleteBotSession, findBotSession, saveBotSession } from '../ai-bots.repository.js';
import { typebotContinueChat, typebotStartChat, type TypebotTurn } from '../integrations/typebot.js';
import { LlmCallError } from '../protocols/llm-client.js';
import { botIntegrationOf } from '../use-cases/bot-integration-of.js';
import type { IntegrationBot } from './integration-bot.js';

/** The option a customer's answer names: its number ("2") or its text; undefined when neither. */
export function chosenOption(answer: string, options: readonly string[]): string | undefined {
  const trimmed = answer.trim();
  if (/^\d{1,2}$/.test(trimmed)) return options[Number(trimmed) - 1];
  return options.find((option) => sameWord(trimmed, option));
}

/**
 * Typebot (integrations/typebot.ts): the ticket's session is kept (bot_integration_sessions) with
 * the choices offered last. A customer's message continues the session — a choice's number or text
 * sent as the choice's text; an answer matching no choice gets the unknown-response message and the
 * choices again without asking Typebot (when that message is set) — or starts one when there is none
 * (or Typebot no longer knows it: 404). Its bubbles are joined in one message; its choice input
 * becomes the answer's choices; the end of its flow ends the bot on the ticket.
 */
export const typebotBot: IntegrationBot = {
  name: 'typebot',
  statusKey: BOT_INTEGRATION_INFO.typebot.statusKey,
  async answer(ctx, target, request) {
    const config = await botIntegrationOf(ctx, target.tenantId, 'typebot');
    if (!config) return { ok: false, reason: 'typebot is not set up (Settings → Bots and AI)' };
    const session = request.restart ? undefined : await findBotSession(ctx.db, target.tenantId, target.ticketId, 'typebot');
    const choicesOf = (options: string[]) => ({ title: config.buttonChoiceMessage, options, asButtons: config.buttons });
    try {
      let turn: TypebotTurn;
      if (session?.sessionId && request.message) {
        let text = request.message.body;
        if (session.choices?.length) {
          const chosen = chosenOption(text, session.choices);
          if (chosen) text = chosen;
          else if (config.unknownMessage) return { ok: true, text: config.unknownMessage, choices: choicesOf(session.choices) };
        }
        try {
          turn = await typebotContinueChat(ctx.http, config, session.sessionId, text);
        } catch (error) {
          // An expired or unknown session: a new chat.
          if (!(error instanceof LlmCallError && error.status === 404)) throw error;
          turn = await typebotStartChat(ctx.http, config);
        }
      } else {
        turn = await typebotStartChat(ctx.http, config);
      }
      if (turn.ended) await deleteBotSession(ctx.db, target.tenantId, target.ticketId, 'typebot');
      else await saveBotSession(ctx.db, { ...target, kind: 'typebot', sessionId: turn.sessionId, choices: turn.choices });
      return {
        ok: true,
        text: turn.texts.join('\n\n'),
        ...(turn.choices ? { choices: choicesOf(turn.choices) } : {}),
        ...(turn.ended ? { ended: true } : {}),
      };
    } catch (error) {
      if (!(error instanceof LlmCallError)) throw error;
      ctx.logger.warn({ ...target, bot: 'typebot', kind: error.kind, status: error.status }, `Typebot failed: ${error.message}`);
      return { ok: false, reason: `typebot: ${error.message}` };
    }
  },
  reset: (tx, target) => deleteBotSession(tx, target.tenantId, target.ticketId, 'typebot'),
};
