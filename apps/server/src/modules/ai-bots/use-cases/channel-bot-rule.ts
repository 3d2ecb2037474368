import { BOT_INTEGRATIONS, type BotIntegration } from '@conversa/shared';
import type { Db } from '../../../platform/db/client.js';
import { findBotIntegration, findChannelAiBot, findChannelIntegrationOptions } from '../ai-bots.repository.js';

const isIntegration = (name: string): name is BotIntegration => (BOT_INTEGRATIONS as readonly string[]).includes(name);

/**
 * What decides a customer's message on a channel: the channel's bot, the stop and restart words —
 * the channel's, else those of the integration concerned (the bot running on the ticket, else the
 * channel's) — and whether the later automations wait for the bot.
 */
export async function channelBotRule(db: Db, tenantId: number, channelId: number, running?: string) {
  const channelBot = await findChannelAiBot(db, tenantId, channelId);
  const name = running ?? channelBot?.provider;
  const own = name && isIntegration(name) ? (await findBotIntegration(db, tenantId, name))?.config : undefined;
  const word = (value: unknown) => (typeof value === 'string' && value ? value : null);
  const options = await findChannelIntegrationOptions(db, tenantId, channelId);
  return {
    channelBot,
    stopWord: channelBot?.stopWord ?? word(own?.stopWord),
    restartWord: channelBot?.restartWord ?? word(own?.restartWord),
    waitIntegrationProcessing: options?.waitIntegrationProcessing ?? true,
  };
}
