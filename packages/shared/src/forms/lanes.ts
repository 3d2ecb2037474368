import { z } from 'zod';
import { refIdSchema } from '../contracts.js';

/** Kanban lanes (SPEC: Lane id, name, position): the API's answer and request bodies, shared by the server and the web app's form. */

export const LANE_NAME_MAX = 60;
export const DEFAULT_LANE_COLOR = '#868e96';

export const laneSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  /** 0-based order of the lane on the board. */
  position: z.number().int(),
  /** Tickets in the lane (what a delete detaches). */
  ticketCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lane = z.infer<typeof laneSchema>;

const laneName = z.string().trim().min(1).max(LANE_NAME_MAX);
const laneColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Color: #rrggbb.');

/** POST /lanes: a new lane goes last. */
export const createLaneBodySchema = z.object({ name: laneName, color: laneColor.default(DEFAULT_LANE_COLOR) });
export type CreateLaneBody = z.input<typeof createLaneBodySchema>;

/** PUT /lanes/{id}: an edit changes only what it sends. */
export const updateLaneBodySchema = z.object({ name: laneName.optional(), color: laneColor.optional() });

/** PUT /lanes/{id}/position: the lane's new 0-based index (beyond the end: last). */
export const laneLocationBodySchema = z.object({ position: z.number().int().min(0).max(10_000) });

/**
 * PUT /tickets/{id}/lane: the ticket's lane, or null to take it out of the kanban. Optionally where
 * in the lane (the board's drag and drop): just before `beforeTicketId`, or just after
 * `afterTicketId` (both cards of that lane); without either a ticket entering the lane goes last.
 */
export const ticketLaneBodySchema = z
  .object({ laneId: refIdSchema.nullable(), beforeTicketId: refIdSchema.optional(), afterTicketId: refIdSchema.optional() })
  .refine((body) => body.beforeTicketId === undefined || body.afterTicketId === undefined, {
    path: ['afterTicketId'],
    message: 'Send either beforeTicketId or afterTicketId, not both.',
  })
  .refine((body) => body.laneId !== null || (body.beforeTicketId === undefined && body.afterTicketId === undefined), {
    path: ['laneId'],
    message: 'A place in a lane needs a lane.',
  });
export type TicketLaneBody = z.input<typeof ticketLaneBodySchema>;

/** The lane a ticket is in, as the ticket carries it (SPEC Ticket.kanban). */
export const ticketLaneSchema = z.object({ id: z.number().int(), name: z.string() }).nullable();
