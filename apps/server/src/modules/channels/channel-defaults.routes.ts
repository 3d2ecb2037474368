import { channelDefaultsKindParamsSchema, channelDefaultsSchema } from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { presentChannelDefaults, presentChannelDefaultValues } from './channel-defaults.presenter.js';
import { getChannelDefaults } from './use-cases/get-channel-defaults.js';
import { saveChannelDefaults } from './use-cases/save-channel-defaults.js';

const tags = ['channels'];
// Settings tabs are the admin's (SPEC §2); supervisors, who create channels too, read the defaults their form is prefilled with.
const readConfig = { auth: 'super' as const };
const writeConfig = { auth: 'admin' as const };

/** Channel defaults (settings tabs meta, hub, wuzapi, evolution): what new channels of each kind inherit. */
export const channelDefaultsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/settings/channel-defaults', {
      config: readConfig,
      schema: {
        tags,
        description: "Every kind's defaults for new channels (meta → waba, hub, wuzapi → meow, evolution); secrets masked.",
        response: { 200: channelDefaultsSchema, ...errorResponses },
      },
      handler: async (request) => presentChannelDefaults(await getChannelDefaults(ctx, actorOf(request))),
    });

    app.put('/settings/channel-defaults/:kind', {
      config: writeConfig,
      schema: {
        tags,
        description:
          "Sets one kind's defaults, the whole set: meta {baseUrl, apiVersion, businessAccountId, token, appSecret, verifyToken}, hub and wuzapi {baseUrl, token}, evolution {baseUrl, apiKey}. Empty or left out: no default; a masked secret keeps the stored one; base URLs must be public addresses. A new channel of that kind takes every field it leaves out.",
        params: channelDefaultsKindParamsSchema,
        body: z.record(z.string().max(100), z.string().max(4096)),
        response: { 200: z.record(z.string(), z.string()), ...errorResponses },
      },
      handler: async (request) =>
        presentChannelDefaultValues(await saveChannelDefaults(ctx, actorOf(request), request.params.kind, request.body)),
    });
  };
