import { z } from 'zod';
import { refIdSchema } from '../contracts.js';

/**
 * Reasons (SPEC §3 Demand: name; settings CRM tab `motivos`): chosen when a ticket is resolved,
 * shown in the ticket and its logs. GET/POST /demands, PUT/DELETE /demands/{id}, GET /demands/{id}/usage.
 */

export const DEMAND_NAME_MAX = 80;

export const demandNameSchema = z.string().trim().min(1).max(DEMAND_NAME_MAX);

export const demandSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Tickets that carry this reason (what a delete detaches it from). */
  ticketCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Demand = z.infer<typeof demandSchema>;

export const createDemandBodySchema = z.object({ name: demandNameSchema });
export const updateDemandBodySchema = z.object({ name: demandNameSchema });
export type DemandBody = z.input<typeof createDemandBodySchema>;

/** GET /demands/{id}/usage: how many tickets deleting the reason takes it from. */
export const demandUsageSchema = z.object({ tickets: z.number().int() });

/** The reason a ticket carries (SPEC Ticket.demand). */
export const ticketDemandSchema = z.object({ id: z.number().int(), name: z.string() }).nullable();

// ---- the ticket panel (/painel-atendimentos, admins) ----

/** SPEC §9: mass actions work in blocks of 10 tickets; one request takes at most this many. */
export const BULK_TICKETS_MAX = 500;
export const BULK_TICKET_ACTIONS = ['transfer', 'return', 'resolve'] as const;
export type BulkTicketAction = (typeof BULK_TICKET_ACTIONS)[number];

/**
 * POST /tickets/bulk: one action on the selected tickets. transfer: to a queue and/or a user;
 * return: back to the queue (pending, without user); resolve: without farewell nor rating, with the reason.
 */
export const bulkTicketsBodySchema = z
  .object({
    ticketIds: z.array(refIdSchema).min(1).max(BULK_TICKETS_MAX),
    action: z.enum(BULK_TICKET_ACTIONS),
    queueId: refIdSchema.optional(),
    userId: refIdSchema.optional(),
    demandId: refIdSchema.optional(),
  })
  .refine((body) => body.action !== 'transfer' || body.queueId !== undefined || body.userId !== undefined, {
    path: ['queueId'],
    message: 'A transfer needs a queue or a user.',
  });
export type BulkTicketsBody = z.input<typeof bulkTicketsBodySchema>;

export const bulkTicketResultSchema = z.object({
  ticketId: z.number().int(),
  ok: z.boolean(),
  /** Why it was refused (an error code of the API) and its message. */
  error: z.string().optional(),
  message: z.string().optional(),
});
export const bulkTicketsResultSchema = z.object({
  done: z.number().int(),
  refused: z.number().int(),
  results: z.array(bulkTicketResultSchema),
});
export type BulkTicketsResult = z.infer<typeof bulkTicketsResultSchema>;
