import { z } from 'zod';
import { refIdSchema } from '../contracts.js';
import { queueBodySchema } from '../inbox.js';
import { templateText } from '../template-variables.js';

/** Request bodies of the queue routes (POST/PUT /queue), shared by the server and the web app's queue form. */

export const MAX_QUEUE_MEMBERS = 1000;

export const createQueueBodySchema = queueBodySchema.extend({ userIds: z.array(refIdSchema).max(MAX_QUEUE_MEMBERS).optional() });

/** Every field optional and without defaults: an edit changes only what it sends. */
export const updateQueueBodySchema = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
  greetingMessage: templateText().max(4000).nullable().optional(),
  userIds: z.array(refIdSchema).max(MAX_QUEUE_MEMBERS).optional(),
});

export const queueUsersBodySchema = z.object({ userIds: z.array(refIdSchema).max(MAX_QUEUE_MEMBERS) });
