import { idParamSchema, queueSchema } from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { presentQueue } from './queues.presenter.js';
import { findQueueById, listQueues } from './queues.repository.js';
import { createQueueBodySchema, queueUsersBodySchema, updateQueueBodySchema } from './queues.schemas.js';
import { createQueue } from './use-cases/create-queue.js';
import { deleteQueue } from './use-cases/delete-queue.js';
import { setQueueUsers } from './use-cases/set-queue-users.js';
import { updateQueue } from './use-cases/update-queue.js';

const tags = ['queues'];

export const queuesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/queue', {
      config: { auth: 'user' },
      schema: { tags, response: { 200: z.array(queueSchema), ...errorResponses } },
      handler: async (request) => (await listQueues(ctx.db, actorOf(request).tenantId)).map(presentQueue),
    });

    app.get('/queue/:id', {
      config: { auth: 'user' },
      schema: { tags, params: idParamSchema, response: { 200: queueSchema, ...errorResponses } },
      handler: async (request) => {
        const queue = await findQueueById(ctx.db, actorOf(request).tenantId, request.params.id);
        if (!queue) throw new AppError('ERR_NO_QUEUE_FOUND');
        return presentQueue(queue);
      },
    });

    app.post('/queue', {
      config: { auth: 'admin', templateVariables: true },
      schema: { tags, body: createQueueBodySchema, response: { 201: queueSchema, ...errorResponses } },
      handler: async (request, reply) => reply.status(201).send(presentQueue(await createQueue(ctx, actorOf(request), request.body))),
    });

    app.put('/queue/:id', {
      config: { auth: 'admin', templateVariables: true },
      schema: { tags, params: idParamSchema, body: updateQueueBodySchema, response: { 200: queueSchema, ...errorResponses } },
      handler: async (request) => presentQueue(await updateQueue(ctx, actorOf(request), request.params.id, request.body)),
    });

    app.put('/queue/:id/users', {
      config: { auth: 'admin' },
      schema: { tags, params: idParamSchema, body: queueUsersBodySchema, response: { 200: queueSchema, ...errorResponses } },
      handler: async (request) => presentQueue(await setQueueUsers(ctx, actorOf(request), request.params.id, request.body.userIds)),
    });

    app.delete('/queue/:id', {
      config: { auth: 'admin' },
      schema: { tags, params: idParamSchema, response: { 204: z.null(), ...errorResponses } },
      handler: async (request, reply) => {
        await deleteQueue(ctx, actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
