import { businessHoursSchema, updateAbsenceMessageBodySchema, updateBusinessHoursBodySchema } from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { getBusinessHours } from './use-cases/get-business-hours.js';
import { updateAbsenceMessage } from './use-cases/update-absence-message.js';
import { updateBusinessHours } from './use-cases/update-business-hours.js';

const tags = ['business-hours'];

/** SPEC §7: GET and PUT /tenants/business-hours/, PUT /tenants/message-business-hours/ (supervisors and administrators). */
export const businessHoursRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.get('/tenants/business-hours/', {
    config: { auth: 'super' },
    schema: { tags, response: { 200: businessHoursSchema, ...errorResponses } },
    handler: async (request) => getBusinessHours(ctx, actorOf(request)),
  });

  app.put('/tenants/business-hours/', {
    config: { auth: 'super' },
    schema: {
      tags,
      description: 'The seven days (0 = Sunday), each O (open), C (closed) or H (hours: intervals HH:mm–HH:mm, start < end, no overlaps); `timeZone` (IANA) changes the tenant clock (administrators only).',
      body: updateBusinessHoursBodySchema,
      response: { 200: businessHoursSchema, ...errorResponses },
    },
    handler: async (request) => updateBusinessHours(ctx, actorOf(request), request.body),
  });

  app.put('/tenants/message-business-hours/', {
    config: { auth: 'super' },
    schema: { tags, body: updateAbsenceMessageBodySchema, response: { 200: businessHoursSchema, ...errorResponses } },
    handler: async (request) => updateAbsenceMessage(ctx, actorOf(request), request.body.messageBusinessHours),
  });
};
