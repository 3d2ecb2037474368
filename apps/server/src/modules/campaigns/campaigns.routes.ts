import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@conversa/shared';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { errorResponses } from '../../platform/http/responses.js';
import { checkUpload, MAX_UPLOAD_BYTES } from '../../platform/media/uploads.js';
import { actorOf } from '../auth/authenticate.js';
import { CONTENT_TYPES, MAX_IMPORT_BYTES } from '../contacts/contact-files.js';
import { CAMPAIGNS_AUTH } from './campaigns.policy.js';
import { presentCampaign, presentCampaignContact } from './campaigns.presenter.js';
import {
  campaignContactParamsSchema,
  campaignContactsPageSchema,
  campaignContactsQuerySchema,
  campaignMediaQuerySchema,
  campaignReportExportQuerySchema,
  campaignSchema,
  createCampaignBodySchema,
  linkCampaignContactsBodySchema,
  linkResultSchema,
  unlinkResultSchema,
  updateCampaignBodySchema,
} from './campaigns.schemas.js';
import { exportCampaignReport, listCampaignContacts } from './use-cases/campaign-report.js';
import { cancelCampaign } from './use-cases/cancel-campaign.js';
import { createCampaign } from './use-cases/create-campaign.js';
import { deleteCampaign } from './use-cases/delete-campaign.js';
import { getCampaign } from './use-cases/get-campaign.js';
import { linkCampaignContacts, linkCampaignContactsFromFile, unlinkCampaignContacts } from './use-cases/link-campaign-contacts.js';
import { listCampaigns } from './use-cases/list-campaigns.js';
import { pauseCampaign } from './use-cases/pause-campaign.js';
import { resumeCampaign } from './use-cases/resume-campaign.js';
import { scheduleCampaign } from './use-cases/schedule-campaign.js';
import { setCampaignMedia } from './use-cases/set-campaign-media.js';
import { updateCampaign } from './use-cases/update-campaign.js';
import { contentDisposition } from '../../platform/http/content-disposition.js';

const tags = ['campaigns'];
const config = { auth: CAMPAIGNS_AUTH };

/** The one file of a multipart request, whole (a stream cut at the size limit is refused). */
async function uploadedFile(request: FastifyRequest, maxBytes: number): Promise<{ name: string; mimetype: string; content: Buffer }> {
  if (!request.isMultipart()) throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.');
  const file = await request.file();
  if (!file) throw new AppError('ERR_VALIDATION', 'No file was sent.', { file: ['Required.'] });
  const tooLarge = () => new AppError('ERR_PAYLOAD_TOO_LARGE', `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
  const content: Buffer = await file.toBuffer().catch(() => {
    throw tooLarge();
  });
  if (file.file.truncated || content.length > maxBytes) throw tooLarge();
  return { name: file.filename, mimetype: file.mimetype, content };
}

/**
 * Campaigns (/campanhas, supervisors and admins). SPEC §7 shows no paths for them ("create,
 * update and delete of campaigns" are implied); these follow the REST shape of the other modules,
 * with the start, cancel, pause and resume actions as POSTs on the campaign.
 */
export const campaignsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Only this plugin's routes take multipart bodies (a message's file, a contact file); each route checks its own size.
    await app.register(fastifyMultipart, {
      limits: { fileSize: Math.max(MAX_UPLOAD_BYTES, MAX_IMPORT_BYTES), files: 1, fields: 10, parts: 20 },
    });
    const present = (row: Parameters<typeof presentCampaign>[0]) => presentCampaign(row, ctx.media);

    app.get('/campaigns', {
      config,
      schema: {
        tags,
        description: "The tenant's campaigns, newest first, with their counters.",
        response: { 200: z.array(campaignSchema), ...errorResponses },
      },
      handler: async (request) => (await listCampaigns(ctx, actorOf(request))).map(present),
    });

    app.post('/campaigns', {
      config,
      schema: { tags, body: createCampaignBodySchema, response: { 201: campaignSchema, ...errorResponses } },
      handler: async (request, reply) => reply.status(201).send(present(await createCampaign(ctx, actorOf(request), request.body))),
    });

    app.get('/campaigns/:id', {
      config,
      schema: { tags, params: idParamSchema, response: { 200: campaignSchema, ...errorResponses } },
      handler: async (request) => present(await getCampaign(ctx, actorOf(request), request.params.id)),
    });

    app.put('/campaigns/:id', {
      config,
      schema: {
        tags,
        description: 'Edits a pending or canceled campaign (SPEC §4).',
        params: idParamSchema,
        body: updateCampaignBodySchema,
        response: { 200: campaignSchema, ...errorResponses },
      },
      handler: async (request) => present(await updateCampaign(ctx, actorOf(request), request.params.id, request.body)),
    });

    app.delete('/campaigns/:id', {
      config,
      schema: {
        tags,
        description: 'Deletes a campaign that is not processing.',
        params: idParamSchema,
        response: { 204: z.null(), ...errorResponses },
      },
      handler: async (request, reply) => {
        await deleteCampaign(ctx, actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });

    app.post('/campaigns/:id/start', {
      config,
      schema: {
        tags,
        description:
          "Schedules the campaign for its start date (SPEC §4/§5): only from pending or canceled, not in the past ('campaign cannot be scheduled in the past'), not without contacts ('campaign needs linked contacts').",
        params: idParamSchema,
        response: { 200: campaignSchema, ...errorResponses },
      },
      handler: async (request) => present(await scheduleCampaign(ctx, actorOf(request), request.params.id)),
    });

    app.post('/campaigns/:id/cancel', {
      config,
      schema: {
        tags,
        description:
          "Cancels a scheduled or paused campaign; a processing one answers 409 ERR_CAMPAIGN_IN_PROCESS ('cannot cancel campaigns in process').",
        params: idParamSchema,
        response: { 200: campaignSchema, ...errorResponses },
      },
      handler: async (request) => present(await cancelCampaign(ctx, actorOf(request), request.params.id)),
    });

    app.post('/campaigns/:id/pause', {
      config,
      schema: {
        tags,
        description: 'Pauses a processing campaign.',
        params: idParamSchema,
        response: { 200: campaignSchema, ...errorResponses },
      },
      handler: async (request) => present(await pauseCampaign(ctx, actorOf(request), request.params.id)),
    });

    app.post('/campaigns/:id/resume', {
      config,
      schema: {
        tags,
        description: 'Resumes a paused campaign: only the contacts that got nothing yet are sent to.',
        params: idParamSchema,
        response: { 200: campaignSchema, ...errorResponses },
      },
      handler: async (request) => present(await resumeCampaign(ctx, actorOf(request), request.params.id)),
    });

    app.put('/campaigns/:id/media', {
      config,
      schema: {
        tags,
        description: `Sets the file of message 1–3 (?message=): multipart/form-data with one file (at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB; the type is read from the content).`,
        params: idParamSchema,
        querystring: campaignMediaQuerySchema,
        response: { 200: campaignSchema, ...errorResponses },
      },
      handler: async (request) => {
        const readUpload = async () => {
          const file = await uploadedFile(request, MAX_UPLOAD_BYTES);
          return checkUpload(file.content, file.mimetype, file.name);
        };
        return present(await setCampaignMedia(ctx, actorOf(request), request.params.id, request.query.message, readUpload));
      },
    });

    app.delete('/campaigns/:id/media', {
      config,
      schema: {
        tags,
        description: 'Removes the file of message 1–3.',
        params: idParamSchema,
        querystring: campaignMediaQuerySchema,
        response: { 200: campaignSchema, ...errorResponses },
      },
      handler: async (request) => present(await setCampaignMedia(ctx, actorOf(request), request.params.id, request.query.message, null)),
    });

    app.get('/campaigns/:id/contacts', {
      config,
      schema: {
        tags,
        description:
          "A page of the campaign's contacts with each one's status: waiting, pending, sent, delivered, read, failed (with the reason), unconfirmed, skipped.",
        params: idParamSchema,
        querystring: campaignContactsQuerySchema,
        response: { 200: campaignContactsPageSchema, ...errorResponses },
      },
      handler: async (request) => {
        const page = await listCampaignContacts(ctx, actorOf(request), request.params.id, request.query);
        return { ...page, contacts: page.contacts.map(presentCampaignContact) };
      },
    });

    app.post('/campaigns/:id/contacts', {
      config,
      schema: {
        tags,
        description: 'Links contacts of the contact list: { contactIds } or every contact matching { searchParam, tagIds }.',
        params: idParamSchema,
        body: linkCampaignContactsBodySchema,
        response: { 200: linkResultSchema, ...errorResponses },
      },
      handler: async (request) => linkCampaignContacts(ctx, actorOf(request), request.params.id, request.body),
    });

    app.post('/campaigns/:id/contacts/file', {
      config,
      schema: {
        tags,
        description:
          'Links the contacts of a CSV or XLSX file (columns Name and Number, as the contact import), creating the numbers the tenant lacks.',
        params: idParamSchema,
        response: { 200: linkResultSchema, ...errorResponses },
      },
      handler: async (request) =>
        linkCampaignContactsFromFile(ctx, actorOf(request), request.params.id, () => uploadedFile(request, MAX_IMPORT_BYTES)),
    });

    app.delete('/campaigns/:id/contacts', {
      config,
      schema: {
        tags,
        description: 'Unlinks every contact that got nothing yet.',
        params: idParamSchema,
        response: { 200: unlinkResultSchema, ...errorResponses },
      },
      handler: async (request) => unlinkCampaignContacts(ctx, actorOf(request), request.params.id),
    });

    app.delete('/campaigns/:id/contacts/:contactId', {
      config,
      schema: {
        tags,
        description: 'Unlinks one contact that got nothing yet.',
        params: campaignContactParamsSchema,
        response: { 200: unlinkResultSchema, ...errorResponses },
      },
      handler: async (request) => unlinkCampaignContacts(ctx, actorOf(request), request.params.id, request.params.contactId),
    });

    app.get('/campaigns/:id/report', {
      config,
      schema: {
        tags,
        description: 'The report per contact as a CSV or XLSX download: Name, Number, Status, Message, Sent at, Reason.',
        params: idParamSchema,
        querystring: campaignReportExportQuerySchema,
        produces: Object.values(CONTENT_TYPES),
        response: { 200: z.any().describe('The file (text/csv or XLSX).'), ...errorResponses },
      },
      handler: async (request, reply) => {
        const file = await exportCampaignReport(ctx, actorOf(request), request.params.id, request.query.format);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', contentDisposition(file.fileName))
          .send(file.content);
      },
    });
  };
