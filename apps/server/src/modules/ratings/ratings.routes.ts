import { listEvaluationsQuerySchema, listEvaluationsResponseSchema, ratingSettingsSchema } from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { readRatingSettings } from './ratings.repository.js';
import { listEvaluations } from './use-cases/list-evaluations.js';
import { updateRatingSettings } from './use-cases/update-rating-settings.js';

const tags = ['ratings'];

export const ratingsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/tenants/rating/', {
      config: { auth: 'super' },
      schema: { tags, response: { 200: ratingSettingsSchema, ...errorResponses } },
      handler: async (request) => readRatingSettings(ctx.db, actorOf(request).tenantId),
    });

    app.put('/tenants/rating/', {
      config: { auth: 'super', templateVariables: true },
      schema: { tags, body: ratingSettingsSchema, response: { 200: ratingSettingsSchema, ...errorResponses } },
      handler: async (request) => updateRatingSettings(ctx, actorOf(request), request.body),
    });

    app.get('/evaluations', {
      config: { auth: 'super' },
      schema: { tags, querystring: listEvaluationsQuerySchema, response: { 200: listEvaluationsResponseSchema, ...errorResponses } },
      handler: async (request) => listEvaluations(ctx, actorOf(request), request.query),
    });
  };
