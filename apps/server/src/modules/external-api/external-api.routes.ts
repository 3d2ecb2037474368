import fastifyMultipart from '@fastify/multipart';
import { EXTERNAL_API_PREFIX } from '@conversa/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { zodFieldProblems } from '../../platform/http/field-issues.js';
import { readUploadedFile } from '../../platform/http/multipart-fields.js';
import type { CheckedUpload } from '../../platform/media/uploads.js';
import { MAX_UPLOAD_BYTES } from '../../platform/media/uploads.js';
import { errorResponses } from '../../platform/http/responses.js';
import type { ApiCallConfig } from './external-api.repository.js';
import { EXTERNAL_API_AUTH } from './external-api.policy.js';
import { presentApiChannel, presentApiContact, presentApiSend, presentApiTicket } from './external-api.presenter-wire.js';
import {
  apiContactSchema,
  apiOfficialBodySchema,
  apiParamsSchema,
  apiTagSchema,
  apiTicketSchema,
  apiUserSchema,
  channelStatusSchema,
  createContactBodySchema,
  createTicketBodySchema,
  findContactBodySchema,
  namedSchema,
  numberBodySchema,
  numberCheckSchema,
  richOfOfficial,
  sendAnswerSchema,
  sendMessageFieldsSchema,
  updateContactBodySchema,
  updateQueueBodySchema,
  updateTicketBodySchema,
  type ApiOfficialBody,
} from './external-api.schemas.js';
import { bearerToken } from '../../platform/http/api-tokens.js';
import { TokenBucketLimiter } from '../../platform/http/token-bucket-limiter.js';
import { decodeMediaBase64, fetchMediaUrl } from './use-cases/api-media.js';
import { getApiChannelStatus, listApiChannels, listApiQueues, listApiTags, listApiUsers } from './use-cases/api-directory.js';
import { authenticateApiCall } from './use-cases/authenticate-api-call.js';
import { checkApiNumber } from './use-cases/check-api-number.js';
import { createApiTicket } from './use-cases/create-api-ticket.js';
import { findApiContact } from './use-cases/find-api-contact.js';
import { findApiTicket } from './use-cases/find-api-ticket.js';
import { listApiTickets } from './use-cases/list-api-tickets.js';
import { recordApiCall } from './use-cases/record-api-call.js';
import { createApiContact, updateApiContact } from './use-cases/save-api-contact.js';
import { sendApiMessage } from './use-cases/send-api-message.js';
import { updateApiTicket } from './use-cases/update-api-ticket.js';

declare module 'fastify' {
  interface FastifyRequest {
    apiConfig: ApiCallConfig | null;
  }
}

export const EXTERNAL_API_TAG = 'external-api';
const tags = [EXTERNAL_API_TAG];
const config = { auth: EXTERNAL_API_AUTH };
const security = [{ apiToken: [] }];
/** A JSON body with an inline file (mediaMessage, base64) may reach the upload limit plus a third. */
const SEND_BODY_LIMIT = Math.ceil((MAX_UPLOAD_BYTES * 4) / 3) + 64 * 1024;

const configOf = (request: FastifyRequest): ApiCallConfig => {
  if (!request.apiConfig) throw new AppError('ERR_API_TOKEN_REQUIRED');
  return request.apiConfig;
};

function parsed<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw new AppError('ERR_VALIDATION', 'Invalid request body.', zodFieldProblems(result.error.issues, { input }));
  return result.data;
}

/**
 * The external API (issue 13, SPEC §2 /api-service): `/v1/api/external/{apiId}/…`, authenticated by
 * the API configuration's token (`Authorization: Bearer`), compatible with the paths, bodies and
 * answers the public clients of the Whazing/Izing family use (the n8n node
 * cadusantosofc/n8n-nodes-whazing-api; the Postman collections of the public Whazing docs).
 *
 * Every call is authenticated before its body is read (401 ERR_API_TOKEN_REQUIRED, 403
 * ERR_API_CONFIG_INACTIVE), rate limited per token (429 ERR_API_RATE_LIMITED with Retry-After),
 * and logged with its configuration, route, status and duration.
 */
export const externalApiRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const limiter = new TokenBucketLimiter(ctx.env.API_RATE_LIMIT_PER_MINUTE);
    app.decorateRequest('apiConfig', null);
    await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20 } });

    app.addHook('onRequest', async (request, reply) => {
      const { apiId } = (request.params ?? {}) as { apiId?: string };
      const { config, refused } = await authenticateApiCall(ctx, apiId ?? '', bearerToken(request.headers.authorization));
      // Known from here on: the call is logged, refused or not (and counted, so that an automation
      // retrying a refused call in a loop is slowed down like any other).
      request.apiConfig = config;
      const wait = limiter.take(config.id);
      if (refused) throw refused;
      if (wait > 0) {
        reply.header('Retry-After', String(wait));
        throw new AppError('ERR_API_RATE_LIMITED', undefined, undefined, { retryAfterSeconds: wait });
      }
    });
    // Every authenticated call is logged once answered (refused ones included), after the answer is sent.
    app.addHook('onResponse', async (request, reply) => {
      const apiConfig = request.apiConfig;
      if (!apiConfig) return;
      const route = (request.routeOptions.url ?? request.url).replace(`${EXTERNAL_API_PREFIX}/:apiId`, '') || '/';
      const errorCode = reply.statusCode >= 400 ? ((reply as FastifyReply & { errorCode?: string }).errorCode ?? null) : null;
      void recordApiCall(ctx, {
        tenantId: apiConfig.tenantId,
        apiConfigId: apiConfig.id,
        method: request.method,
        route,
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime),
        errorCode,
      });
    });
    app.addHook('onSend', async (_request, reply, payload) => {
      if (reply.statusCode >= 400 && typeof payload === 'string') {
        const match = /"error":"(ERR_[A-Z_]+)"/.exec(payload);
        if (match) (reply as FastifyReply & { errorCode?: string }).errorCode = match[1];
      }
      return payload;
    });

    const base = `${EXTERNAL_API_PREFIX}/:apiId`;

    app.post(base, {
      config,
      bodyLimit: SEND_BODY_LIMIT,
      schema: {
        tags,
        security,
        description:
          "Sends a message through the configuration's channel to `number` (a new pending ticket when the contact has none ongoing there) or to `ticketId` (a ticket of that channel). JSON `{ body, number | ticketId, externalKey?, mediaUrl? | mediaMessage? { mediaType, fileName, media (base64) } }`, or multipart/form-data with the same text fields and one file `media`. The message is stored and queued at once (shown in the inbox) and sent by a durable job. 400 ERR_API_NO_RECIPIENT without number or ticketId, ERR_API_INVALID_NUMBER for a number without its country code, 404 ERR_NO_TICKET_FOUND for a ticket of another channel.",
        params: apiParamsSchema,
        consumes: ['application/json', 'multipart/form-data'],
        response: { 201: sendAnswerSchema, 413: errorResponses[400], 415: errorResponses[400], ...errorResponses },
      },
      handler: async (request, reply) => {
        const apiConfig = configOf(request);
        let fields: z.output<typeof sendMessageFieldsSchema>;
        let file: CheckedUpload | undefined;
        if (request.isMultipart()) {
          const raw: Record<string, string> = {};
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (file) throw new AppError('ERR_VALIDATION', 'Send one file.', { media: ['One file only'] });
              file = await readUploadedFile(part);
            } else if (typeof part.value === 'string') raw[part.fieldname] = part.value;
          }
          fields = parsed(sendMessageFieldsSchema, raw);
        } else {
          fields = parsed(sendMessageFieldsSchema, request.body ?? {});
          if (fields.mediaUrl) file = await fetchMediaUrl(ctx, fields.mediaUrl);
          else if (fields.mediaMessage) file = await decodeMediaBase64(fields.mediaMessage);
        }
        const message = await sendApiMessage(ctx, apiConfig, {
          to: { number: fields.number, ticketId: fields.ticketId },
          body: fields.body,
          file,
        });
        return reply.status(201).send(presentApiSend(message, fields.externalKey));
      },
    });

    app.post(`${base}/apioficial`, {
      config,
      schema: {
        tags,
        security,
        description:
          "WhatsApp Business API interactive messages and templates, as the Cloud API's objects: `contents` of type `button` (≤ 3 reply buttons), `list` (sections and rows) or a template `{ name, language: { code }, components }`, to `number` or `ticketId`. Only when the configuration's channel is a waba channel (else 400 ERR_VALIDATION).",
        params: apiParamsSchema,
        body: apiOfficialBodySchema,
        response: { 201: sendAnswerSchema, ...errorResponses },
      },
      handler: async (request, reply) => {
        const apiConfig = configOf(request);
        const rich = parsed(richOfOfficial, richContent(request.body.contents));
        const message = await sendApiMessage(ctx, apiConfig, {
          to: { number: request.body.number, ticketId: request.body.ticketId },
          body: '',
          rich,
        });
        return reply.status(201).send(presentApiSend(message, undefined));
      },
    });

    app.post(`${base}/valid-whatsapp-number`, {
      config,
      schema: {
        tags,
        security,
        description:
          'Whether `number` is a valid phone number with its country code, its stored form and the contact the company has for it. Whether the number uses WhatsApp is not checked (no channel provider offers that lookup to Conversa).',
        params: apiParamsSchema,
        body: numberBodySchema,
        response: { 200: numberCheckSchema, ...errorResponses },
      },
      handler: async (request) => checkApiNumber(ctx, configOf(request), request.body.number),
    });

    app.post(`${base}/createcontact`, {
      config,
      schema: {
        tags,
        security,
        description:
          'Creates a contact: `{ number, name?, email?, extraInfo?: [{ name, value }], disableBot? }` (other Whazing fields are accepted and ignored). 409 ERR_DUPLICATED_CONTACT when the number has a contact.',
        params: apiParamsSchema,
        body: createContactBodySchema,
        response: { 201: apiContactSchema, ...errorResponses },
      },
      handler: async (request, reply) =>
        reply.status(201).send(presentApiContact(await createApiContact(ctx, configOf(request), request.body))),
    });

    app.post(`${base}/updatecontact`, {
      config,
      schema: {
        tags,
        security,
        description:
          'Edits the contact named by `contactId`, or else by `number`: name, email, extraInfo, disableBot; fields left out stay.',
        params: apiParamsSchema,
        body: updateContactBodySchema,
        response: { 200: apiContactSchema, ...errorResponses },
      },
      handler: async (request) => presentApiContact(await updateApiContact(ctx, configOf(request), request.body)),
    });

    app.post(`${base}/contact`, {
      config,
      schema: {
        tags,
        security,
        description: 'A contact by `contactId` or `number` (404 ERR_NO_CONTACT_FOUND).',
        params: apiParamsSchema,
        body: findContactBodySchema,
        response: { 200: apiContactSchema, ...errorResponses },
      },
      handler: async (request) => presentApiContact(await findApiContact(ctx, configOf(request), request.body)),
    });

    app.post(`${base}/createticket`, {
      config,
      schema: {
        tags,
        security,
        description:
          "The number's ongoing ticket on the configuration's channel, or a new pending one (its contact created when missing); then `status` (open needs a user), `queueId` and `userId` are applied as by /updateticketinfo.",
        params: apiParamsSchema,
        body: createTicketBodySchema,
        response: { 200: apiTicketSchema, ...errorResponses },
      },
      handler: async (request) => presentApiTicket(await createApiTicket(ctx, configOf(request), request.body)),
    });

    app.post(`${base}/showticket`, {
      config,
      schema: {
        tags,
        security,
        description: "The number's ongoing (open or pending) ticket on the configuration's channel (404 ERR_NO_TICKET_FOUND).",
        params: apiParamsSchema,
        body: numberBodySchema,
        response: { 200: apiTicketSchema, ...errorResponses },
      },
      handler: async (request) => presentApiTicket(await findApiTicket(ctx, configOf(request), request.body.number)),
    });

    app.post(`${base}/showallticket`, {
      config,
      schema: {
        tags,
        security,
        description: "The number's tickets on the configuration's channel, newest first, at most 100 (an empty list when it has none).",
        params: apiParamsSchema,
        body: numberBodySchema,
        response: { 200: z.array(apiTicketSchema), ...errorResponses },
      },
      handler: async (request) => (await listApiTickets(ctx, configOf(request), request.body.number)).map(presentApiTicket),
    });

    // The public Whazing docs' n8n example spells this call /SetTicketInfo: both paths do the same.
    for (const path of ['updateticketinfo', 'SetTicketInfo']) {
      app.post(`${base}/${path}`, {
        config,
        schema: {
          tags,
          security,
          description:
            "Changes a ticket of the configuration's channel: `status` closed (close), open (needs userId or the ticket's user), pending (back to the queue); `queueId` / `userId` transfer it (pending for them when no status is given)." +
            (path === 'SetTicketInfo' ? ' The same as /updateticketinfo (the spelling of the public Whazing n8n example).' : ''),
          params: apiParamsSchema,
          body: updateTicketBodySchema,
          response: { 200: apiTicketSchema, ...errorResponses },
        },
        handler: async (request) => presentApiTicket(await updateApiTicket(ctx, configOf(request), request.body)),
      });
    }

    app.post(`${base}/updatequeue`, {
      config,
      schema: {
        tags,
        security,
        description: "Transfers a ticket of the configuration's channel to a queue: it waits there, pending, for the queue's agents.",
        params: apiParamsSchema,
        body: updateQueueBodySchema,
        response: { 200: apiTicketSchema, ...errorResponses },
      },
      handler: async (request) => presentApiTicket(await updateApiTicket(ctx, configOf(request), request.body)),
    });

    app.get(`${base}/statuschannel`, {
      config,
      schema: {
        tags,
        security,
        description:
          "The configuration's channel and its connection status (`connected` true when it can send). n8n's credential test calls it.",
        params: apiParamsSchema,
        response: { 200: channelStatusSchema, ...errorResponses },
      },
      handler: async (request) => presentApiChannel(await getApiChannelStatus(ctx, configOf(request))),
    });

    app.get(`${base}/channels`, {
      config,
      schema: {
        tags,
        security,
        description: "The company's channels and their statuses.",
        params: apiParamsSchema,
        response: { 200: z.array(channelStatusSchema), ...errorResponses },
      },
      handler: async (request) => (await listApiChannels(ctx, configOf(request))).map(presentApiChannel),
    });

    app.get(`${base}/queues`, {
      config,
      schema: {
        tags,
        security,
        description: "The company's queues (ids for createticket, updatequeue).",
        params: apiParamsSchema,
        response: { 200: z.array(namedSchema), ...errorResponses },
      },
      handler: async (request) => (await listApiQueues(ctx, configOf(request))).map((q) => ({ id: q.id, name: q.name })),
    });

    app.get(`${base}/users`, {
      config,
      schema: {
        tags,
        security,
        description: "The company's users (ids for createticket, updateticketinfo).",
        params: apiParamsSchema,
        response: { 200: z.array(apiUserSchema), ...errorResponses },
      },
      handler: async (request) =>
        (await listApiUsers(ctx, configOf(request))).map((u) => ({ id: u.id, name: u.name, email: u.email, profile: u.profile })),
    });

    app.get(`${base}/tags`, {
      config,
      schema: {
        tags,
        security,
        description: "The company's active tags.",
        params: apiParamsSchema,
        response: { 200: z.array(apiTagSchema), ...errorResponses },
      },
      handler: async (request) => (await listApiTags(ctx, configOf(request))).map((t) => ({ id: t.id, name: t.name, color: t.color })),
    });
  };

/** Whazing's `contents` (Cloud API objects) as the rich content POST /sendButton sends. */
function richContent(contents: ApiOfficialBody['contents']): unknown {
  if ('name' in contents) {
    const components = (contents.components ?? [])
      .filter((c) => c.type === 'body' || c.type === 'header')
      .map((c) => ({ type: c.type, parameters: c.parameters.map((p) => ({ type: 'text', text: p.text ?? '' })) }))
      .filter((c) => c.parameters.length > 0);
    return { type: 'template', name: contents.name, language: contents.language.code, ...(components.length ? { components } : {}) };
  }
  const common = { text: contents.body.text, header: contents.header?.text, footer: contents.footer?.text };
  if (contents.type === 'button') {
    return { type: 'button', ...common, buttons: contents.action.buttons.map((b) => ({ id: b.reply.id, title: b.reply.title })) };
  }
  return { type: 'list', ...common, button: contents.action.button, sections: contents.action.sections };
}
