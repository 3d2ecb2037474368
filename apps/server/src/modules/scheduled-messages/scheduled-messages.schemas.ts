import type { createScheduleFieldsSchema, listSchedulesQuerySchema, updateScheduleBodySchema } from '@conversa/shared';
import type { z } from 'zod';

/** Request and answer schemas of the scheduled-message routes: in @conversa/shared (the web dialog checks with the same ones). */
export {
  createScheduleBodySchema,
  createScheduleFieldsSchema,
  listSchedulesQuerySchema,
  listSchedulesResponseSchema,
  scheduledMessageSchema,
  updateScheduleBodySchema,
  updateScheduleFieldsSchema,
} from '@conversa/shared';

/** JSON or the multipart form's fields: the text may be empty only with a file. */
export type CreateScheduleInput = z.output<typeof createScheduleFieldsSchema>;
export type UpdateScheduleInput = z.output<typeof updateScheduleBodySchema>;
export type ListSchedulesInput = z.output<typeof listSchedulesQuerySchema>;
