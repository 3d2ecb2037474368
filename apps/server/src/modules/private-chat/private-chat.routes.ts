import fastifyMultipart from '@fastify/multipart';
import {
  idParamSchema,
  PRIVATE_MESSAGE_MAX,
  privateChatTeamSchema,
  privateChatUnreadSchema,
  privateFileCaptionSchema,
  privateMessageSchema,
  privateMessagesPageSchema,
  privateMessagesQuerySchema,
  sendPrivateMessageBodySchema,
  type ConversationType,
  type ZodIssueLike,
} from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { zodFieldProblems } from '../../platform/http/field-issues.js';
import { errorResponses } from '../../platform/http/responses.js';
import { checkUpload, MAX_UPLOAD_BYTES } from '../../platform/media/uploads.js';
import { actorOf } from '../auth/authenticate.js';
import { presentPrivateMessage } from './private-chat.presenter.js';
import { countUnread } from './use-cases/count-unread.js';
import { listChatTeams } from './use-cases/list-chat-teams.js';
import { listPrivateMessages } from './use-cases/list-private-messages.js';
import { markConversationRead } from './use-cases/mark-conversation-read.js';
import { readPrivateFile } from './use-cases/read-private-file.js';
import { sendPrivateMessage, type SendPrivateMessageInput } from './use-cases/send-private-message.js';

const tags = ['private-chat'];
const TOO_LARGE = `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`;

/** The conversations of the internal chat: `users/{id}` with another user of the tenant, `teams/{id}` of a team the reader belongs to. */
const KINDS: { segment: string; type: ConversationType; who: string }[] = [
  { segment: 'users', type: 'user', who: 'with another user of the tenant' },
  { segment: 'teams', type: 'team', who: 'of an active team the user is a member of' },
];

/** The internal private chat (SPEC /chat-privado). The users tab is GET /users/chat-privado/ (users module). */
export const privateChatRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });

    app.get('/private-chat/teams', {
      config: { auth: 'user' },
      schema: {
        tags,
        description: "The teams tab: the active teams the user belongs to, each with its last message and the user's unread count.",
        response: { 200: z.array(privateChatTeamSchema), ...errorResponses },
      },
      handler: async (request) =>
        (await listChatTeams(ctx, actorOf(request))).map((team) => ({
          id: team.id,
          name: team.name,
          memberCount: team.memberCount,
          lastMessage: team.last ? presentPrivateMessage(team.last) : null,
          unreadCount: team.unread,
        })),
    });

    app.get('/private-chat/unread', {
      config: { auth: 'user' },
      schema: {
        tags,
        description: "The menu badge: how many messages of the user's conversations (one-to-one and teams) are unread.",
        response: { 200: privateChatUnreadSchema, ...errorResponses },
      },
      handler: async (request) => ({ total: await countUnread(ctx, actorOf(request)) }),
    });

    for (const kind of KINDS) {
      const conversation = (id: number) => ({ type: kind.type, id });

      app.get(`/private-chat/${kind.segment}/:id/messages`, {
        config: { auth: 'user' },
        schema: {
          tags,
          description: `A page of the conversation ${kind.who} (404 otherwise): page 1 holds the newest messages; each page is oldest first.`,
          params: idParamSchema,
          querystring: privateMessagesQuerySchema,
          response: { 200: privateMessagesPageSchema, ...errorResponses },
        },
        handler: async (request) => {
          const page = await listPrivateMessages(ctx, actorOf(request), conversation(request.params.id), request.query.pageNumber);
          return { messages: page.rows.map(presentPrivateMessage), hasMore: page.hasMore };
        },
      });

      app.post(`/private-chat/${kind.segment}/:id/messages`, {
        config: { auth: 'user' },
        schema: {
          tags,
          description: `Sends a message to the conversation ${kind.who}: JSON {body}, or multipart/form-data with an optional "body" field before one file ("medias": images, documents, audio… checked by content as ticket media, at most 16 MB). A text longer than ${PRIVATE_MESSAGE_MAX} characters is refused (400 ERR_PRIVATE_MESSAGE_TOO_LONG), never cut. Pushed live (socket event privateMessage) to the members' sockets.`,
          params: idParamSchema,
          response: { 201: privateMessageSchema, ...errorResponses },
        },
        handler: async (request, reply) => {
          let input: SendPrivateMessageInput;
          if (request.isMultipart()) {
            const file = await request.file();
            if (!file) throw new AppError('ERR_VALIDATION', 'No file was uploaded.', { medias: ['Required'] });
            const content = await file.toBuffer().catch(() => {
              throw new AppError('ERR_PAYLOAD_TOO_LARGE', TOO_LARGE);
            });
            if (file.file.truncated) throw new AppError('ERR_PAYLOAD_TOO_LARGE', TOO_LARGE);
            const caption = privateFileCaptionSchema.safeParse(fieldValue(file.fields.body) ?? '');
            if (!caption.success) throw invalidMessage(caption.error.issues, fieldValue(file.fields.body) ?? '');
            input = { body: caption.data, upload: await checkUpload(content, file.mimetype, file.filename) };
          } else {
            const body = sendPrivateMessageBodySchema.safeParse(request.body ?? {});
            if (!body.success) throw invalidMessage(body.error.issues, request.body);
            input = { body: body.data.body };
          }
          const message = await sendPrivateMessage(ctx, actorOf(request), conversation(request.params.id), input);
          return reply.status(201).send(presentPrivateMessage(message));
        },
      });

      app.put(`/private-chat/${kind.segment}/:id/read`, {
        config: { auth: 'user' },
        schema: {
          tags,
          description: `Marks the conversation ${kind.who} read up to its last message (opening it does).`,
          params: idParamSchema,
          response: { 204: z.null(), ...errorResponses },
        },
        handler: async (request, reply) => {
          await markConversationRead(ctx, actorOf(request), conversation(request.params.id));
          return reply.status(204).send(null);
        },
      });
    }

    app.get('/private-chat/files/:id', {
      config: { auth: 'user' },
      schema: {
        tags,
        description: 'The file of the message {id}, for the members of its conversation only (404 for anyone else).',
        params: idParamSchema,
      },
      handler: async (request, reply) => {
        const file = await readPrivateFile(ctx, actorOf(request), request.params.id);
        const inline = /^(image|video|audio)\//.test(file.mime) || file.mime === 'application/pdf';
        return reply
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`)
          .type(file.mime)
          .send(file.content);
      },
    });
  };

/** A refused text: too long is said as such (ERR_PRIVATE_MESSAGE_TOO_LONG, never cut), anything else is ERR_VALIDATION. */
function invalidMessage(issues: readonly ZodIssueLike[], input: unknown): AppError {
  const fields = zodFieldProblems(issues, { input, root: 'body' });
  if (issues.some((issue) => issue.code === 'too_big'))
    return new AppError('ERR_PRIVATE_MESSAGE_TOO_LONG', `The message is longer than ${PRIVATE_MESSAGE_MAX} characters.`, fields);
  return new AppError('ERR_VALIDATION', 'Invalid message.', fields);
}

function fieldValue(field: unknown): string | undefined {
  const single: unknown = Array.isArray(field) ? (field as unknown[])[0] : field;
  if (!single || typeof single !== 'object' || !('value' in single)) return undefined;
  return typeof single.value === 'string' ? single.value : undefined;
}
