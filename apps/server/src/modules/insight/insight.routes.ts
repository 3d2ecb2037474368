import { dashboardQuerySchema, dashboardSchema } from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { getDashboard } from './use-cases/get-dashboard.js';

const tags = ['insight'];

export const insightRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/dashboard', {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          "The home dashboard's figures for tickets created in [from, to): totals, breakdowns by channel, queue, status and user, and the evolution per hour or day — admins the whole tenant, supervisors their queues, agents their own tickets.",
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema, ...errorResponses },
      },
      handler: async (request) => getDashboard(ctx, actorOf(request), request.query),
    });
  };
