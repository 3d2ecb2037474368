import { businessHoursSchema, businessWeekBodyOf, updateAbsenceMessageBodySchema, updateBusinessHoursBodySchema } from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { getBusinessHours } from './use-cases/get-business-hours.js';
import { updateAbsenceMessage } from './use-cases/update-absence-message.js';
import { updateBusinessHours } from './use-cases/update-business-hours.js';

const tags = ['business-hours'];

/** SPEC §7: GET and PUT /tenants/business-hours/, PUT /tenants/message-business-hours/ (supervisors and administrators). */
export const businessHoursRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/tenants/business-hours/', {
      config: { auth: 'super' },
      schema: { tags, response: { 200: businessHoursSchema, ...errorResponses } },
      handler: async (request) => getBusinessHours(ctx, actorOf(request)),
    });

    app.put('/tenants/business-hours/', {
      config: { auth: 'super', templateVariables: true },
      schema: {
        tags,
        description:
          'The seven days (0 = Sunday), each O (open), C (closed) or H (hours: intervals HH:mm–HH:mm, start < end, no overlaps); `timeZone` (IANA) changes the tenant clock (administrators only). ' +
          "Izing's and Whazing's body is accepted too: the bare array of the seven days `{ day, type, hr1, hr2, hr3, hr4 }` (type H: open hr1–hr2 and hr3–hr4).",
        body: updateBusinessHoursBodySchema,
        response: { 200: businessHoursSchema, ...errorResponses },
      },
      // Before validation: Izing's bare array becomes our body (then validated and answered as ours).
      preValidation: async (request) => {
        request.body = businessWeekBodyOf(request.body) as typeof request.body;
      },
      handler: async (request) => updateBusinessHours(ctx, actorOf(request), request.body),
    });

    app.put('/tenants/message-business-hours/', {
      config: { auth: 'super', templateVariables: true },
      schema: { tags, body: updateAbsenceMessageBodySchema, response: { 200: businessHoursSchema, ...errorResponses } },
      handler: async (request) => updateAbsenceMessage(ctx, actorOf(request), request.body.messageBusinessHours),
    });
  };
