import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@conversa/shared';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { readUploadedFile } from '../../platform/http/multipart-fields.js';
import { errorResponses } from '../../platform/http/responses.js';
import { MAX_UPLOAD_BYTES } from '../../platform/media/uploads.js';
import { actorOf } from '../auth/authenticate.js';
import { CONTENT_TYPES } from '../contacts/contact-files.js';
import { MASS_SENDS_AUTH } from './mass-sends.policy.js';
import { presentMassSend, presentRecipient } from './mass-sends.presenter.js';
import {
  createMassSendBodySchema,
  massSendRecipientsPageSchema,
  massSendRecipientsQuerySchema,
  massSendReportQuerySchema,
  massSendSchema,
  massSendTemplateOptionSchema,
  massSendUploadSchema,
  templatesQuerySchema,
} from './mass-sends.schemas.js';
import { cancelMassSend } from './use-cases/cancel-mass-send.js';
import { createMassSend } from './use-cases/create-mass-send.js';
import { getMassSend } from './use-cases/get-mass-send.js';
import { listChannelTemplates } from './use-cases/list-channel-templates.js';
import { listMassSends } from './use-cases/list-mass-sends.js';
import { exportMassSendReport, listMassSendRecipients } from './use-cases/mass-send-report.js';
import { pauseMassSend } from './use-cases/pause-mass-send.js';
import { resumeMassSend } from './use-cases/resume-mass-send.js';
import { uploadMassSendMedia } from './use-cases/upload-mass-send-media.js';
import { contentDisposition } from '../../platform/http/content-disposition.js';

const tags = ['mass-sends'];
const config = { auth: MASS_SENDS_AUTH };

/**
 * Mass sending (SPEC §2 /massa: texto, textovariavel, template, template-variavel). SPEC §7 names
 * "bulk sends" without paths; these follow the REST shape of campaigns: a mass send starts when it
 * is created, and is paused, resumed or canceled by POSTs on it.
 */
export const massSendsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0 } });
    const present = (row: Parameters<typeof presentMassSend>[0]) => presentMassSend(row, ctx.media);

    app.get('/mass-sends', {
      config,
      schema: {
        tags,
        description: "The latest mass sends with their counters, newest first: the tenant's for supervisors and admins, an agent's own.",
        response: { 200: z.array(massSendSchema), ...errorResponses },
      },
      handler: async (request) => (await listMassSends(ctx, actorOf(request))).map(present),
    });

    app.post('/mass-sends', {
      config: { ...config, templateVariables: true },
      schema: {
        tags,
        description:
          'Creates a mass send and starts it (SPEC §5): a connection, min < max seconds between sends, recipients (typed numbers — a number without country code is read as Brazilian; invalid ones refused all together with 400 ERR_MASS_SEND_INVALID_NUMBERS —, a tag, or contacts) and, by kind, a text and/or file, or an approved template of a WhatsApp Cloud API connection with a value for each body placeholder.',
        body: createMassSendBodySchema,
        response: { 201: massSendSchema, ...errorResponses },
      },
      handler: async (request, reply) => reply.status(201).send(present(await createMassSend(ctx, actorOf(request), request.body))),
    });

    app.post('/mass-sends/media', {
      config,
      schema: {
        tags,
        description: `Uploads the file of a text mass send: multipart/form-data with one file (at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB; the type is read from the content). Answers a mediaToken for POST /mass-sends.`,
        response: { 201: massSendUploadSchema, ...errorResponses },
      },
      handler: async (request, reply) => {
        if (!request.isMultipart()) throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.');
        const file = await request.file();
        if (!file) throw new AppError('ERR_VALIDATION', 'No file was sent.', { file: ['Required.'] });
        return reply.status(201).send(await uploadMassSendMedia(ctx, actorOf(request), await readUploadedFile(file)));
      },
    });

    app.get('/mass-sends/templates', {
      config,
      schema: {
        tags,
        description:
          'The approved templates of a WhatsApp Cloud API connection (read from Meta now), with each body and its number of placeholders; another type of connection answers 400 ERR_MASS_SEND_NOT_OFFICIAL.',
        querystring: templatesQuerySchema,
        response: { 200: z.array(massSendTemplateOptionSchema), ...errorResponses },
      },
      handler: async (request) => listChannelTemplates(ctx, actorOf(request), request.query.whatsappId),
    });

    app.get('/mass-sends/:id', {
      config,
      schema: { tags, params: idParamSchema, response: { 200: massSendSchema, ...errorResponses } },
      handler: async (request) => present(await getMassSend(ctx, actorOf(request), request.params.id)),
    });

    for (const [action, run, description] of [
      ['pause', pauseMassSend, 'Pauses a running mass send.'],
      ['resume', resumeMassSend, 'Resumes a paused mass send: only the recipients that got nothing yet are sent to.'],
      ['cancel', cancelMassSend, 'Cancels a running or paused mass send for good.'],
    ] as const) {
      app.post(`/mass-sends/:id/${action}`, {
        config,
        schema: { tags, description, params: idParamSchema, response: { 200: massSendSchema, ...errorResponses } },
        handler: async (request) => present(await run(ctx, actorOf(request), request.params.id)),
      });
    }

    app.get('/mass-sends/:id/recipients', {
      config,
      schema: {
        tags,
        description:
          "A page of the recipients in sending order with each one's status: waiting, pending, sent, delivered, read, failed or skipped (with the reason), unconfirmed.",
        params: idParamSchema,
        querystring: massSendRecipientsQuerySchema,
        response: { 200: massSendRecipientsPageSchema, ...errorResponses },
      },
      handler: async (request) => {
        const page = await listMassSendRecipients(ctx, actorOf(request), request.params.id, request.query);
        return { ...page, recipients: page.recipients.map(presentRecipient) };
      },
    });

    app.get('/mass-sends/:id/report', {
      config,
      schema: {
        tags,
        description: 'The report per recipient as a CSV or XLSX download: Number, Name, Status, Sent at, Reason.',
        params: idParamSchema,
        querystring: massSendReportQuerySchema,
        produces: Object.values(CONTENT_TYPES),
        response: { 200: z.any().describe('The file (text/csv or XLSX).'), ...errorResponses },
      },
      handler: async (request, reply) => {
        const file = await exportMassSendReport(ctx, actorOf(request), request.params.id, request.query.format);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', contentDisposition(file.fileName))
          .send(file.content);
      },
    });
  };
