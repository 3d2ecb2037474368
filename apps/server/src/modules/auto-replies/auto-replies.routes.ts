import { idParamSchema } from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { presentAutoReply } from './auto-replies.presenter.js';
import { autoReplyBodySchema, autoReplySchema } from './auto-replies.schemas.js';
import { createAutoReply } from './use-cases/create-auto-reply.js';
import { deleteAutoReply } from './use-cases/delete-auto-reply.js';
import { getAutoReply, listAutoReplies } from './use-cases/list-auto-replies.js';
import { updateAutoReply } from './use-cases/update-auto-reply.js';

const tags = ['auto-replies'];

/** /auto-resposta (SPEC §2): keyword and first-message auto-replies, for supervisors and administrators. */
export const autoRepliesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/auto-reply', {
      config: { auth: 'super' },
      schema: { tags, response: { 200: z.array(autoReplySchema), ...errorResponses } },
      handler: async (request) => (await listAutoReplies(ctx, actorOf(request))).map(presentAutoReply),
    });

    app.get('/auto-reply/:id', {
      config: { auth: 'super' },
      schema: { tags, params: idParamSchema, response: { 200: autoReplySchema, ...errorResponses } },
      handler: async (request) => presentAutoReply(await getAutoReply(ctx, actorOf(request), request.params.id)),
    });

    app.post('/auto-reply', {
      config: { auth: 'super', templateVariables: true },
      schema: { tags, body: autoReplyBodySchema, response: { 201: autoReplySchema, ...errorResponses } },
      handler: async (request, reply) =>
        reply.status(201).send(presentAutoReply(await createAutoReply(ctx, actorOf(request), request.body))),
    });

    app.put('/auto-reply/:id', {
      config: { auth: 'super', templateVariables: true },
      schema: { tags, params: idParamSchema, body: autoReplyBodySchema, response: { 200: autoReplySchema, ...errorResponses } },
      handler: async (request) => presentAutoReply(await updateAutoReply(ctx, actorOf(request), request.params.id, request.body)),
    });

    app.delete('/auto-reply/:id', {
      config: { auth: 'super' },
      schema: { tags, params: idParamSchema, response: { 204: z.null(), ...errorResponses } },
      handler: async (request, reply) => {
        await deleteAutoReply(ctx, actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
