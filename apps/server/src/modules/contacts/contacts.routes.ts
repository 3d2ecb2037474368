import fastifyMultipart from '@fastify/multipart';
import { idParamSchema } from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { errorBodySchema, errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { CONTENT_TYPES, MAX_IMPORT_BYTES } from './contact-files.js';
import type { ContactWithWallets } from './contact-input.js';
import { presentContactDetails, presentContactImport } from './contacts.presenter.js';
import {
  blockContactBodySchema,
  contactDetailsSchema,
  createContactBodySchema,
  exportQuerySchema,
  importJobParamsSchema,
  importReportSchema,
  importStartedSchema,
  listContactsQuerySchema,
  listContactsResponseSchema,
  updateContactBodySchema,
} from './contacts.schemas.js';
import { assignWalletsBodySchema, assignWalletsResultSchema } from '@conversa/shared';
import { assignContactWallets } from './use-cases/assign-contact-wallets.js';
import { blockContact } from './use-cases/block-contact.js';
import { createContact } from './use-cases/create-contact.js';
import { deleteContact } from './use-cases/delete-contact.js';
import { exportContacts } from './use-cases/export-contacts.js';
import { getContactImport } from './use-cases/get-contact-import.js';
import { getContact } from './use-cases/get-contact.js';
import { listContacts } from './use-cases/list-contacts.js';
import { startContactImport } from './use-cases/start-contact-import.js';
import { updateContact } from './use-cases/update-contact.js';
import { contentDisposition } from '../../platform/http/content-disposition.js';

const tags = ['contacts'];
const present = ({ contact, wallets, tags }: ContactWithWallets) => presentContactDetails(contact, wallets, tags);

export const contactsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Only this plugin's routes take multipart bodies (the import file).
    await app.register(fastifyMultipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, parts: 20 } });

    app.get('/contacts', {
      config: { auth: 'user' },
      schema: { tags, querystring: listContactsQuerySchema, response: { 200: listContactsResponseSchema, ...errorResponses } },
      handler: async (request) => {
        const result = await listContacts(ctx, actorOf(request), request.query);
        return { ...result, contacts: result.contacts.map(present) };
      },
    });

    app.get('/contacts/export', {
      config: { auth: 'super' },
      schema: {
        tags,
        description:
          'The contacts as a CSV (`;` separated, UTF-8 with BOM) or XLSX download, in Portuguese: Nome, Número, E-mail, CPF/CNPJ, Aniversário, Primeiro nome, Sobrenome, Empresa, Bloqueado (sim/não).',
        querystring: exportQuerySchema,
        produces: Object.values(CONTENT_TYPES),
        response: { 200: z.any().describe('The file (text/csv or XLSX).'), ...errorResponses },
      },
      handler: async (request, reply) => {
        const file = await exportContacts(ctx, actorOf(request), request.query.format);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', contentDisposition(file.fileName))
          .send(file.content);
      },
    });

    app.post('/contacts/import', {
      config: { auth: 'super' },
      schema: {
        tags,
        description:
          'multipart/form-data with one CSV or XLSX file; columns Name and Number required, Email optional. Answers the import job to follow.',
        consumes: ['multipart/form-data'],
        response: { 202: importStartedSchema, ...errorResponses, 413: errorBodySchema, 415: errorBodySchema },
      },
      handler: async (request, reply) => {
        const actor = actorOf(request);
        if (!request.isMultipart()) throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.');
        const file = await request.file();
        if (!file) throw new AppError('ERR_VALIDATION', 'No file was sent.', { file: ['Required.'] });
        const content = await file.toBuffer();
        // Belt and braces: a stream cut at the size limit must never be imported as a whole file.
        if (file.file.truncated || content.length > MAX_IMPORT_BYTES)
          throw new AppError('ERR_PAYLOAD_TOO_LARGE', 'The file is larger than 10 MB.');
        const record = await startContactImport(ctx, actor, { fileName: file.filename, mimetype: file.mimetype, content });
        return reply.status(202).send({ jobId: record.id, status: record.status, total: record.total });
      },
    });

    app.get('/contacts/import/:jobId', {
      config: { auth: 'super' },
      schema: { tags, params: importJobParamsSchema, response: { 200: importReportSchema, ...errorResponses } },
      handler: async (request) => presentContactImport(await getContactImport(ctx, actorOf(request), request.params.jobId)),
    });

    app.get('/contacts/:id', {
      config: { auth: 'user' },
      schema: { tags, params: idParamSchema, response: { 200: contactDetailsSchema, ...errorResponses } },
      handler: async (request) => present(await getContact(ctx, actorOf(request), request.params.id)),
    });

    app.post('/contacts', {
      config: { auth: 'user' },
      schema: { tags, body: createContactBodySchema, response: { 201: contactDetailsSchema, ...errorResponses } },
      handler: async (request, reply) => reply.status(201).send(present(await createContact(ctx, actorOf(request), request.body))),
    });

    app.put('/contacts/:id', {
      config: { auth: 'user' },
      schema: { tags, params: idParamSchema, body: updateContactBodySchema, response: { 200: contactDetailsSchema, ...errorResponses } },
      handler: async (request) => present(await updateContact(ctx, actorOf(request), request.params.id, request.body)),
    });

    app.put('/contacts/wallets', {
      config: { auth: 'super' },
      schema: {
        tags,
        description:
          "Wallets in bulk (supervisors and admins): the contacts of contactIds, or all matching filter (the list's searchParam and tagIds), get userIds added to their wallet users (mode add) or in their place (mode replace).",
        body: assignWalletsBodySchema,
        response: { 200: assignWalletsResultSchema, ...errorResponses },
      },
      handler: async (request) => assignContactWallets(ctx, actorOf(request), request.body),
    });

    app.put('/contacts/:id/block', {
      config: { auth: 'user' },
      schema: { tags, params: idParamSchema, body: blockContactBodySchema, response: { 200: contactDetailsSchema, ...errorResponses } },
      handler: async (request) => present(await blockContact(ctx, actorOf(request), request.params.id, request.body)),
    });

    app.delete('/contacts/:id', {
      config: { auth: 'super' },
      schema: { tags, params: idParamSchema, response: { 204: z.null(), ...errorResponses } },
      handler: async (request, reply) => {
        await deleteContact(ctx, actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
