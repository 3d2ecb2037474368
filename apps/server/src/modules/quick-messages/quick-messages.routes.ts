import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@conversa/shared';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { errorResponses } from '../../platform/http/responses.js';
import { checkUpload, MAX_UPLOAD_BYTES } from '../../platform/media/uploads.js';
import { actorOf } from '../auth/authenticate.js';
import { presentQuickMessage } from './quick-messages.presenter.js';
import {
  createQuickMessageBodySchema,
  quickMessageSchema,
  quickMessageUploadSchema,
  updateQuickMessageBodySchema,
} from './quick-messages.schemas.js';
import { createQuickMessage } from './use-cases/create-quick-message.js';
import { deleteQuickMessage } from './use-cases/delete-quick-message.js';
import { listQuickMessages } from './use-cases/list-quick-messages.js';
import { updateQuickMessage } from './use-cases/update-quick-message.js';
import { uploadQuickMessageMedia } from './use-cases/upload-quick-message-media.js';

const tags = ['quick-messages'];
const tooLarge = () => new AppError('ERR_PAYLOAD_TOO_LARGE', `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);

/** Quick messages at the peer products' paths (Izing, Whazing: /fastreply). */
export const quickMessagesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0 } });
    const present = (row: Parameters<typeof presentQuickMessage>[0]) => presentQuickMessage(row, ctx.media);

    app.get('/fastreply', {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          'The quick messages of the tenant, by key: all of them for supervisors and admins, the active ones for agents (or with activeOnly=true).',
        querystring: z.object({ activeOnly: z.enum(['true', 'false']).optional() }),
        response: { 200: z.array(quickMessageSchema), ...errorResponses },
      },
      handler: async (request) =>
        (await listQuickMessages(ctx, actorOf(request), { activeOnly: request.query.activeOnly === 'true' })).map(present),
    });

    app.post('/fastreply/media', {
      config: { auth: 'super' },
      schema: {
        tags,
        description: `Uploads the file of a quick message: multipart/form-data with one file ("medias", at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB; images, audio, video, PDF, office documents, plain text; the type is read from the content). Answers a mediaToken for POST /fastreply or PUT /fastreply/{id}.`,
        response: { 201: quickMessageUploadSchema, ...errorResponses },
      },
      handler: async (request, reply) => {
        if (!request.isMultipart()) throw new AppError('ERR_VALIDATION', 'Send the file as multipart/form-data.', { medias: ['Required'] });
        const file = await request.file();
        if (!file) throw new AppError('ERR_VALIDATION', 'No file was uploaded.', { medias: ['Required'] });
        const content = await file.toBuffer().catch(() => {
          throw tooLarge();
        });
        if (file.file.truncated) throw tooLarge();
        const upload = await checkUpload(content, file.mimetype, file.filename);
        return reply.status(201).send(await uploadQuickMessageMedia(ctx, actorOf(request), upload));
      },
    });

    app.post('/fastreply', {
      config: { auth: 'super', templateVariables: true },
      schema: { tags, body: createQuickMessageBodySchema, response: { 201: quickMessageSchema, ...errorResponses } },
      handler: async (request, reply) => reply.status(201).send(present(await createQuickMessage(ctx, actorOf(request), request.body))),
    });

    app.put('/fastreply/:id', {
      config: { auth: 'super', templateVariables: true },
      schema: { tags, params: idParamSchema, body: updateQuickMessageBodySchema, response: { 200: quickMessageSchema, ...errorResponses } },
      handler: async (request) => present(await updateQuickMessage(ctx, actorOf(request), request.params.id, request.body)),
    });

    app.delete('/fastreply/:id', {
      config: { auth: 'super' },
      schema: { tags, params: idParamSchema, response: { 204: z.null(), ...errorResponses } },
      handler: async (request, reply) => {
        await deleteQuickMessage(ctx, actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
