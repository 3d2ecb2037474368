import { queueBodySchema, refIdSchema } from '@conversa/shared';
import { z } from 'zod';

/** Request schemas of the queue routes; answers use `queueSchema` of @conversa/shared. */

export const MAX_QUEUE_MEMBERS = 1000;

export const createQueueBodySchema = queueBodySchema.extend({ userIds: z.array(refIdSchema).max(MAX_QUEUE_MEMBERS).optional() });
export type CreateQueueInput = z.output<typeof createQueueBodySchema>;

export const updateQueueBodySchema = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
  greetingMessage: z.string().max(4000).nullable().optional(),
  userIds: z.array(refIdSchema).max(MAX_QUEUE_MEMBERS).optional(),
});
export type UpdateQueueInput = z.output<typeof updateQueueBodySchema>;

export const queueUsersBodySchema = z.object({ userIds: z.array(refIdSchema).max(MAX_QUEUE_MEMBERS) });
