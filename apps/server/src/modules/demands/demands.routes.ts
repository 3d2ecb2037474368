import { idParamSchema } from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { presentDemand } from './demands.presenter.js';
import { createDemandBodySchema, demandSchema, demandUsageSchema, updateDemandBodySchema } from './demands.schemas.js';
import { createDemand } from './use-cases/create-demand.js';
import { deleteDemand } from './use-cases/delete-demand.js';
import { getDemandUsage } from './use-cases/get-demand-usage.js';
import { listDemands } from './use-cases/list-demands.js';
import { updateDemand } from './use-cases/update-demand.js';

const tags = ['demands'];

/** Reasons (SPEC Demand; settings tab /configuracoes/motivos). A ticket gets one when resolved (PUT /tickets/{id} demandId). */
export const demandsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/demands', {
      config: { auth: 'user' },
      schema: {
        tags,
        description: 'The reasons of the tenant by name, each with how many tickets carry it.',
        response: { 200: z.array(demandSchema), ...errorResponses },
      },
      handler: async (request) => (await listDemands(ctx, actorOf(request))).map(presentDemand),
    });
    app.post('/demands', {
      config: { auth: 'admin' },
      schema: { tags, body: createDemandBodySchema, response: { 201: demandSchema, ...errorResponses } },
      handler: async (request, reply) => reply.status(201).send(presentDemand(await createDemand(ctx, actorOf(request), request.body))),
    });
    app.put('/demands/:id', {
      config: { auth: 'admin' },
      schema: { tags, params: idParamSchema, body: updateDemandBodySchema, response: { 200: demandSchema, ...errorResponses } },
      handler: async (request) => presentDemand(await updateDemand(ctx, actorOf(request), request.params.id, request.body)),
    });
    app.get('/demands/:id/usage', {
      config: { auth: 'admin' },
      schema: {
        tags,
        description: 'How many tickets carry the reason: what deleting it detaches it from.',
        params: idParamSchema,
        response: { 200: demandUsageSchema, ...errorResponses },
      },
      handler: async (request) => getDemandUsage(ctx, actorOf(request), request.params.id),
    });
    app.delete('/demands/:id', {
      config: { auth: 'admin' },
      schema: {
        tags,
        description: 'Deletes the reason; its tickets stay, without a reason (detachedTickets: how many).',
        params: idParamSchema,
        response: { 200: z.object({ detachedTickets: z.number().int() }), ...errorResponses },
      },
      handler: async (request) => deleteDemand(ctx, actorOf(request), request.params.id),
    });
  };
