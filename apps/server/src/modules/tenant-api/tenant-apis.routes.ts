import {
  apiCallLogPageSchema,
  apiCallLogQuerySchema,
  TENANT_API_OPENAPI_PATH,
  tenantApiBodySchema,
  tenantApiParamsSchema,
  tenantApiSchema,
  tenantApiWithTokenSchema,
} from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/http/responses.js';
import { presentTenantApi } from './tenant-api.presenter.js';
import { tenantAdminOpenApi, type OpenApiPaths } from './tenant-api.docs.js';
import { TENANT_API_ADMIN_AUTH } from './tenant-api.policy.js';
import { createTenantApi } from './use-cases/create-tenant-api.js';
import { deleteTenantApi } from './use-cases/delete-tenant-api.js';
import { listTenantApiCallLogs } from './use-cases/list-tenant-api-call-logs.js';
import { listTenantApis } from './use-cases/list-tenant-apis.js';
import { regenerateTenantApiToken } from './use-cases/regenerate-tenant-api-token.js';
import { updateTenantApi } from './use-cases/update-tenant-api.js';

const tags = ['tenant-api'];
const config = { auth: TENANT_API_ADMIN_AUTH };

/** The superadmin's Tenant API screen (`/tenantApi`): tokens for resellers, their call log, the API's documentation. */
export const tenantApisRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/tenant-api', {
      config,
      schema: { tags, description: 'The Tenant API tokens, masked.', response: { 200: z.array(tenantApiSchema), ...errorResponses } },
      handler: async () => (await listTenantApis(ctx)).map(presentTenantApi),
    });

    app.post('/tenant-api', {
      config,
      schema: {
        tags,
        description: 'A new Tenant API token (32 random bytes), answered in full this once: only its hash is kept.',
        body: tenantApiBodySchema,
        response: { 201: tenantApiWithTokenSchema, ...errorResponses },
      },
      handler: async (request, reply) => {
        const { api, token } = await createTenantApi(ctx, request.body);
        return reply.status(201).send({ ...presentTenantApi(api), token });
      },
    });

    app.put('/tenant-api/:id', {
      config,
      schema: {
        tags,
        description: 'Renames, deactivates or reactivates a token.',
        params: tenantApiParamsSchema,
        body: tenantApiBodySchema,
        response: { 200: tenantApiSchema, ...errorResponses },
      },
      handler: async (request) => presentTenantApi(await updateTenantApi(ctx, request.params.id, request.body)),
    });

    app.put('/tenant-api/:id/renew-token', {
      config,
      schema: {
        tags,
        description: 'A new token, answered in full this once; the old one is refused from now on.',
        params: tenantApiParamsSchema,
        response: { 200: tenantApiWithTokenSchema, ...errorResponses },
      },
      handler: async (request) => {
        const { api, token } = await regenerateTenantApiToken(ctx, request.params.id);
        return { ...presentTenantApi(api), token };
      },
    });

    app.delete('/tenant-api/:id', {
      config,
      schema: {
        tags,
        description: 'Deletes a token and its call log; the companies it created stay.',
        params: tenantApiParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
      handler: async (request, reply) => {
        await deleteTenantApi(ctx, request.params.id);
        return reply.status(204).send(null);
      },
    });

    app.get('/tenant-api/:id/logs', {
      config,
      schema: {
        tags,
        description: "A page of the token's last calls, newest first.",
        params: tenantApiParamsSchema,
        querystring: apiCallLogQuerySchema,
        response: { 200: apiCallLogPageSchema, ...errorResponses },
      },
      handler: async (request) => {
        const page = await listTenantApiCallLogs(ctx, request.params.id, request.query.page);
        return {
          logs: page.logs.map((row) => ({
            id: row.id,
            method: row.method,
            route: row.route,
            status: row.status,
            durationMs: row.durationMs,
            errorCode: row.errorCode,
            createdAt: row.createdAt.toISOString(),
          })),
          hasMore: page.hasMore,
        };
      },
    });

    app.get(TENANT_API_OPENAPI_PATH, {
      config: { auth: 'public' },
      schema: { tags, description: "The Tenant API's OpenAPI document.", response: { 200: z.record(z.string(), z.unknown()) } },
      handler: async () => ({ ...tenantAdminOpenApi(app.swagger() as unknown as OpenApiPaths) }),
    });
  };
