import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { AI_AVAILABLE_AUTH, AI_SETTINGS_AUTH } from './ai-bots.policy.js';
import { presentAiSettings, presentChannelAiBot } from './ai-bots.presenter.js';
import {
  aiAvailableProvidersSchema,
  aiConnectionTestSchema,
  aiProviderParamsSchema,
  aiProviderSettingsBodySchema,
  aiProviderSettingsSchema,
  channelAiBotBodySchema,
  channelAiBotSchema,
  idParamSchema,
} from './ai-bots.schemas.js';
import { getAiSettings, listConfiguredAiProviders, removeAiSettings, saveAiSettings, testAiConnection } from './use-cases/ai-settings.js';
import { getChannelAiBot, saveChannelAiBot } from './use-cases/channel-ai-bot.js';

const tags = ['ai-bots'];
const settingsConfig = { auth: AI_SETTINGS_AUTH };

/**
 * The LLM bots (settings tabs chat-gpt, lm, ollama, grok, gemini, deepseek, qwen, claude; the
 * channel's AI; the chat header's switches).
 */
export const aiBotsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/settings/ai/:provider', {
      config: settingsConfig,
      schema: {
        tags,
        description: "A provider's settings (its defaults while `configured` is false); the API key is masked.",
        params: aiProviderParamsSchema,
        response: { 200: aiProviderSettingsSchema, ...errorResponses },
      },
      handler: async (request) =>
        presentAiSettings(request.params.provider, await getAiSettings(ctx, actorOf(request), request.params.provider)),
    });

    app.put('/settings/ai/:provider', {
      config: settingsConfig,
      schema: {
        tags,
        description:
          'Sets a provider up: API key (the masked value keeps the stored one for the same base URL; sealed at rest), base URL (a public address), model, protocol (one the provider speaks), answer timeout and context budget in estimated tokens.',
        params: aiProviderParamsSchema,
        body: aiProviderSettingsBodySchema,
        response: { 200: aiProviderSettingsSchema, ...errorResponses },
      },
      handler: async (request) =>
        presentAiSettings(request.params.provider, await saveAiSettings(ctx, actorOf(request), request.params.provider, request.body)),
    });

    app.delete('/settings/ai/:provider', {
      config: settingsConfig,
      schema: {
        tags,
        description: 'Removes a provider: tickets switched on to it are left to the agents at their next message.',
        params: aiProviderParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
      handler: async (request, reply) => {
        await removeAiSettings(ctx, actorOf(request), request.params.provider);
        return reply.status(204).send(null);
      },
    });

    app.post('/settings/ai/:provider/test', {
      config: settingsConfig,
      schema: {
        tags,
        description:
          "Checks the given settings without a conversation (lists the provider's models): 400 ERR_AI_PROVIDER_REFUSED with the provider's words, or ERR_AI_PROVIDER_UNREACHABLE.",
        params: aiProviderParamsSchema,
        body: aiProviderSettingsBodySchema,
        response: { 200: aiConnectionTestSchema, ...errorResponses },
      },
      handler: async (request) => testAiConnection(ctx, actorOf(request), request.params.provider, request.body),
    });

    app.get('/ai-bots', {
      config: { auth: AI_AVAILABLE_AUTH },
      schema: {
        tags,
        description: "The providers the company has set up, with the ticket's switch of each (statusKey of PUT /tickets/{id}).",
        response: { 200: aiAvailableProvidersSchema, ...errorResponses },
      },
      handler: async (request) => listConfiguredAiProviders(ctx, actorOf(request)),
    });

    app.get('/whatsapp/:id/ai-bot', {
      config: settingsConfig,
      schema: {
        tags,
        description: 'The AI that answers on a channel (provider null: none), with its prompt, stop and restart words.',
        params: idParamSchema,
        response: { 200: channelAiBotSchema, ...errorResponses },
      },
      handler: async (request) => presentChannelAiBot(request.params.id, await getChannelAiBot(ctx, actorOf(request), request.params.id)),
    });

    app.put('/whatsapp/:id/ai-bot', {
      config: settingsConfig,
      schema: {
        tags,
        description:
          'Chooses the AI of a channel (null: none) and its prompt, stop word, restart word and whether it answers new tickets. 409 ERR_AI_NOT_CONFIGURED when the provider is not set up.',
        params: idParamSchema,
        body: channelAiBotBodySchema,
        response: { 200: channelAiBotSchema, ...errorResponses },
      },
      handler: async (request) =>
        presentChannelAiBot(request.params.id, await saveChannelAiBot(ctx, actorOf(request), request.params.id, request.body)),
    });
  };
