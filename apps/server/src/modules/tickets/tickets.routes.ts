import {
  earlierTicketSchema,
  bulkTicketsBodySchema,
  bulkTicketsResultSchema,
  idParamSchema,
  idSchema,
  refIdSchema,
  ticketLaneBodySchema,
  ticketSchema,
  ticketValueBodySchema,
  TICKET_STATUSES,
  type Ticket,
} from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { queryBool, queryIdList, queryList } from '../../platform/http/query-params.js';
import { errorResponses, jsonText, jsonTextSerializer } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { presentTicket } from './tickets.presenter.js';
import { findTicketView, listTicketLogs } from './tickets.repository.js';
import { actOnTicketsInBulk } from './use-cases/act-on-tickets-in-bulk.js';
import { createTicket } from './use-cases/create-ticket.js';
import { getTicketPanel } from './use-cases/get-ticket-panel.js';
import { listEarlierTickets } from './use-cases/list-earlier-tickets.js';
import { listTickets } from './use-cases/list-tickets.js';
import { markTicketsRead } from './use-cases/mark-tickets-read.js';
import { moveChannelTickets } from './use-cases/move-channel-tickets.js';
import { resolveTicketsInBulk } from './use-cases/resolve-tickets-in-bulk.js';
import { setTicketLane } from './use-cases/set-ticket-lane.js';
import { setTicketValue } from './use-cases/set-ticket-value.js';
import { assertCanSeeTicket } from './use-cases/ticket-access.js';
import { forceCloseTicket, INTEGRATION_STATUS_KEYS, moveTicketToChannel, releaseTicket, updateTicket } from './use-cases/update-ticket.js';

const tags = ['tickets'];

const showAllParam = z
  .stringbool()
  .optional()
  .describe(
    'Admins and supervisors: every queue (default), or false for their queues, own tickets and tickets without queue. Ignored for plain users.',
  );

const listQuerySchema = z.object({
  searchParam: z.string().trim().max(200).optional(),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
  status: queryList([...TICKET_STATUSES]),
  showAll: showAllParam,
  count: z.coerce.number().int().min(1).max(100).optional().describe('Page size (default 40).'),
  queuesIds: queryIdList,
  whatsappIds: queryIdList,
  selectedUser: idSchema.optional(),
  withUnreadMessages: queryBool(false),
  isNotAssignedUser: queryBool(false),
  includeNotQueueDefined: queryBool(true),
  laneIds: queryIdList.describe('The kanbanFiltro preference: only tickets in one of these kanban lanes.'),
  tagIds: queryIdList.describe('Tickets carrying any of these tag ids (1,2 or repeated).'),
});

const integrationStatusFields = Object.fromEntries(INTEGRATION_STATUS_KEYS.map((key) => [key, z.boolean().optional()])) as Record<
  (typeof INTEGRATION_STATUS_KEYS)[number],
  z.ZodOptional<z.ZodBoolean>
>;

const updateBodySchema = z
  .object({
    status: z.enum(['open', 'pending', 'closed']).optional(),
    userId: refIdSchema.nullable().optional(),
    queueId: refIdSchema.nullable().optional(),
    unreadMessages: z.number().int().min(0).max(1_000_000).optional(),
    isTransference: z.boolean().optional(),
    /** Resolve with this farewell text, sent as typed. */
    farewellMessage: z.string().max(4096).optional(),
    /** Resolve with this closing message (SPEC /fechamento), its variables filled in. */
    farewellMessageId: refIdSchema.optional(),
    /** Resolve by asking the customer for a rating: the ticket closes once they answer (SPEC §4). */
    requestRating: z.boolean().optional(),
    /** Resolve with this reason (SPEC Demand); required when the setting demandRequiredOnClose is on. */
    demandId: refIdSchema.optional(),
    ...integrationStatusFields,
  })
  .refine((body) => !(body.farewellMessage?.trim() && body.farewellMessageId !== undefined), {
    path: ['farewellMessageId'],
    message: 'Send either a farewell text or a closing message, not both.',
  });

const logSchema = z.object({
  id: z.number(),
  type: z.string(),
  payload: z.record(z.string(), z.unknown()),
  userId: z.number().nullable(),
  username: z.string().nullable(),
  createdAt: z.string(),
});

export const ticketsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const present = async (tenantId: number, id: number) => {
      const view = await findTicketView(ctx.db, tenantId, id);
      if (!view) throw new AppError('ERR_NO_TICKET_FOUND');
      return presentTicket(view);
    };

    app.get('/tickets', {
      config: { auth: 'user' },
      // The page's tickets come as JSON text from the database (presented there) and are written
      // into the answer as is: no per-ticket objects, no zod pass, no second serialisation.
      serializerCompiler: jsonTextSerializer,
      schema: {
        tags,
        querystring: listQuerySchema,
        response: { 200: z.object({ tickets: z.array(ticketSchema), count: z.number().int(), hasMore: z.boolean() }), ...errorResponses },
      },
      handler: async (request) => {
        const { status, ...rest } = request.query;
        const { ticketsJson, count, hasMore } = await listTickets(ctx, actorOf(request), {
          ...rest,
          status: status?.length ? status : ['open', 'pending'],
        });
        return { tickets: jsonText<Ticket[]>(ticketsJson), count, hasMore };
      },
    });

    app.get('/tickets/:id', {
      config: { auth: 'user' },
      schema: { tags, params: idParamSchema, response: { 200: ticketSchema, ...errorResponses } },
      handler: async (request) => {
        const actor = actorOf(request);
        await assertCanSeeTicket(ctx, actor, request.params.id);
        return present(actor.tenantId, request.params.id);
      },
    });

    app.get('/tickets/:ticketId/logs', {
      config: { auth: 'user' },
      schema: { tags, params: z.object({ ticketId: idSchema }), response: { 200: z.array(logSchema), ...errorResponses } },
      handler: async (request) => {
        const actor = actorOf(request);
        await assertCanSeeTicket(ctx, actor, request.params.ticketId);
        const logs = await listTicketLogs(ctx.db, actor.tenantId, request.params.ticketId);
        return logs.map((log) => ({ ...log, createdAt: log.createdAt.toISOString() }));
      },
    });

    app.get('/tickets/:ticketId/earlier', {
      config: { auth: 'user' },
      schema: {
        tags,
        description: "The contact's conversations before this ticket (any channel) that the caller may see, newest first (at most 10).",
        params: z.object({ ticketId: idSchema }),
        response: { 200: z.array(earlierTicketSchema), ...errorResponses },
      },
      handler: async (request) => listEarlierTickets(ctx, actorOf(request), request.params.ticketId),
    });

    app.post('/tickets', {
      config: { auth: 'user' },
      schema: {
        tags,
        body: z.object({
          contactId: refIdSchema,
          whatsappId: refIdSchema.optional(),
          queueId: refIdSchema.nullable().optional(),
          userId: refIdSchema.optional(),
          status: z.enum(['open', 'pending']).default('open'),
        }),
        response: { 200: ticketSchema, 201: ticketSchema, ...errorResponses },
      },
      handler: async (request, reply) => {
        const actor = actorOf(request);
        const { ticket, created } = await createTicket(ctx, actor, request.body);
        return reply.status(created ? 201 : 200).send(await present(actor.tenantId, ticket.id));
      },
    });

    app.put('/tickets/:id', {
      config: { auth: 'user' },
      schema: { tags, params: idParamSchema, body: updateBodySchema, response: { 200: ticketSchema, ...errorResponses } },
      handler: async (request) => {
        const actor = actorOf(request);
        const {
          status,
          userId,
          queueId,
          unreadMessages,
          isTransference,
          farewellMessage,
          farewellMessageId,
          requestRating,
          demandId,
          ...statuses
        } = request.body;
        const integrationStatuses = Object.fromEntries(Object.entries(statuses).filter(([, v]) => v !== undefined));
        await updateTicket(ctx, actor, request.params.id, {
          status,
          userId,
          queueId,
          unreadMessages,
          isTransference,
          farewellMessage,
          farewellMessageId,
          requestRating,
          demandId,
          integrationStatuses: Object.keys(integrationStatuses).length ? integrationStatuses : undefined,
        });
        return present(actor.tenantId, request.params.id);
      },
    });

    app.put('/tickets/:id/lane', {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          "Puts the ticket in a kanban lane of the tenant (laneId null: out of the kanban); logged as 'laneChanged'. Whoever sees the ticket may move it. " +
          'beforeTicketId / afterTicketId: its place in the lane, just before or after that open or pending card of the lane (the board); without them a ticket entering the lane goes last.',
        params: idParamSchema,
        body: ticketLaneBodySchema,
        response: { 200: ticketSchema, ...errorResponses },
      },
      handler: async (request) => {
        const actor = actorOf(request);
        await setTicketLane(ctx, actor, request.params.id, request.body);
        return present(actor.tenantId, request.params.id);
      },
    });

    app.put('/tickets/:id/value', {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          "Sets the ticket's monetary value (not negative, 2 decimals; null clears it); logged as 'valueChanged'. Whoever sees the ticket may set it.",
        params: idParamSchema,
        body: ticketValueBodySchema,
        response: { 200: ticketSchema, ...errorResponses },
      },
      handler: async (request) => {
        const actor = actorOf(request);
        await setTicketValue(ctx, actor, request.params.id, request.body.value);
        return present(actor.tenantId, request.params.id);
      },
    });

    app.put('/ticketsForce/:id', {
      config: { auth: 'user' },
      schema: {
        tags,
        description: 'Resolves without farewell nor rating; optionally with a reason (required when demandRequiredOnClose is on).',
        params: idParamSchema,
        body: z.object({ demandId: refIdSchema.optional() }).nullish(),
        response: { 200: ticketSchema, ...errorResponses },
      },
      handler: async (request) => {
        const actor = actorOf(request);
        await forceCloseTicket(ctx, actor, request.params.id, request.body?.demandId);
        return present(actor.tenantId, request.params.id);
      },
    });

    app.put('/ticketsNull/:id', {
      config: { auth: 'user' },
      schema: { tags, params: idParamSchema, response: { 200: ticketSchema, ...errorResponses } },
      handler: async (request) => {
        const actor = actorOf(request);
        await releaseTicket(ctx, actor, request.params.id);
        return present(actor.tenantId, request.params.id);
      },
    });

    app.put('/ticketsChannelId/:id', {
      config: { auth: 'user' },
      schema: {
        tags,
        params: idParamSchema,
        body: z.object({ whatsappId: refIdSchema }),
        response: { 200: ticketSchema, ...errorResponses },
      },
      handler: async (request) => {
        const actor = actorOf(request);
        await moveTicketToChannel(ctx, actor, request.params.id, request.body.whatsappId);
        return present(actor.tenantId, request.params.id);
      },
    });

    app.put('/ticketsChannel', {
      config: { auth: 'admin' },
      schema: {
        tags,
        description: 'Channel transfer: moves the open and pending tickets of one channel to another (irreversible).',
        body: z.object({ fromWhatsappId: refIdSchema, toWhatsappId: refIdSchema }),
        response: { 200: z.object({ moved: z.number().int(), skipped: z.number().int() }), ...errorResponses },
      },
      handler: async (request) => moveChannelTickets(ctx, actorOf(request), request.body.fromWhatsappId, request.body.toWhatsappId),
    });

    app.get('/tickets/panel', {
      config: { auth: 'admin' },
      serializerCompiler: jsonTextSerializer,
      schema: {
        tags,
        description:
          "The ticket panel (/painel-atendimentos): open and pending tickets (up to 1000, newest first) to group per agent and per queue. showAll false: only the admin's queues (scopeQueueIds).",
        querystring: z.object({ showAll: z.stringbool().optional() }),
        response: {
          200: z.object({
            tickets: z.array(ticketSchema),
            total: z.number().int(),
            truncated: z.boolean(),
            scopeQueueIds: z.array(z.number().int()).nullable(),
          }),
          ...errorResponses,
        },
      },
      handler: async (request) => {
        const { ticketsJson, ...rest } = await getTicketPanel(ctx, actorOf(request), request.query);
        return { tickets: jsonText<Ticket[]>(ticketsJson), ...rest };
      },
    });

    app.post('/tickets/bulk', {
      config: { auth: 'admin' },
      schema: {
        tags,
        description:
          "The panel's mass actions on selected tickets, in blocks of 10 (SPEC §9): transfer (queueId and/or userId), return to the queue, resolve (no farewell nor rating; demandId). Answers each ticket's outcome.",
        body: bulkTicketsBodySchema,
        response: { 200: bulkTicketsResultSchema, ...errorResponses },
      },
      handler: async (request) => actOnTicketsInBulk(ctx, actorOf(request), request.body),
    });

    app.get('/ticketsMarkAllUnread', {
      config: { auth: 'user' },
      schema: {
        tags,
        description: 'Clears the unread counters of every ticket the user sees (optionally of some queues).',
        querystring: z.object({ queuesIds: queryIdList, showAll: showAllParam }),
        response: { 200: z.object({ updated: z.number().int() }), ...errorResponses },
      },
      handler: async (request) => ({ updated: await markTicketsRead(ctx, actorOf(request), request.query) }),
    });

    app.get('/ticketsClear', {
      config: { auth: 'admin' },
      schema: {
        tags,
        description: 'Mass resolve: every ticket of the given status (open or pending, default pending), in blocks of 10.',
        querystring: z.object({ status: z.enum(['open', 'pending']).default('pending') }),
        response: { 200: z.object({ resolved: z.number().int() }), ...errorResponses },
      },
      handler: async (request) => ({ resolved: await resolveTicketsInBulk(ctx, actorOf(request), request.query.status) }),
    });

    app.post('/pending/resolvePending', {
      config: { auth: 'admin' },
      schema: {
        tags,
        description: 'Resolves every pending ticket, in blocks of 10.',
        response: { 200: z.object({ resolved: z.number().int() }), ...errorResponses },
      },
      handler: async (request) => ({ resolved: await resolveTicketsInBulk(ctx, actorOf(request), 'pending') }),
    });
  };
