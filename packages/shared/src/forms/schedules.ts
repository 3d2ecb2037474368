import { z } from 'zod';
import { refIdSchema } from '../contracts.js';
import { MESSAGE_BODY_MAX } from '../inbox.js';

/**
 * Scheduled messages (SPEC §3 Scheduled message: status, scheduleDate, recurrence; §5 "scheduling a
 * message needs a date/time"; §8 'Invalid date'; §9 recurrence every 5, 10, 15, 20, 25, 30, 35, 40,
 * 45 or 60 days, quick choices in 30 minutes, tomorrow, next week). Shared by the server's routes
 * and the web's dialog and /agendamentos screen.
 *
 * A recurring schedule repeats until it is canceled (the SPEC names no end): after each occurrence
 * is sent it stays `pending` with its next scheduleDate. A one-off schedule ends `sent`.
 */

/** Days between occurrences; 0 = none (SPEC §9). */
export const SCHEDULE_RECURRENCES = [0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 60] as const;
export type ScheduleRecurrence = (typeof SCHEDULE_RECURRENCES)[number];

export const SCHEDULE_STATUSES = ['pending', 'sent', 'failed', 'canceled'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

export const SCHEDULES_PAGE_SIZE = 30;

const scheduleDateSchema = z.iso
  .datetime({ offset: true })
  .describe('ISO 8601 date-time, not in the past (the dialog shows dd/MM/yyyy HH:mm). A past one: 400 ERR_INVALID_DATE.');
const RECURRENCE_HELP =
  'Days between occurrences: 0 (none), 5, 10, 15, 20, 25, 30, 35, 40, 45 or 60. A recurring schedule repeats until canceled.';
const recurrenceSchema = z.literal(SCHEDULE_RECURRENCES).describe(RECURRENCE_HELP);
const bodySchema = z.string().max(MESSAGE_BODY_MAX);

const needsTarget = (body: { ticketId?: number; contactId?: number }) => body.ticketId !== undefined || body.contactId !== undefined;
const targetRule = { message: 'Give the ticket or the contact the message is for.', path: ['contactId'] };
/** A text to send: at least one character that is not a space. */
const textSchema = bodySchema.regex(/\S/, 'Write the message.');

/**
 * POST /messagesSchedule/ as JSON: a ticket (its contact and channel), or a contact and optionally a
 * channel (`whatsappId`, else the default channel); the text, with {{variables}}.
 */
export const createScheduleBodySchema = z
  .object({
    body: textSchema,
    scheduleDate: scheduleDateSchema,
    recurrence: recurrenceSchema.default(0),
    ticketId: refIdSchema.optional(),
    contactId: refIdSchema.optional(),
    whatsappId: refIdSchema.optional(),
  })
  .refine(needsTarget, targetRule);
export type CreateScheduleBody = z.input<typeof createScheduleBodySchema>;

/** A number field of a multipart form (text): read as a number. */
const formNumber = <T extends z.ZodType<unknown, number>>(schema: T) => z.coerce.number().pipe(schema);

/** The same as the text fields of a multipart form before its one file (`medias`): the text may then be empty. */
export const createScheduleFieldsSchema = z
  .object({
    body: bodySchema.default(''),
    scheduleDate: scheduleDateSchema,
    recurrence: formNumber(recurrenceSchema).default(0),
    ticketId: formNumber(refIdSchema).optional(),
    contactId: formNumber(refIdSchema).optional(),
    whatsappId: formNumber(refIdSchema).optional(),
  })
  .refine(needsTarget, targetRule);
export type CreateScheduleFields = z.input<typeof createScheduleFieldsSchema>;

/**
 * PUT /messagesSchedule/{id} as JSON: what it sends changes (only while pending); `removeMedia`
 * takes its file off (the text must then say something).
 */
export const updateScheduleBodySchema = z.object({
  body: bodySchema.optional(),
  scheduleDate: scheduleDateSchema.optional(),
  recurrence: recurrenceSchema.optional(),
  removeMedia: z.boolean().optional().describe('true: the schedule no longer sends its file.'),
});
export type UpdateScheduleBody = z.input<typeof updateScheduleBodySchema>;

/** The same as the text fields of a multipart form before its one file (`medias`), which replaces the schedule's file. */
export const updateScheduleFieldsSchema = z.object({
  body: bodySchema.optional(),
  scheduleDate: scheduleDateSchema.optional(),
  recurrence: formNumber(recurrenceSchema).optional(),
});
export type UpdateScheduleFields = z.input<typeof updateScheduleFieldsSchema>;

/** GET /scheduleMessages/: a page, filtered by statuses (comma-separated), ticket or contact. */
export const listSchedulesQuerySchema = z.object({
  status: z
    .string()
    .max(100)
    .regex(
      /^(pending|sent|failed|canceled)(,(pending|sent|failed|canceled))*$/,
      'Comma-separated statuses: pending, sent, failed, canceled.',
    )
    .transform((text) => text.split(',') as ScheduleStatus[])
    .optional(),
  ticketId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  contactId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
});

const refSchema = z.object({ id: z.number().int(), name: z.string() });

export const scheduledMessageSchema = z.object({
  id: z.number().int(),
  status: z.enum(SCHEDULE_STATUSES),
  body: z.string(),
  mediaName: z.string().nullable(),
  mediaType: z.string().nullable(),
  /** The next occurrence while pending; the last one sent otherwise. */
  scheduleDate: z.string(),
  recurrence: z.number().int(),
  /** The occurrence the schedule waits for (1 for the first). */
  occurrence: z.number().int(),
  sentCount: z.number().int(),
  lastSentAt: z.string().nullable(),
  /** The send status of the last occurrence's message (pending, sent, delivered, read, failed, unconfirmed), null before the first. */
  lastMessageStatus: z.string().nullable(),
  /** Why it failed (status failed). */
  error: z.string().nullable(),
  contact: z.object({ id: z.number().int(), name: z.string(), number: z.string().nullable() }),
  channel: refSchema,
  /** The ticket it was scheduled from, then the ticket its last occurrence went into. */
  ticketId: z.number().int().nullable(),
  createdBy: refSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ScheduledMessage = z.infer<typeof scheduledMessageSchema>;

export const listSchedulesResponseSchema = z.object({
  scheduledMessages: z.array(scheduledMessageSchema),
  count: z.number().int(),
  hasMore: z.boolean(),
});
export type ScheduledMessageList = z.infer<typeof listSchedulesResponseSchema>;
