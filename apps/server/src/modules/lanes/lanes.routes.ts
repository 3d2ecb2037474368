import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@conversa/shared';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { presentLane } from './lanes.presenter.js';
import { createLaneBodySchema, laneLocationBodySchema, laneSchema, updateLaneBodySchema } from './lanes.schemas.js';
import { createLane } from './use-cases/create-lane.js';
import { deleteLane } from './use-cases/delete-lane.js';
import { listLanes } from './use-cases/list-lanes.js';
import { moveLane } from './use-cases/move-lane.js';
import { updateLane } from './use-cases/update-lane.js';

const tags = ['lanes'];

/** Kanban lanes (SPEC /lanes). A ticket's lane is set through PUT /tickets/{id}/lane (tickets module). */
export const lanesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/lanes', {
      config: { auth: 'user' },
      schema: {
        tags,
        description: 'The kanban lanes of the tenant in board order, each with its ticket count.',
        response: { 200: z.array(laneSchema), ...errorResponses },
      },
      handler: async (request) => (await listLanes(ctx, actorOf(request))).map(presentLane),
    });

    app.post('/lanes', {
      config: { auth: 'super' },
      schema: {
        tags,
        description: 'A new lane, placed last.',
        body: createLaneBodySchema,
        response: { 201: laneSchema, ...errorResponses },
      },
      handler: async (request, reply) => reply.status(201).send(presentLane(await createLane(ctx, actorOf(request), request.body))),
    });

    app.put('/lanes/:id', {
      config: { auth: 'super' },
      schema: { tags, params: idParamSchema, body: updateLaneBodySchema, response: { 200: laneSchema, ...errorResponses } },
      handler: async (request) => presentLane(await updateLane(ctx, actorOf(request), request.params.id, request.body)),
    });

    app.put('/lanes/:id/position', {
      config: { auth: 'super' },
      schema: {
        tags,
        description:
          'Moves the lane to a 0-based index (past the end: last); the lanes between shift by one. Answers every lane in the new order.',
        params: idParamSchema,
        body: laneLocationBodySchema,
        response: { 200: z.array(laneSchema), ...errorResponses },
      },
      handler: async (request) => (await moveLane(ctx, actorOf(request), request.params.id, request.body.position)).map(presentLane),
    });

    app.delete('/lanes/:id', {
      config: { auth: 'super' },
      schema: {
        tags,
        description: 'Deletes the lane; its tickets stay, without a lane (detachedTickets: how many).',
        params: idParamSchema,
        response: { 200: z.object({ detachedTickets: z.number().int() }), ...errorResponses },
      },
      handler: async (request) => deleteLane(ctx, actorOf(request), request.params.id),
    });
  };
