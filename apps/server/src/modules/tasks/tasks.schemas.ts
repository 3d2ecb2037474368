import type { createTaskBodySchema, listTasksQuerySchema, updateTaskBodySchema } from '@conversa/shared';
import type { z } from 'zod';

/** Request and answer schemas of the task routes: in @conversa/shared (the web form checks with the same ones). */
export {
  createTaskBodySchema,
  createTaskCommentBodySchema,
  finishTaskResponseSchema,
  listTasksQuerySchema,
  listTasksResponseSchema,
  taskCommentSchema,
  taskSchema,
  updateTaskBodySchema,
} from '@conversa/shared';

export type CreateTaskInput = z.output<typeof createTaskBodySchema>;
export type UpdateTaskInput = z.output<typeof updateTaskBodySchema>;
export type ListTasksInput = z.output<typeof listTasksQuerySchema>;
