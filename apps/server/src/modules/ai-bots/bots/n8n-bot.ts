import { BOT_INTEGRATION_INFO } from '@conversa/shared';
import { n8nWebhook } from '../integrations/n8n.js';
import { LlmCallError } from '../protocols/llm-client.js';
import { botIntegrationOf } from '../use-cases/bot-integration-of.js';
import type { IntegrationBot } from './integration-bot.js';

/**
 * n8n (integrations/n8n.ts): each customer message is POSTed to the workflow's webhook; `reply`
 * (or `output`, `text`) is sent back, `options` as choices, `end: true` ends the bot on the ticket.
 */
export const n8nBot: IntegrationBot = {
  name: 'n8n',
  statusKey: BOT_INTEGRATION_INFO.n8n.statusKey,
  async answer(ctx, target, request) {
    const config = await botIntegrationOf(ctx, target.tenantId, 'n8n');
    if (!config) return { ok: false, reason: 'n8n is not set up (Settings → Bots and AI)' };
    const message = request.message;
    if (!message) return { ok: false, reason: 'no customer message to answer' };
    try {
      const answer = await n8nWebhook(ctx.http, config, {
        event: 'message',
        ticketId: target.ticketId,
        contactId: message.contactId,
        channelId: message.channelId,
        message: { id: message.id, body: message.body, mediaType: message.mediaType, timestamp: message.timestamp.toISOString() },
      });
      const text = (answer.reply ?? answer.output ?? answer.text ?? '').trim();
      return {
        ok: true,
        text,
        ...(answer.options?.length ? { choices: { title: '', options: answer.options, asButtons: true } } : {}),
        ...(answer.end ? { ended: true } : {}),
      };
    } catch (error) {
      if (!(error instanceof LlmCallError)) throw error;
      ctx.logger.warn({ ...target, bot: 'n8n', kind: error.kind, status: error.status }, `n8n failed: ${error.message}`);
      return { ok: false, reason: `n8n: ${error.message}` };
    }
  },
};
