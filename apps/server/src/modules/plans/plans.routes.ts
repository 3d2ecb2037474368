import { idParamSchema, planBodySchema, planSchema, updatePlanBodySchema } from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { errorResponses } from '../../platform/http/responses.js';
import { presentPlan } from './plans.presenter.js';
import { insertPlan, listPlans, updatePlan } from './plans.repository.js';
import { deletePlan } from './use-cases/delete-plan.js';

const tags = ['plans'];

export const plansRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Shown on the public sign-up page.
    app.get('/plans/public', {
      config: { auth: 'public' },
      schema: { tags, response: { 200: z.array(planSchema), ...errorResponses } },
      handler: async () => (await listPlans(ctx.db)).map(presentPlan),
    });

    app.get('/plans/', {
      config: { auth: 'platform' },
      schema: { tags, response: { 200: z.array(planSchema), ...errorResponses } },
      handler: async () => (await listPlans(ctx.db)).map(presentPlan),
    });

    app.post('/plans', {
      config: { auth: 'platform' },
      schema: { tags, body: planBodySchema, response: { 201: planSchema, ...errorResponses } },
      handler: async (request, reply) => reply.status(201).send(presentPlan(await insertPlan(ctx.db, request.body))),
    });

    app.put('/plans/:id', {
      config: { auth: 'platform' },
      schema: { tags, params: idParamSchema, body: updatePlanBodySchema, response: { 200: planSchema, ...errorResponses } },
      handler: async (request) => {
        const row = await updatePlan(ctx.db, request.params.id, request.body);
        if (!row) throw new AppError('ERR_NO_PLAN_FOUND');
        return presentPlan(row);
      },
    });

    app.delete('/plans/:id', {
      config: { auth: 'platform' },
      schema: { tags, params: idParamSchema, response: { 204: z.null(), ...errorResponses } },
      handler: async (request, reply) => {
        await deletePlan(ctx, request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
