import fastifyMultipart from '@fastify/multipart';
import {
  createScheduleBodySchema,
  createScheduleFieldsSchema,
  idSchema,
  messageSchema,
  refIdSchema,
  scheduledMessageSchema,
  sendMessageBodySchema,
} from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { errorResponses } from '../../platform/http/responses.js';
import { MediaStore } from '../../platform/media/media-store.js';
import { MAX_UPLOAD_BYTES } from '../../platform/media/uploads.js';
import { multipartFieldValue, readUploadedFile } from '../../platform/http/multipart-fields.js';
import { actorOf } from '../auth/authenticate.js';
import { presentMessage } from './messages.presenter.js';
import { presentSchedule } from '../scheduled-messages/scheduled-messages.presenter.js';
import { createScheduledMessage } from '../scheduled-messages/use-cases/create-scheduled-message.js';
import { findMessageById, type MessageRow } from './messages.repository.js';
import { deleteMessage } from './use-cases/delete-message.js';
import { editMessage } from './use-cases/edit-message.js';
import { forwardMessages, FORWARD_MAX_MESSAGES } from './use-cases/forward-messages.js';
import { listMessages } from './use-cases/list-messages.js';
import { resendMessage } from './use-cases/resend-message.js';
import { searchMessages } from './use-cases/search-messages.js';
import { sendButtonMessage } from './use-cases/send-button-message.js';
import { sendMessage, type SendMessageInput } from './use-cases/send-message.js';
import {
  checkWabaList,
  wabaButtonsContentSchema,
  wabaListContentSchema,
  wabaTemplateContentSchema,
} from '../channels/adapters/waba/waba.schemas.js';

const tags = ['messages'];
const ticketParams = z.object({ ticketId: idSchema });
/** POST /sendButton: reply buttons, a list or a template (SPEC §5 limits) for a waba ticket's contact. */
const sendButtonTarget = { ticketId: refIdSchema, quotedMsgId: z.uuid().nullable().optional() };
const sendButtonBodySchema = z.discriminatedUnion('type', [
  wabaButtonsContentSchema.extend(sendButtonTarget),
  wabaListContentSchema.extend(sendButtonTarget).superRefine(checkWabaList),
  wabaTemplateContentSchema.extend(sendButtonTarget),
]);
const editBodySchema = z.object({ body: z.string().trim().min(1).max(4096) });

export const messagesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    /** A message as the history shows it, with the message it quotes. */
    const present = async (tenantId: number, row: MessageRow) =>
      presentMessage(row, ctx.media, row.quotedMessageId ? await findMessageById(ctx.db, tenantId, row.quotedMessageId) : undefined);

    await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });

    app.get('/messages/:ticketId', {
      config: { auth: 'user' },
      schema: {
        tags,
        params: ticketParams,
        querystring: z.object({ pageNumber: z.coerce.number().int().min(1).max(100000).default(1) }),
        response: {
          200: z.object({ messages: z.array(messageSchema), messagesOffLine: z.array(messageSchema), hasMore: z.boolean() }),
          ...errorResponses,
        },
      },
      handler: async (request) => listMessages(ctx, actorOf(request), request.params.ticketId, request.query.pageNumber),
    });

    app.post('/messages/:ticketId', {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          'Sends a reply: JSON {body, quotedMsgId?, clientId?, quickMessageId?, quickMessageKey?, renderVariables?}, or multipart/form-data with the same optional fields before one file ("medias"). quickMessageId or quickMessageKey (`/key`, whatever the case) name one active quick message (else 404 ERR_NO_QUICK_MESSAGE_FOUND and nothing is sent): its file goes with the reply (a voice note when sent as audio) and its text when body is empty; the text has its {{variables}} rendered for the ticket, as with renderVariables: true (an unknown variable: 400 ERR_VALIDATION). clientId (a UUID chosen by the sender) makes a resend safe: the same clientId again answers the message already stored (201, same id) and sends nothing more. In an open ticket only its agent, a supervisor or an admin may write (403 ERR_NO_PERMISSION); replying to a pending ticket starts attending it. With scheduleDate (and optionally recurrence) nothing is sent now: the message is scheduled for the ticket\'s contact and channel as by POST /messagesSchedule/ (202, the scheduled message).',
        params: ticketParams,
        response: { 201: messageSchema, 202: scheduledMessageSchema, ...errorResponses },
      },
      handler: async (request, reply) => {
        const actor = actorOf(request);
        let input: SendMessageInput;
        if (request.isMultipart()) {
          const file = await request.file();
          if (!file) throw new AppError('ERR_VALIDATION', 'No file was uploaded.', { medias: ['Required'] });
          const upload = await readUploadedFile(file);
          const field = (name: string) => multipartFieldValue(file.fields[name]);
          // With a scheduleDate (the composer's scheduling, API clients of the peer products) it is scheduled, not sent now.
          if (field('scheduleDate')) {
            const schedule = scheduleInputOf(
              createScheduleFieldsSchema,
              { body: field('body'), scheduleDate: field('scheduleDate'), recurrence: field('recurrence') || undefined },
              request.params.ticketId,
            );
            return reply.status(202).send(presentSchedule(await createScheduledMessage(ctx, actor, schedule, upload)));
          }
          const fields = sendMessageBodySchema.safeParse({
            body: field('body'),
            quotedMsgId: field('quotedMsgId') || undefined,
            clientId: field('clientId') || undefined,
            quickMessageId: field('quickMessageId') || undefined,
            quickMessageKey: field('quickMessageKey') || undefined,
            renderVariables: field('renderVariables') === 'true' || undefined,
          });
          if (!fields.success) throw new AppError('ERR_VALIDATION', 'Invalid message fields.', issuesByField(fields.error.issues));
          input = { ...sendInput(fields.data), upload };
        } else {
          const raw = (request.body ?? {}) as Record<string, unknown>;
          if (raw.scheduleDate !== undefined && raw.scheduleDate !== null && raw.scheduleDate !== '') {
            const schedule = scheduleInputOf(
              createScheduleBodySchema,
              { body: raw.body, scheduleDate: raw.scheduleDate, recurrence: raw.recurrence },
              request.params.ticketId,
            );
            return reply.status(202).send(presentSchedule(await createScheduledMessage(ctx, actor, schedule)));
          }
          const body = sendMessageBodySchema.safeParse(raw);
          if (!body.success) throw new AppError('ERR_VALIDATION', 'Invalid message.', issuesByField(body.error.issues));
          input = sendInput(body.data);
        }
        const message = await sendMessage(ctx, actor, request.params.ticketId, input);
        return reply.status(201).send(await present(actor.tenantId, message));
      },
    });

    app.post('/sendButton', {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          "Sends reply buttons (type 'button', ≤ 3), a list (type 'list', ≤ 5 sections) or an approved template with its {{n}} values (type 'template') to the contact of a ticket on a WhatsApp Business API (waba) channel. Text 1–60 characters, button text ≤ 20, unique values. Stored pending and sent by the send job, as POST /messages/{ticketId}.",
        body: sendButtonBodySchema,
        response: { 201: messageSchema, ...errorResponses },
      },
      handler: async (request, reply) => {
        const actor = actorOf(request);
        const { ticketId, quotedMsgId, ...content } = request.body;
        const message = await sendButtonMessage(ctx, actor, { ticketId, quotedMsgId, content });
        return reply.status(201).send(await present(actor.tenantId, message));
      },
    });

    const editRoute = {
      config: { auth: 'user' as const },
      schema: { tags, params: z.object({ id: z.uuid() }), body: editBodySchema, response: { 200: messageSchema, ...errorResponses } },
    };
    app.patch('/messages/:id', {
      ...editRoute,
      handler: async (request) => {
        const actor = actorOf(request);
        return present(actor.tenantId, await editMessage(ctx, actor, request.params.id, request.body.body));
      },
    });

    app.post('/messages/editMessage', {
      config: { auth: 'user' },
      schema: { tags, body: editBodySchema.extend({ id: z.uuid() }), response: { 200: messageSchema, ...errorResponses } },
      handler: async (request) => {
        const actor = actorOf(request);
        return present(actor.tenantId, await editMessage(ctx, actor, request.body.id, request.body.body));
      },
    });

    app.post('/messages/:id/resend', {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          "Sends an agent's unconfirmed message (its send was interrupted: it may not have arrived) or failed message again, as the same message.",
        params: z.object({ id: z.uuid() }),
        response: { 200: messageSchema, ...errorResponses },
      },
      handler: async (request) => {
        const actor = actorOf(request);
        return present(actor.tenantId, await resendMessage(ctx, actor, request.params.id));
      },
    });

    app.delete('/messages', {
      config: { auth: 'user' },
      schema: {
        tags,
        description: 'Deletes a message for everyone where the channel allows it.',
        body: z.object({ id: z.uuid(), messageId: z.string().max(200).nullable().optional() }),
        response: { 200: messageSchema, ...errorResponses },
      },
      handler: async (request) => {
        const actor = actorOf(request);
        return present(actor.tenantId, await deleteMessage(ctx, actor, request.body.id));
      },
    });

    app.post('/forward-messages/', {
      config: { auth: 'user' },
      schema: {
        tags,
        body: z.object({
          messages: z
            .array(z.object({ id: z.uuid() }))
            .min(1)
            .max(FORWARD_MAX_MESSAGES),
          contact: z.object({ id: refIdSchema }),
        }),
        response: { 200: z.object({ ticketId: z.number().int(), forwarded: z.number().int() }), ...errorResponses },
      },
      handler: async (request) =>
        forwardMessages(ctx, actorOf(request), { messageIds: request.body.messages.map((m) => m.id), contactId: request.body.contact.id }),
    });

    app.get('/searchMessage', {
      config: { auth: 'user' },
      schema: {
        tags,
        querystring: z.object({
          searchParam: z.string().trim().min(2).max(200),
          ticketId: idSchema.optional(),
          pageNumber: z.coerce.number().int().min(1).max(10000).default(1),
        }),
        response: { 200: z.object({ messages: z.array(messageSchema), hasMore: z.boolean() }), ...errorResponses },
      },
      handler: async (request) => searchMessages(ctx, actorOf(request), request.query),
    });

    // Media are reached only through URLs signed for a tenant-checked request (presentMessage).
    app.get('/media/:tenantId/:file', {
      config: { auth: 'public' },
      schema: {
        tags,
        params: z.object({ tenantId: idSchema, file: z.string().regex(/^[A-Za-z0-9_-]{32}$/) }),
        querystring: z.object({ expires: z.coerce.number().int(), type: z.string().max(150), signature: z.string().max(100) }),
      },
      handler: async (request, reply) => {
        const key = `${request.params.tenantId}/${request.params.file}`;
        if (
          !ctx.media.verify(key, request.query.expires, request.query.type, request.query.signature) ||
          MediaStore.tenantOf(key) !== request.params.tenantId
        ) {
          throw new AppError('ERR_NO_PERMISSION', 'This media link is invalid or has expired.');
        }
        const content = await ctx.media.read(key);
        if (!content) throw new AppError('ERR_NO_MESSAGE_FOUND', 'Media not found.');
        const inline = /^(image|video|audio)\//.test(request.query.type) || request.query.type === 'application/pdf';
        return reply
          .header('cache-control', 'private, max-age=3600')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('content-disposition', inline ? 'inline' : 'attachment')
          .type(request.query.type)
          .send(content);
      },
    });
  };

/** The use case's input from the validated fields of either form. */
function sendInput(fields: z.output<typeof sendMessageBodySchema>): SendMessageInput {
  const { quickMessageId, quickMessageKey, ...rest } = fields;
  const quickMessage =
    quickMessageId !== undefined ? { id: quickMessageId } : quickMessageKey !== undefined ? { key: quickMessageKey } : undefined;
  return { ...rest, quickMessage };
}

/** Zod issues as the `fields` of an ERR_VALIDATION answer (the message body when the path is empty). */
function issuesByField(issues: z.core.$ZodIssue[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) (fields[issue.path.join('.') || 'body'] ??= []).push(issue.message);
  return fields;
}

/** A reply with a scheduleDate, as the scheduled message of the ticket it would have gone into. */
function scheduleInputOf(
  schema: typeof createScheduleFieldsSchema | typeof createScheduleBodySchema,
  raw: Record<string, unknown>,
  ticketId: number,
) {
  const parsed = schema.safeParse({ ...raw, body: raw.body ?? '', ticketId });
  if (!parsed.success) throw new AppError('ERR_VALIDATION', 'Invalid scheduled message.', issuesByField(parsed.error.issues));
  return parsed.data;
}
