import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listProtocolsQuerySchema, listProtocolsResponseSchema } from '@conversa/shared';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { listProtocols } from './use-cases/list-protocols.js';

const tags = ['protocols'];

/** Protocols (SPEC /protocolos): every ticket's number, given when the ticket is created (tickets module). */
export const protocolsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/protocols', {
      config: { auth: 'super' },
      schema: {
        tags,
        description:
          "The tenant's ticket protocols, newest first (40 a page): searchParam matches a protocol's beginning or a contact's name or number; dateFrom/dateTo are days in the tenant's time zone.",
        querystring: listProtocolsQuerySchema,
        response: { 200: listProtocolsResponseSchema, ...errorResponses },
      },
      handler: async (request) => listProtocols(ctx, actorOf(request), request.query),
    });
  };
