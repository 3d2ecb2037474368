import { idSchema, kanbanPageSchema, kanbanSummarySchema, TICKET_STATUSES, type Ticket } from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { queryList } from '../../platform/http/query-params.js';
import { errorResponses, jsonText, jsonTextSerializer } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { summarizeBoard } from '../tickets/use-cases/list-board-tickets.js';
import { listLaneCards } from './use-cases/list-lane-cards.js';

const tags = ['kanban'];

const statusParam = queryList([...TICKET_STATUSES]).describe('Ticket statuses (default open and pending).');

/**
 * The kanban boards (SPEC /kanban/kanbans): columns are the tenant's lanes (GET /lanes) plus the
 * tickets without a lane; cards are the tickets the user may see (the ticket list's visibility).
 * The tags board reads GET /tickets?tagIds=….
 */
export const kanbanRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/kanban/summary', {
      config: { auth: 'user' },
      schema: {
        tags,
        description: "Per lane (laneId null: without a lane), how many of the user's visible tickets it holds and the sum of their values.",
        querystring: z.object({ status: statusParam }),
        response: { 200: kanbanSummarySchema, ...errorResponses },
      },
      handler: async (request) => ({ columns: await summarizeBoard(ctx, actorOf(request), { status: request.query.status }) }),
    });

    app.get('/kanban/tickets', {
      config: { auth: 'user' },
      serializerCompiler: jsonTextSerializer,
      schema: {
        tags,
        description:
          "A page of one column's cards: the lane's tickets in the lane's order (laneId omitted: the tickets without a lane, newest first), 50 a page.",
        querystring: z.object({
          laneId: idSchema.optional().describe('The lane; omitted: the tickets without a lane.'),
          pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
          status: statusParam,
        }),
        response: { 200: kanbanPageSchema, ...errorResponses },
      },
      handler: async (request) => {
        const { laneId, pageNumber, status } = request.query;
        const page = await listLaneCards(ctx, actorOf(request), { laneId: laneId ?? null, pageNumber, status });
        return { tickets: jsonText<Ticket[]>(page.ticketsJson), count: page.count, hasMore: page.hasMore };
      },
    });
  };
