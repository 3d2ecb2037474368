import fastifyMultipart from '@fastify/multipart';
import { idParamSchema, queueChatFlowSchema, ticketSchema } from '@conversa/shared';
import {
  createFlowBodySchema,
  flowExportSchema,
  flowMediaSchema,
  flowSchema,
  importFlowBodySchema,
  ticketChatBotBodySchema,
  updateFlowBodySchema,
} from '@conversa/shared/chatbot';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { errorResponses } from '../../platform/http/responses.js';
import { MAX_UPLOAD_BYTES } from '../../platform/media/uploads.js';
import { actorOf } from '../auth/authenticate.js';
import { presentTicket } from '../tickets/tickets.presenter.js';
import { getTicketView } from '../tickets/use-cases/get-ticket-view.js';
import { presentFlow, presentFlowExport } from './chatbot.presenter.js';
import { findFlowById, listFlows } from './chatbot.repository.js';
import { createFlow } from './use-cases/create-flow.js';
import { deleteFlow } from './use-cases/delete-flow.js';
import { duplicateFlow } from './use-cases/duplicate-flow.js';
import { findFlowsRoutingToQueue } from './use-cases/find-flows-routing-to-queue.js';
import { importFlow } from './use-cases/import-flow.js';
import { publishFlow } from './use-cases/publish-flow.js';
import { switchTicketChatbot } from './use-cases/switch-ticket-chatbot.js';
import { updateFlow } from './use-cases/update-flow.js';
import { uploadFlowMedia } from './use-cases/upload-flow-media.js';

const tags = ['chatbot'];

/** Chatbot flows (SPEC §2 /chat-flow; paths as Izing's: /chat-flow, /chat-flow/{id}) and PUT /ticketsChatBot/{id} (SPEC §7). */
export const chatbotRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/chat-flow', {
      config: { auth: 'super' },
      schema: { tags, response: { 200: z.array(flowSchema), ...errorResponses } },
      handler: async (request) => (await listFlows(ctx.db, actorOf(request).tenantId)).map(presentFlow),
    });

    app.get('/chat-flow/:id', {
      config: { auth: 'super' },
      schema: { tags, params: idParamSchema, response: { 200: flowSchema, ...errorResponses } },
      handler: async (request) => {
        const flow = await findFlowById(ctx.db, actorOf(request).tenantId, request.params.id);
        if (!flow) throw new AppError('ERR_NO_FLOW_FOUND');
        return presentFlow(flow);
      },
    });

    // Asked before deleting a queue (an admin's action): the flows whose routes would point nowhere.
    app.get('/queue/:id/chat-flows', {
      config: { auth: 'admin' },
      schema: { tags, params: idParamSchema, response: { 200: z.array(queueChatFlowSchema), ...errorResponses } },
      handler: async (request) => findFlowsRoutingToQueue(ctx.db, actorOf(request).tenantId, request.params.id),
    });

    app.post('/chat-flow', {
      config: { auth: 'super', templateVariables: true },
      schema: {
        tags,
        description: 'Creates a flow; its definition is kept as the draft, and published too when `publish` is true.',
        body: createFlowBodySchema,
        response: { 201: flowSchema, ...errorResponses },
      },
      handler: async (request, reply) => reply.status(201).send(presentFlow(await createFlow(ctx, actorOf(request), request.body))),
    });

    app.put('/chat-flow/:id', {
      config: { auth: 'super', templateVariables: true },
      schema: {
        tags,
        description:
          'Changes the settings (at once) and/or saves the draft (the published version does not change until POST /chat-flow/{id}/publish).',
        params: idParamSchema,
        body: updateFlowBodySchema,
        response: { 200: flowSchema, ...errorResponses },
      },
      handler: async (request) => presentFlow(await updateFlow(ctx, actorOf(request), request.params.id, request.body)),
    });

    app.delete('/chat-flow/:id', {
      config: { auth: 'super' },
      schema: { tags, params: idParamSchema, response: { 204: z.null(), ...errorResponses } },
      handler: async (request, reply) => {
        await deleteFlow(ctx, actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });

    app.post('/chat-flow/:id/publish', {
      config: { auth: 'super' },
      schema: {
        tags,
        description:
          'Publishes the draft as a new immutable version: new conversations enter it; conversations already in the flow finish on their version.',
        params: idParamSchema,
        response: { 200: flowSchema, ...errorResponses },
      },
      handler: async (request) => presentFlow(await publishFlow(ctx, actorOf(request), request.params.id)),
    });

    app.post('/chat-flow/:id/duplicate', {
      config: { auth: 'super' },
      schema: { tags, params: idParamSchema, response: { 201: flowSchema, ...errorResponses } },
      handler: async (request, reply) => reply.status(201).send(presentFlow(await duplicateFlow(ctx, actorOf(request), request.params.id))),
    });

    app.get('/chat-flow/:id/export', {
      config: { auth: 'super' },
      schema: {
        tags,
        description: 'The JSON file of the flow (its draft), for POST /chat-flow/import.',
        params: idParamSchema,
        response: { 200: flowExportSchema, ...errorResponses },
      },
      handler: async (request) => {
        const flow = await findFlowById(ctx.db, actorOf(request).tenantId, request.params.id);
        if (!flow) throw new AppError('ERR_NO_FLOW_FOUND');
        return presentFlowExport(flow);
      },
    });

    app.post('/chat-flow/import', {
      config: { auth: 'super' },
      schema: {
        tags,
        description:
          "Imports an exported flow file as a new unpublished flow: `json` is the file's text. Not JSON: 400 ERR_INVALID_JSON ('The entered JSON format is invalid. Please correct and try again.'); not a valid flow: 400 ERR_VALIDATION.",
        body: importFlowBodySchema,
        response: { 201: flowSchema, ...errorResponses },
      },
      handler: async (request, reply) => reply.status(201).send(presentFlow(await importFlow(ctx, actorOf(request), request.body.json))),
    });

    app.put('/ticketsChatBot/:id', {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          "Switches the chatbot on for a ticket (it leaves its agent, returns to pending and enters its channel's flow at the first step) or off (the conversation leaves the bot).",
        params: idParamSchema,
        body: ticketChatBotBodySchema,
        response: { 200: ticketSchema, ...errorResponses },
      },
      handler: async (request) => {
        const actor = actorOf(request);
        await switchTicketChatbot(ctx, actor, request.params.id, request.body.chatbot);
        const view = await getTicketView(ctx.db, actor.tenantId, request.params.id);
        if (!view) throw new AppError('ERR_NO_TICKET_FOUND');
        return presentTicket(view);
      },
    });

    await app.register(flowMediaRoute(ctx));
  };

/** The upload route in its own plugin, so that the multipart parser exists for it alone. */
const flowMediaRoute =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2 } });
    app.post('/chat-flow/media', {
      config: { auth: 'super' },
      schema: {
        tags,
        description: `A file for a media interaction: multipart/form-data with one file (at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB; images, audio, video, PDF, office documents, plain text). Answers what goes into the interaction's \`media\`.`,
        consumes: ['multipart/form-data'],
        response: { 201: flowMediaSchema, 413: errorResponses[400], 415: errorResponses[400], ...errorResponses },
      },
      handler: async (request, reply) => {
        if (!request.isMultipart()) throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.');
        const file = await request.file();
        if (!file) throw new AppError('ERR_VALIDATION', 'No file was uploaded.', { file: ['Required'] });
        const content = await file.toBuffer().catch(() => {
          throw new AppError('ERR_PAYLOAD_TOO_LARGE', `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
        });
        return reply
          .status(201)
          .send(await uploadFlowMedia(ctx, actorOf(request), { content, mimetype: file.mimetype, filename: file.filename }));
      },
    });
  };
