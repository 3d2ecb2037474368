import {
  apiCallLogPageSchema,
  apiCallLogQuerySchema,
  apiConfigBodySchema,
  apiConfigParamsSchema,
  apiConfigSchema,
  apiConfigWithRenewedTokenSchema,
  apiConfigWithTokenSchema,
  apiConfigWithWebhookSecretSchema,
  EXTERNAL_API_OPENAPI_PATH,
  EXTERNAL_API_POSTMAN_PATH,
} from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { externalOpenApi, postmanCollection, type OpenApiDoc } from './external-api.docs.js';
import { API_CONFIG_AUTH } from './external-api.policy.js';
import { presentApiCallLog, presentApiConfig } from './external-api.presenter.js';
import { createApiConfig } from './use-cases/create-api-config.js';
import { deleteApiConfig } from './use-cases/delete-api-config.js';
import { listApiCallLogs } from './use-cases/list-api-call-logs.js';
import { listApiConfigs } from './use-cases/list-api-configs.js';
import { regenerateApiToken } from './use-cases/regenerate-api-token.js';
import { regenerateWebhookSecret } from './use-cases/regenerate-webhook-secret.js';
import { updateApiConfig } from './use-cases/update-api-config.js';

const tags = ['api-config'];
const config = { auth: API_CONFIG_AUTH };
const documentSchema = z.record(z.string(), z.unknown());

/**
 * The API screen (`/api-service`): API configurations (name, send-by channel, token, active), their
 * call log, and the external API's documentation (OpenAPI, Postman collection).
 */
export const apiConfigsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api-config', {
      config,
      schema: {
        tags,
        description: "The company's API configurations; tokens masked.",
        response: { 200: z.array(apiConfigSchema), ...errorResponses },
      },
      handler: async (request) => (await listApiConfigs(ctx, actorOf(request))).map(presentApiConfig),
    });

    app.post('/api-config', {
      config,
      schema: {
        tags,
        description:
          'Creates an API configuration with a new token (32 random bytes; only its hash is kept) and a webhook signing secret (kept encrypted), both answered in full this once. A webhook URL on a private network is refused (400 ERR_VALIDATION on webhookUrl).',
        body: apiConfigBodySchema,
        response: { 201: apiConfigWithTokenSchema, ...errorResponses },
      },
      handler: async (request, reply) => {
        const { config: row, token, webhookSecret } = await createApiConfig(ctx, actorOf(request), request.body);
        return reply.status(201).send({ ...presentApiConfig(row), token, webhookSecret });
      },
    });

    app.put('/api-config/:apiId', {
      config,
      schema: {
        tags,
        description:
          'Renames, changes the send-by channel or the webhook URL (null: no webhook; a private-network address is refused with 400 ERR_VALIDATION), activates or deactivates a configuration (an inactive one is refused with 403 ERR_API_CONFIG_INACTIVE and receives no webhook).',
        params: apiConfigParamsSchema,
        body: apiConfigBodySchema,
        response: { 200: apiConfigSchema, ...errorResponses },
      },
      handler: async (request) => presentApiConfig(await updateApiConfig(ctx, actorOf(request), request.params.apiId, request.body)),
    });

    app.put('/api-config/renew-token/:apiId', {
      config,
      schema: {
        tags,
        description: 'A new token for the configuration, answered in full this once; the old one is refused from now on.',
        params: apiConfigParamsSchema,
        response: { 200: apiConfigWithRenewedTokenSchema, ...errorResponses },
      },
      handler: async (request) => {
        const { config: row, token } = await regenerateApiToken(ctx, actorOf(request), request.params.apiId);
        return { ...presentApiConfig(row), token };
      },
    });

    app.put('/api-config/renew-webhook-secret/:apiId', {
      config,
      schema: {
        tags,
        description:
          'A new webhook signing secret for the configuration, answered in full this once; every delivery attempted from now on (retries included) is signed with it.',
        params: apiConfigParamsSchema,
        response: { 200: apiConfigWithWebhookSecretSchema, ...errorResponses },
      },
      handler: async (request) => {
        const { config: row, webhookSecret } = await regenerateWebhookSecret(ctx, actorOf(request), request.params.apiId);
        return { ...presentApiConfig(row), webhookSecret };
      },
    });

    app.delete('/api-config/:apiId', {
      config,
      schema: {
        tags,
        description: 'Deletes a configuration and its call log; its token is refused at once.',
        params: apiConfigParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
      handler: async (request, reply) => {
        await deleteApiConfig(ctx, actorOf(request), request.params.apiId);
        return reply.status(204).send(null);
      },
    });

    app.get('/api-config/:apiId/logs', {
      config,
      schema: {
        tags,
        description: "A page of the configuration's last external API calls, newest first (route, status, duration, time).",
        params: apiConfigParamsSchema,
        querystring: apiCallLogQuerySchema,
        response: { 200: apiCallLogPageSchema, ...errorResponses },
      },
      handler: async (request) => {
        const page = await listApiCallLogs(ctx, actorOf(request), request.params.apiId, request.query.page);
        return { logs: page.logs.map(presentApiCallLog), hasMore: page.hasMore };
      },
    });

    // The external API's documentation is public (it describes the API, not a company's data).
    app.get(EXTERNAL_API_OPENAPI_PATH, {
      config: { auth: 'public' },
      schema: { tags, description: "The external API's OpenAPI document.", response: { 200: documentSchema } },
      handler: async () => ({ ...externalOpenApi(app.swagger() as unknown as OpenApiDoc) }),
    });

    app.get(EXTERNAL_API_POSTMAN_PATH, {
      config: { auth: 'public' },
      schema: {
        tags,
        description: 'A Postman collection of the external API, made from its OpenAPI document.',
        response: { 200: documentSchema },
      },
      handler: async (_request, reply) => {
        reply.header('Content-Disposition', 'attachment; filename="conversa-external-api.postman_collection.json"');
        return postmanCollection(externalOpenApi(app.swagger() as unknown as OpenApiDoc));
      },
    });
  };
