import { AI_PROVIDER_INFO, type AiProvider } from '@conversa/shared';
import { generateAiReply } from '../use-cases/generate-ai-reply.js';
import type { IntegrationBot } from './integration-bot.js';

/** An LLM provider of the tenant's settings as an integration bot: its protocol adapter answers with the ticket's recent messages as context. */
export function llmBot(provider: AiProvider): IntegrationBot {
  return {
    name: provider,
    statusKey: AI_PROVIDER_INFO[provider].statusKey,
    answer: (ctx, target, { prompt }) => generateAiReply(ctx, target, provider, prompt),
  };
}
