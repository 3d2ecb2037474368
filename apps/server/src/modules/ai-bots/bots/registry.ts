import { AI_PROVIDERS, type IntegrationBotName } from '@conversa/shared';
import { dialogflowBot } from './dialogflow-bot.js';
import { difyBot } from './dify-bot.js';
import type { IntegrationBot } from './integration-bot.js';
import { llmBot } from './llm-bot.js';
import { n8nBot } from './n8n-bot.js';
import { typebotBot } from './typebot-bot.js';

export type { IntegrationBotName };

/** Every integration bot by name: the LLMs, then Typebot, Dialogflow, Dify and n8n. */
export const INTEGRATION_BOTS: Readonly<Record<IntegrationBotName, IntegrationBot>> = {
  ...(Object.fromEntries(AI_PROVIDERS.map((provider) => [provider, llmBot(provider)])) as Record<
    (typeof AI_PROVIDERS)[number],
    IntegrationBot
  >),
  typebot: typebotBot,
  dialogflow: dialogflowBot,
  dify: difyBot,
  n8n: n8nBot,
};

/** The bot whose switch is on on a ticket (the first, in the registry's order), if any. */
export function runningBotOf(statuses: Record<string, boolean> | null | undefined): IntegrationBot | undefined {
  return Object.values(INTEGRATION_BOTS).find((bot) => statuses?.[bot.statusKey] === true);
}
