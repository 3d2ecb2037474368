import fastifyMultipart from '@fastify/multipart';
import { idParamSchema } from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { errorResponses } from '../../platform/http/responses.js';
import { MAX_UPLOAD_BYTES } from '../../platform/media/uploads.js';
import { zodFieldProblems } from '../../platform/http/field-issues.js';
import { multipartFieldValue, readUploadedFile } from '../../platform/http/multipart-fields.js';
import { actorOf } from '../auth/authenticate.js';
import { presentSchedule } from './scheduled-messages.presenter.js';
import {
  createScheduleBodySchema,
  createScheduleFieldsSchema,
  listSchedulesQuerySchema,
  listSchedulesResponseSchema,
  scheduledMessageSchema,
  updateScheduleBodySchema,
  updateScheduleFieldsSchema,
  type CreateScheduleInput,
  type UpdateScheduleInput,
} from './scheduled-messages.schemas.js';
import { cancelScheduledMessage } from './use-cases/cancel-scheduled-message.js';
import { createScheduledMessage, type ScheduleUpload } from './use-cases/create-scheduled-message.js';
import { deleteScheduledMessage } from './use-cases/delete-scheduled-message.js';
import { listScheduledMessages } from './use-cases/list-scheduled-messages.js';
import { updateScheduledMessage } from './use-cases/update-scheduled-message.js';

const tags = ['scheduled-messages'];
const CREATE_FIELDS = ['body', 'scheduleDate', 'recurrence', 'ticketId', 'contactId', 'whatsappId'] as const;
const UPDATE_FIELDS = ['body', 'scheduleDate', 'recurrence'] as const;

/**
 * Scheduled messages (SPEC §3, §7 POST /messagesSchedule/ and GET /scheduleMessages/; the
 * message-scheduling dialog and /agendamentos). Edit and cancel are plain REST routes on
 * /messagesSchedule/{id}. Who sees what: scheduled-messages.policy.ts.
 */
export const scheduledMessagesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });

    app.post('/messagesSchedule', {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          "Schedules a message: JSON {body, scheduleDate, recurrence?, ticketId | contactId + whatsappId?}, or multipart/form-data with the same fields before one file (\"medias\"). scheduleDate in the past: 400 ERR_INVALID_DATE ('Invalid date'). recurrence: 0 (none), 5, 10, 15, 20, 25, 30, 35, 40, 45 or 60 days; a recurring schedule repeats until canceled. The text's {{variables}} are rendered for the contact when it is sent (an unknown one: 400 ERR_VALIDATION). Sent by a durable job within a minute of its time into the contact's ongoing ticket on the channel, or a new one assigned to its creator.",
        // Optional: a multipart form has no JSON body (its fields are read from the form).
        body: createScheduleBodySchema.nullish(),
        response: { 201: scheduledMessageSchema, ...errorResponses },
      },
      handler: async (request, reply) => {
        const { input, upload } = await readCreateRequest(request);
        return reply.status(201).send(presentSchedule(await createScheduledMessage(ctx, actorOf(request), input, upload)));
      },
    });

    app.get('/scheduleMessages', {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          'A page (30) of the scheduled messages the user sees (admins and supervisors: all of the tenant; a user: those they scheduled), filtered by status (comma-separated), ticket or contact.',
        querystring: listSchedulesQuerySchema,
        response: { 200: listSchedulesResponseSchema, ...errorResponses },
      },
      handler: async (request) => {
        const { schedules, count, hasMore } = await listScheduledMessages(ctx, actorOf(request), request.query);
        return { scheduledMessages: schedules.map(presentSchedule), count, hasMore };
      },
    });

    app.put('/messagesSchedule/:id', {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          'Edits a pending scheduled message (body, scheduleDate, recurrence; removeMedia: true takes its file off) as JSON, or as multipart/form-data with the same fields before one file ("medias") that replaces its file (the file replaced or removed is deleted from storage, unless messages it already sent show it); otherwise 409 ERR_SCHEDULE_NOT_PENDING. A past date: 400 ERR_INVALID_DATE. Neither text nor file left: 400 ERR_VALIDATION.',
        params: idParamSchema,
        // Optional: a multipart form has no JSON body (its fields are read from the form).
        body: updateScheduleBodySchema.nullish(),
        response: { 200: scheduledMessageSchema, ...errorResponses },
      },
      handler: async (request) => {
        const { input, upload } = await readUpdateRequest(request, request.body);
        return presentSchedule(await updateScheduledMessage(ctx, actorOf(request), request.params.id, input, upload));
      },
    });

    app.delete('/messagesSchedule/:id', {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          'Deletes a scheduled message that no longer waits (canceled, sent or failed); a pending one is canceled first (409 ERR_SCHEDULE_PENDING). The messages it sent stay in their tickets, with its file; a file no message shows is deleted from storage.',
        params: idParamSchema,
        response: { 204: z.null(), ...errorResponses },
      },
      handler: async (request, reply) => {
        await deleteScheduledMessage(ctx, actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });

    app.put('/messagesSchedule/:id/cancel', {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          'Cancels a pending scheduled message (and its recurrence): nothing more is sent. Otherwise 409 ERR_SCHEDULE_NOT_PENDING.',
        params: idParamSchema,
        response: { 200: scheduledMessageSchema, ...errorResponses },
      },
      handler: async (request) => presentSchedule(await cancelScheduledMessage(ctx, actorOf(request), request.params.id)),
    });
  };

/** The create route's fields from JSON or a multipart form (its text fields, then one file). */
async function readCreateRequest(request: FastifyRequest): Promise<{ input: CreateScheduleInput; upload?: ScheduleUpload }> {
  if (!request.isMultipart()) {
    if (request.body == null)
      throw new AppError('ERR_VALIDATION', 'Send the scheduled message as JSON or multipart/form-data.', { body: ['Required'] });
    return { input: request.body as CreateScheduleInput };
  }
  const file = await request.file();
  if (!file) throw new AppError('ERR_VALIDATION', 'No file was uploaded.', { medias: ['Required'] });
  const upload = await readUploadedFile(file);
  const fields: Record<string, unknown> = {};
  for (const name of CREATE_FIELDS) {
    const value = multipartFieldValue(file.fields[name]);
    if (value !== undefined && value !== '') fields[name] = value;
  }
  return { input: parseCreate(fields), upload };
}

/** The edit route's fields from JSON or a multipart form (its text fields, then one file: the new file). */
async function readUpdateRequest(
  request: FastifyRequest,
  json: UpdateScheduleInput | null | undefined,
): Promise<{ input: UpdateScheduleInput; upload?: ScheduleUpload }> {
  if (!request.isMultipart()) return { input: json ?? {} };
  const file = await request.file();
  if (!file) throw new AppError('ERR_VALIDATION', 'No file was uploaded.', { medias: ['Required'] });
  const upload = await readUploadedFile(file);
  const fields: Record<string, unknown> = {};
  for (const name of UPDATE_FIELDS) {
    const value = multipartFieldValue(file.fields[name]);
    if (value !== undefined && (value !== '' || name === 'body')) fields[name] = value;
  }
  const parsed = updateScheduleFieldsSchema.safeParse(fields);
  if (!parsed.success)
    throw new AppError('ERR_VALIDATION', 'Invalid scheduled message.', zodFieldProblems(parsed.error.issues, { input: fields }));
  return { input: parsed.data, upload };
}

function parseCreate(raw: unknown): CreateScheduleInput {
  const parsed = createScheduleFieldsSchema.safeParse(raw ?? {});
  if (!parsed.success)
    throw new AppError('ERR_VALIDATION', 'Invalid scheduled message.', zodFieldProblems(parsed.error.issues, { input: raw }));
  return parsed.data;
}
