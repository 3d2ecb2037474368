import { channelSchema, idParamSchema } from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { presentChannel } from './channels.presenter.js';
import { findChannelById, findDefaultChannel, listChannels } from './channels.repository.js';
import { createChannelBodySchema, updateChannelBodySchema } from './channels.schemas.js';
import { createChannel } from './use-cases/create-channel.js';
import { deleteChannel } from './use-cases/delete-channel.js';
import { startChannel } from './use-cases/start-channel.js';
import { stopChannel } from './use-cases/stop-channel.js';
import { updateChannel } from './use-cases/update-channel.js';

const tags = ['channels'];

/** Channels ("WhatsApp connections" in the peer products, hence /whatsapp): SPEC §3 Channel. */
export const channelsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/whatsapp', {
      config: { auth: 'user' },
      schema: { tags, response: { 200: z.array(channelSchema), ...errorResponses } },
      handler: async (request) => (await listChannels(ctx.db, actorOf(request).tenantId)).map(presentChannel),
    });

    app.get('/whatsapp/default', {
      config: { auth: 'user' },
      schema: { tags, response: { 200: channelSchema, ...errorResponses } },
      handler: async (request) => {
        const channel = await findDefaultChannel(ctx.db, actorOf(request).tenantId);
        if (!channel) throw new AppError('ERR_NO_DEF_WAPP_FOUND');
        return presentChannel(channel);
      },
    });

    app.get('/whatsapp/:id', {
      config: { auth: 'user' },
      schema: { tags, params: idParamSchema, response: { 200: channelSchema, ...errorResponses } },
      handler: async (request) => {
        const channel = await findChannelById(ctx.db, actorOf(request).tenantId, request.params.id);
        if (!channel) throw new AppError('ERR_NO_WAPP_FOUND');
        return presentChannel(channel);
      },
    });

    app.post('/whatsapp', {
      config: { auth: 'super', templateVariables: true },
      schema: { tags, body: createChannelBodySchema, response: { 201: channelSchema, ...errorResponses } },
      handler: async (request, reply) => reply.status(201).send(presentChannel(await createChannel(ctx, actorOf(request), request.body))),
    });

    app.put('/whatsapp/:id', {
      config: { auth: 'super', templateVariables: true },
      schema: { tags, params: idParamSchema, body: updateChannelBodySchema, response: { 200: channelSchema, ...errorResponses } },
      handler: async (request) => presentChannel(await updateChannel(ctx, actorOf(request), request.params.id, request.body)),
    });

    app.delete('/whatsapp/:id', {
      config: { auth: 'super' },
      schema: { tags, params: idParamSchema, response: { 204: z.null(), ...errorResponses } },
      handler: async (request, reply) => {
        await deleteChannel(ctx, actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });

    app.post('/whatsapp/:id/start', {
      config: { auth: 'super' },
      schema: { tags, params: idParamSchema, response: { 200: channelSchema, ...errorResponses } },
      handler: async (request) => presentChannel(await startChannel(ctx, actorOf(request), request.params.id)),
    });

    app.post('/whatsapp/:id/stop', {
      config: { auth: 'super' },
      schema: { tags, params: idParamSchema, response: { 200: channelSchema, ...errorResponses } },
      handler: async (request) => presentChannel(await stopChannel(ctx, actorOf(request), request.params.id)),
    });
  };
