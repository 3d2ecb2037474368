import { createQueueBodySchema, updateQueueBodySchema } from '@conversa/shared';
import type { z } from 'zod';

/**
 * Request schemas of the queue routes: defined in @conversa/shared (the web app's queue form checks
 * with the same ones); answers use `queueSchema`.
 */
export { createQueueBodySchema, MAX_QUEUE_MEMBERS, queueUsersBodySchema, updateQueueBodySchema } from '@conversa/shared';

export type CreateQueueInput = z.output<typeof createQueueBodySchema>;
export type UpdateQueueInput = z.output<typeof updateQueueBodySchema>;
