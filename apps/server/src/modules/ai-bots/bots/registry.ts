import { AI_PROVIDERS, type AiProvider } from '@conversa/shared';
import type { IntegrationBot } from './integration-bot.js';
import { llmBot } from './llm-bot.js';

/** The names a channel may choose (the LLMs for now; Typebot, Dify, Dialogflow, n8n later). */
export type IntegrationBotName = AiProvider;

/** Every integration bot by name. */
export const INTEGRATION_BOTS: Readonly<Record<IntegrationBotName, IntegrationBot>> = Object.fromEntries(
  AI_PROVIDERS.map((provider) => [provider, llmBot(provider)]),
) as Record<IntegrationBotName, IntegrationBot>;

/** The bot whose switch is on on a ticket (the first, in the registry's order), if any. */
export function runningBotOf(statuses: Record<string, boolean> | null | undefined): IntegrationBot | undefined {
  return Object.values(INTEGRATION_BOTS).find((bot) => statuses?.[bot.statusKey] === true);
}
