import type { createLaneBodySchema, laneLocationBodySchema, updateLaneBodySchema } from '@conversa/shared';
import type { z } from 'zod';

/** Request schemas of the lane routes: in @conversa/shared (the web app's form checks with the same ones). */
export { createLaneBodySchema, laneLocationBodySchema, laneSchema, ticketLaneBodySchema, updateLaneBodySchema } from '@conversa/shared';

export type CreateLaneInput = z.output<typeof createLaneBodySchema>;
export type UpdateLaneInput = z.output<typeof updateLaneBodySchema>;
export type LaneLocationInput = z.output<typeof laneLocationBodySchema>;
