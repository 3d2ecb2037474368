import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { AI_AVAILABLE_AUTH, AI_SETTINGS_AUTH } from './ai-bots.policy.js';
import { presentAiSettings, presentBotIntegration, presentChannelAiBot } from './ai-bots.presenter.js';
import {
  aiAvailableProvidersSchema,
  aiConnectionTestSchema,
  aiProviderParamsSchema,
  aiProviderSettingsBodySchema,
  aiProviderSettingsSchema,
  botIntegrationParamsSchema,
  botIntegrationSettingsBodySchema,
  botIntegrationSettingsSchema,
  botIntegrationTestSchema,
  channelAiBotBodySchema,
  channelAiBotSchema,
  idParamSchema,
} from './ai-bots.schemas.js';
import { getAiSettings, listConfiguredAiProviders, removeAiSettings, saveAiSettings, testAiConnection } from './use-cases/ai-settings.js';
import { getBotIntegration, removeBotIntegration, saveBotIntegration, testBotIntegration } from './use-cases/bot-integration-settings.js';
import { getChannelAiBot, saveChannelAiBot } from './use-cases/channel-ai-bot.js';

const tags = ['ai-bots'];
const settingsConfig = { auth: AI_SETTINGS_AUTH };

/**
 * The integration bots: the LLMs (settings tabs chat-gpt, lm, ollama, grok, gemini, deepseek, qwen,
 * claude), Typebot, Dify and n8n (tabs typebot, dify, n8n); the channel's bot; the chat header's switches.
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
        description:
          "The bot that answers on a channel (provider null: none: an LLM, typebot, dify or n8n), with its prompt, stop and restart words, and the channel's integration options.",
        params: idParamSchema,
        response: { 200: channelAiBotSchema, ...errorResponses },
      },
      handler: async (request) => {
        const { row, options } = await getChannelAiBot(ctx, actorOf(request), request.params.id);
        return presentChannelAiBot(request.params.id, row, options);
      },
    });

    app.put('/whatsapp/:id/ai-bot', {
      config: settingsConfig,
      schema: {
        tags,
        description:
          "Chooses the bot of a channel (null: none) and its prompt, stop word, restart word, whether it answers new tickets, and the channel's options `disableIntegrationsOnOpen` (an agent accepting a ticket switches its bots off) and `waitIntegrationProcessing` (a message a bot takes runs no later automation). 409 ERR_AI_NOT_CONFIGURED when the bot is not set up.",
        params: idParamSchema,
        body: channelAiBotBodySchema,
        response: { 200: channelAiBotSchema, ...errorResponses },
      },
      handler: async (request) => {
        const { row, options } = await saveChannelAiBot(ctx, actorOf(request), request.params.id, request.body);
        return presentChannelAiBot(request.params.id, row, options);
      },
    });

    app.get('/settings/bots/:kind', {
      config: settingsConfig,
      schema: {
        tags,
        description: "An integration's settings (Typebot, Dify, n8n; `settings` null while not set up); the API key is masked.",
        params: botIntegrationParamsSchema,
        response: { 200: botIntegrationSettingsSchema, ...errorResponses },
      },
      handler: async (request) =>
        presentBotIntegration(request.params.kind, await getBotIntegration(ctx, actorOf(request), request.params.kind)),
    });

    app.put('/settings/bots/:kind', {
      config: settingsConfig,
      schema: {
        tags,
        description:
          "Sets an integration up; the body's `kind` is the path's. Typebot: API token, viewer URL, bot's public id, type (published or preview), stop and restart words, unknown-response and button-choice messages, buttons flag. Dify: app key, API URL, app type (chatbot, agent, textGenerator, workflow), words. n8n: webhook URL, words. URLs must be public addresses; the masked key keeps the stored one for the same URL (sealed at rest).",
        params: botIntegrationParamsSchema,
        body: botIntegrationSettingsBodySchema,
        response: { 200: botIntegrationSettingsSchema, ...errorResponses },
      },
      handler: async (request) =>
        presentBotIntegration(request.params.kind, await saveBotIntegration(ctx, actorOf(request), request.params.kind, request.body)),
    });

    app.delete('/settings/bots/:kind', {
      config: settingsConfig,
      schema: {
        tags,
        description: 'Removes an integration: tickets switched on to it are left to the agents at their next message.',
        params: botIntegrationParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
      handler: async (request, reply) => {
        await removeBotIntegration(ctx, actorOf(request), request.params.kind);
        return reply.status(204).send(null);
      },
    });

    app.post('/settings/bots/:kind/test', {
      config: settingsConfig,
      schema: {
        tags,
        description:
          "Checks the given settings without a conversation (Typebot: a session registered without starting the bot; Dify: the app's info): 400 ERR_AI_PROVIDER_REFUSED with the service's words, or ERR_AI_PROVIDER_UNREACHABLE; n8n has no test (400).",
        params: botIntegrationParamsSchema,
        body: botIntegrationSettingsBodySchema,
        response: { 200: botIntegrationTestSchema, ...errorResponses },
      },
      handler: async (request) => testBotIntegration(ctx, actorOf(request), request.params.kind, request.body),
    });
  };
