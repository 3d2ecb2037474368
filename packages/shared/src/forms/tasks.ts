import { z } from 'zod';
import { refIdSchema } from '../contracts.js';

/**
 * Tasks (SPEC §3 Task: name, description, limitDate, owner, priority, status, recurrence, number
 * of repetitions, comments; §4 statuses delayed, pending, finished; §9 recurrence every 7, 30, 45,
 * 60, 75 or 90 days; §5 "task fields required"). Shared by the server's routes and the web form.
 */

export const TASK_PRIORITIES = ['high', 'medium', 'low', 'none'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export const TASK_STATUSES = ['pending', 'delayed', 'finished'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Recurrence in days; 0 = none (SPEC §9). */
export const TASK_RECURRENCES = [0, 7, 30, 45, 60, 75, 90] as const;
export type TaskRecurrence = (typeof TASK_RECURRENCES)[number];

export const TASK_NAME_MAX = 200;
export const TASK_DESCRIPTION_MAX = 5_000;
export const TASK_COMMENT_MAX = 5_000;
/** How many further occurrences a recurring task may create (a bound for the request). */
export const TASK_REPETITIONS_MAX = 365;
export const TASKS_PAGE_SIZE = 50;

const limitDateSchema = z.iso.datetime({ offset: true }).describe('ISO 8601 date-time (the form shows dd/MM/yyyy HH:mm).');
const recurrenceSchema = z.literal(TASK_RECURRENCES);

const taskFields = {
  name: z.string().trim().min(1).max(TASK_NAME_MAX),
  description: z.string().trim().min(1).max(TASK_DESCRIPTION_MAX),
  limitDate: limitDateSchema,
  /** A user of the tenant. */
  ownerId: refIdSchema,
  priority: z.enum(TASK_PRIORITIES),
  recurrence: recurrenceSchema.describe('Days between occurrences: 0 (none), 7, 30, 45, 60, 75 or 90.'),
  /** With a recurrence: how many more occurrences finishing creates (at least 1 for a new series; 0 = this is the last). */
  repetitions: z.number().int().min(0).max(TASK_REPETITIONS_MAX),
  /** An optional ticket the task is about (one the user may see). */
  ticketId: refIdSchema.nullable(),
};

/** The name of the rule below (the web's `validation.taskRepetitionsMin` text). */
export const TASK_REPETITIONS_RULE = 'taskRepetitionsMin';
export const TASK_REPETITIONS_MIN_MESSAGE = 'A recurring task repeats at least once.';

/**
 * A recurring task repeats at least once: `recurrence` with fewer than 1 repetition is refused, except
 * on a later occurrence of a series (occurrence > 1), where 0 left means it is the series' last.
 */
export const tooFewTaskRepetitions = (recurrence: number, repetitions: number, occurrence = 1): boolean =>
  recurrence !== 0 && repetitions < 1 && occurrence <= 1;

/** The repetitions rules of a task's recurrence and repetitions (its occurrence: 1 for a new task), on the repetitions field. */
export const checkTaskRepetitions =
  (occurrence: number) =>
  (body: { recurrence?: number; repetitions?: number }, ctx: z.RefinementCtx): void => {
    if (body.recurrence === undefined || body.repetitions === undefined) return;
    if (body.recurrence === 0 && body.repetitions !== 0)
      ctx.addIssue({ code: 'custom', path: ['repetitions'], message: 'Repetitions need a recurrence.' });
    else if (tooFewTaskRepetitions(body.recurrence, body.repetitions, occurrence))
      ctx.addIssue({
        code: 'custom',
        path: ['repetitions'],
        message: TASK_REPETITIONS_MIN_MESSAGE,
        params: { rule: TASK_REPETITIONS_RULE },
      });
  };

/** POST /tasks: every field is required (SPEC §5), the ticket may be null; a recurrence repeats at least once. */
export const createTaskBodySchema = z
  .object({ ...taskFields, ticketId: taskFields.ticketId.default(null), repetitions: taskFields.repetitions.default(0) })
  .superRefine(checkTaskRepetitions(1));
export type CreateTaskBody = z.input<typeof createTaskBodySchema>;

/** PUT /tasks/{id}: what it sends changes (each field keeps its rule). */
export const updateTaskBodySchema = z.object({
  name: taskFields.name.optional(),
  description: taskFields.description.optional(),
  limitDate: taskFields.limitDate.optional(),
  ownerId: taskFields.ownerId.optional(),
  priority: taskFields.priority.optional(),
  recurrence: taskFields.recurrence.optional(),
  repetitions: taskFields.repetitions.optional(),
  ticketId: taskFields.ticketId.optional(),
});
export type UpdateTaskBody = z.input<typeof updateTaskBodySchema>;

const csvIds = z
  .string()
  .max(2_000)
  .regex(/^\d+(,\d+)*$/, 'Comma-separated ids.')
  .transform((text) => text.split(',').map(Number))
  .pipe(z.array(refIdSchema).max(200));

/** GET /tasks: filters (comma-separated lists) and the page. */
export const listTasksQuerySchema = z.object({
  status: z
    .string()
    .max(100)
    .regex(/^(pending|delayed|finished)(,(pending|delayed|finished))*$/, 'Comma-separated statuses: pending, delayed, finished.')
    .transform((text) => text.split(',') as TaskStatus[])
    .optional(),
  priority: z
    .string()
    .max(100)
    .regex(/^(high|medium|low|none)(,(high|medium|low|none))*$/, 'Comma-separated priorities: high, medium, low, none.')
    .transform((text) => text.split(',') as TaskPriority[])
    .optional(),
  ownerIds: csvIds.optional(),
  ticketId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  searchParam: z.string().trim().max(200).optional(),
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const taskUserSchema = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const taskSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  limitDate: z.string(),
  owner: taskUserSchema,
  ownerId: z.number().int().nullable(),
  createdBy: taskUserSchema,
  priority: z.enum(TASK_PRIORITIES),
  status: z.enum(TASK_STATUSES),
  recurrence: z.number().int(),
  repetitions: z.number().int(),
  /** The occurrence of its series (1 for the first). */
  occurrence: z.number().int(),
  ticketId: z.number().int().nullable(),
  finishedAt: z.string().nullable(),
  commentCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

export const listTasksResponseSchema = z.object({ tasks: z.array(taskSchema), count: z.number().int(), hasMore: z.boolean() });
export type TaskList = z.infer<typeof listTasksResponseSchema>;

/** PUT /tasks/{id}/finish: the finished task and, for a recurring one, the next occurrence it created. */
export const finishTaskResponseSchema = z.object({ task: taskSchema, next: taskSchema.nullable() });
export type FinishTaskResult = z.infer<typeof finishTaskResponseSchema>;

export const createTaskCommentBodySchema = z.object({ comment: z.string().trim().min(1).max(TASK_COMMENT_MAX) });
export type CreateTaskCommentBody = z.input<typeof createTaskCommentBodySchema>;

export const taskCommentSchema = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  comment: z.string(),
  author: taskUserSchema,
  createdAt: z.string(),
});
export type TaskComment = z.infer<typeof taskCommentSchema>;
