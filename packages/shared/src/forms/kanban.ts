import { z } from 'zod';
import { ticketSchema } from '../inbox.js';
import { TICKET_VALUE_MAX } from '../kanban-limits.js';

export { KANBAN_PAGE_SIZE, TICKET_VALUE_MAX } from '../kanban-limits.js';

/**
 * Kanban boards (SPEC /kanban: kanbans and tags) and the ticket's monetary value (SPEC Ticket.value):
 * shared by the server's routes and the web app's inputs.
 */

/** A monetary value: not negative, at most 2 decimals, bounded. */
export const ticketValueSchema = z
  .number()
  .min(0)
  .max(TICKET_VALUE_MAX)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, { message: 'At most 2 decimals.' });

/** PUT /tickets/{id}/value: the ticket's value, or null to clear it. */
export const ticketValueBodySchema = z.object({ value: ticketValueSchema.nullable() });
export type TicketValueBody = z.input<typeof ticketValueBodySchema>;

/** A column of the lanes board, as the server sums it over the tickets the user may see. */
export const kanbanColumnSummarySchema = z.object({
  /** The lane (null: the tickets without a lane). */
  laneId: z.number().int().nullable(),
  /** How many of the user's visible tickets are in it. */
  count: z.number().int(),
  /** The sum of their values (0 without any). */
  value: z.number(),
});
export type KanbanColumnSummary = z.infer<typeof kanbanColumnSummarySchema>;

export const kanbanSummarySchema = z.object({ columns: z.array(kanbanColumnSummarySchema) });
export type KanbanSummary = z.infer<typeof kanbanSummarySchema>;

/** A page of one lane's cards, in the lane's order. */
export const kanbanPageSchema = z.object({ tickets: z.array(ticketSchema), count: z.number().int(), hasMore: z.boolean() });
export type KanbanPage = z.infer<typeof kanbanPageSchema>;
