import {
  listBirthdaysQuerySchema,
  listBirthdaysResponseSchema,
  sendBirthdayBodySchema,
  sendBirthdayResponseSchema,
} from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { listBirthdays } from './use-cases/list-birthdays.js';
import { sendBirthday } from './use-cases/send-birthday.js';

const tags = ['birthdays'];

/** Birthdays (SPEC /aniversarios, POST /messages/sendBirthday): the list and the manual send; the daily job is jobs/send-birthdays.job.ts. */
export const birthdaysRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/birthdays', {
      config: { auth: 'super' },
      schema: {
        tags,
        description:
          "The contacts with a birthday today (period=today; on 28 February of a common year also those born on 29 February) or this month (period=month), on the tenant's clock, 40 a page, each with the channel the daily job greets them on and this year's greeting if any.",
        querystring: listBirthdaysQuerySchema,
        response: { 200: listBirthdaysResponseSchema, ...errorResponses },
      },
      handler: async (request) => listBirthdays(ctx, actorOf(request), request.query),
    });
    app.post('/messages/sendBirthday', {
      config: { auth: 'super' },
      schema: {
        tags,
        description:
          "Sends the contact the birthday message of the channel (whatsappId) now, through the outbound path, in the contact's ticket on that channel (opened pending when there is none). Once per contact and year, shared with the daily job: 409 ERR_BIRTHDAY_ALREADY_SENT (details: year, greetedAt, channelId, byUser) when already greeted; 400 ERR_NO_BIRTHDAY_MESSAGE when the channel has none; 400 ERR_NO_BIRTHDAY when the contact has no birthday; 400 ERR_CONTACT_BLOCKED when the contact is blocked.",
        body: sendBirthdayBodySchema,
        response: { 201: sendBirthdayResponseSchema, ...errorResponses },
      },
      handler: async (request, reply) => reply.status(201).send(await sendBirthday(ctx, actorOf(request), request.body)),
    });
  };
