import { adminPlanSchema, idParamSchema, planBodySchema, planSchema, updatePlanBodySchema } from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/http/responses.js';
import { presentAdminPlan, presentPlan } from './plans.presenter.js';
import { createPlan } from './use-cases/create-plan.js';
import { deletePlan } from './use-cases/delete-plan.js';
import { listPlans } from './use-cases/list-plans.js';
import { listPlansWithCompanies } from './use-cases/list-plans-with-companies.js';
import { updatePlan } from './use-cases/update-plan.js';

const tags = ['plans'];

export const plansRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Shown on the public sign-up page.
    app.get('/plans/public', {
      config: { auth: 'public' },
      schema: { tags, response: { 200: z.array(planSchema), ...errorResponses } },
      handler: async () => (await listPlans(ctx)).map(presentPlan),
    });

    app.get('/plans/', {
      config: { auth: 'platform' },
      schema: { tags, response: { 200: z.array(adminPlanSchema), ...errorResponses } },
      handler: async () => (await listPlansWithCompanies(ctx)).map(presentAdminPlan),
    });

    app.post('/plans', {
      config: { auth: 'platform' },
      schema: { tags, body: planBodySchema, response: { 201: planSchema, ...errorResponses } },
      handler: async (request, reply) => reply.status(201).send(presentPlan(await createPlan(ctx, request.body))),
    });

    app.put('/plans/:id', {
      config: { auth: 'platform' },
      schema: {
        tags,
        params: idParamSchema,
        body: updatePlanBodySchema,
        description:
          'A change of users or connections reaches every company on the plan; refused (400) when a company already uses more than a lowered limit.',
        response: { 200: planSchema, ...errorResponses },
      },
      handler: async (request) => presentPlan(await updatePlan(ctx, request.params.id, request.body)),
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
