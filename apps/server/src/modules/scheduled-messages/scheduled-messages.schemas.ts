import type { createScheduleBodySchema, listSchedulesQuerySchema, updateScheduleBodySchema } from '@conversa/shared';
import type { z } from 'zod';

/** Request and answer schemas of the scheduled-message routes: in @conversa/shared (the web dialog checks with the same ones). */
export {
  createScheduleBodySchema,
  listSchedulesQuerySchema,
  listSchedulesResponseSchema,
  scheduledMessageSchema,
  updateScheduleBodySchema,
} from '@conversa/shared';

export type CreateScheduleInput = z.output<typeof createScheduleBodySchema>;
export type UpdateScheduleInput = z.output<typeof updateScheduleBodySchema>;
export type ListSchedulesInput = z.output<typeof listSchedulesQuerySchema>;
