import { farewellMessageBodySchema, farewellMessageSchema, idParamSchema } from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { presentFarewellMessage } from './farewell-messages.presenter.js';
import { listFarewellMessages } from './farewell-messages.repository.js';
import { createFarewellMessage } from './use-cases/create-farewell-message.js';
import { deleteFarewellMessage } from './use-cases/delete-farewell-message.js';
import { updateFarewellMessage } from './use-cases/update-farewell-message.js';

const tags = ['farewell messages'];

/** Closing messages (SPEC /fechamento): every agent lists them (the resolve dialog); supervisors and admins keep them. */
export const farewellMessagesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/farewellMessages', {
      config: { auth: 'user' },
      schema: { tags, response: { 200: z.array(farewellMessageSchema), ...errorResponses } },
      handler: async (request) => (await listFarewellMessages(ctx.db, actorOf(request).tenantId)).map(presentFarewellMessage),
    });

    app.post('/farewellMessages', {
      config: { auth: 'super', templateVariables: true },
      schema: { tags, body: farewellMessageBodySchema, response: { 201: farewellMessageSchema, ...errorResponses } },
      handler: async (request, reply) =>
        reply.status(201).send(presentFarewellMessage(await createFarewellMessage(ctx, actorOf(request), request.body))),
    });

    app.put('/farewellMessages/:id', {
      config: { auth: 'super', templateVariables: true },
      schema: { tags, params: idParamSchema, body: farewellMessageBodySchema, response: { 200: farewellMessageSchema, ...errorResponses } },
      handler: async (request) =>
        presentFarewellMessage(await updateFarewellMessage(ctx, actorOf(request), request.params.id, request.body)),
    });

    app.delete('/farewellMessages/:id', {
      config: { auth: 'super' },
      schema: { tags, params: idParamSchema, response: { 204: z.null(), ...errorResponses } },
      handler: async (request, reply) => {
        await deleteFarewellMessage(ctx, actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
