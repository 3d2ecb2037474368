import {
  adminApiParamsSchema,
  adminCreateTenantBodySchema,
  adminTenantQuerySchema,
  adminTenantSchema,
  adminTenantStatusBodySchema,
  adminTenantUserSchema,
  adminTenantUsersParamsSchema,
  adminUpdateTenantBodySchema,
  adminUserPasswordBodySchema,
  TENANT_API_PREFIX,
} from '@conversa/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { bearerToken } from '../../platform/http/api-tokens.js';
import { errorResponses, messageSchema } from '../../platform/http/responses.js';
import { TokenBucketLimiter } from '../../platform/http/token-bucket-limiter.js';
import { presentAdminTenant, presentAdminTenantUser } from './tenant-api.presenter.js';
import { TENANT_API_CALL_AUTH } from './tenant-api.policy.js';
import type { TenantApiRow } from './tenant-api.repository.js';
import { adminCreateTenant } from './use-cases/admin-create-tenant.js';
import { adminListTenantUsers } from './use-cases/admin-list-tenant-users.js';
import { adminListTenants } from './use-cases/admin-list-tenants.js';
import { adminSetTenantStatus } from './use-cases/admin-set-tenant-status.js';
import { adminSetUserPassword } from './use-cases/admin-set-user-password.js';
import { adminUpdateTenant } from './use-cases/admin-update-tenant.js';
import { authenticateTenantApiCall } from './use-cases/authenticate-tenant-api-call.js';
import { recordTenantApiCall } from './use-cases/record-tenant-api-call.js';

declare module 'fastify' {
  interface FastifyRequest {
    tenantApi: TenantApiRow | null;
  }
}

const tags = ['tenant-admin-api'];
const config = { auth: TENANT_API_CALL_AUTH };
const security = [{ apiToken: [] }];

const apiOf = (request: FastifyRequest): TenantApiRow => {
  if (!request.tenantApi) throw new AppError('ERR_API_TOKEN_REQUIRED');
  return request.tenantApi;
};

/** Fastify reads no body on GET: the collection's `{ "tenantId": "2" }` is read here, bounded (1 KiB). */
async function tenantIdOfGetBody(request: FastifyRequest): Promise<number | undefined> {
  const length = Number(request.headers['content-length'] ?? 0);
  if (!length) return undefined;
  if (length > 1024) throw new AppError('ERR_VALIDATION', 'The body of this call holds only { "tenantId" }.');
  let text = '';
  for await (const chunk of request.raw) {
    text += String(chunk);
    if (text.length > 1024) throw new AppError('ERR_VALIDATION', 'The body of this call holds only { "tenantId" }.');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError('ERR_VALIDATION', 'The body must be JSON: { "tenantId": 2 }.');
  }
  const parsed = adminTenantQuerySchema.safeParse(json);
  if (!parsed.success) throw new AppError('ERR_VALIDATION', 'tenantId must be a company id.');
  return parsed.data.tenantId;
}

/**
 * The tenant administration API (SPEC §2 /tenantApi): `/v1/api/admin/{apiId}/…` with a Tenant API
 * token, on the paths and bodies of the public "API Whazing ADMIN" Postman collection
 * (eudanielhenrique/whazing-documentation, images/API_SaaS.json): list companies, `createtenant`,
 * `updatetenant`, `users/{tenantId}`, `users` (password), plus `status` (suspend or reactivate).
 * Authenticated before the body is read, rate limited per token (API_RATE_LIMIT_PER_MINUTE), every
 * call logged. Not supported: the collection's `addMonth` and `dueDate` (Conversa has no due dates
 * yet; the call answers 404 or 400, never a silent success).
 */
export const tenantAdminApiRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const limiter = new TokenBucketLimiter(ctx.env.API_RATE_LIMIT_PER_MINUTE);
    app.decorateRequest('tenantApi', null);

    app.addHook('onRequest', async (request, reply) => {
      const { apiId } = (request.params ?? {}) as { apiId?: string };
      request.tenantApi = await authenticateTenantApiCall(ctx, apiId ?? '', bearerToken(request.headers.authorization));
      const wait = limiter.take(request.tenantApi.id);
      if (wait > 0) {
        reply.header('Retry-After', String(wait));
        throw new AppError('ERR_API_RATE_LIMITED', undefined, undefined, { retryAfterSeconds: wait });
      }
    });
    app.addHook('onSend', async (_request, reply, payload) => {
      if (reply.statusCode >= 400 && typeof payload === 'string') {
        const match = /"error":"(ERR_[A-Z_]+)"/.exec(payload);
        if (match) (reply as FastifyReply & { errorCode?: string }).errorCode = match[1];
      }
      return payload;
    });
    app.addHook('onResponse', async (request, reply) => {
      const api = request.tenantApi;
      if (!api) return;
      void recordTenantApiCall(ctx, {
        tenantApiId: api.id,
        method: request.method,
        route: (request.routeOptions.url ?? request.url).replace(`${TENANT_API_PREFIX}/:apiId`, '') || '/',
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime),
        errorCode: reply.statusCode >= 400 ? ((reply as FastifyReply & { errorCode?: string }).errorCode ?? null) : null,
      });
    });

    const base = `${TENANT_API_PREFIX}/:apiId`;

    app.get(base, {
      config,
      schema: {
        tags,
        security,
        description:
          'The companies this token created, or only the one `tenantId` names (query string; the Whazing collection sends it as a JSON body, also read). 404 ERR_NO_TENANT_FOUND for a company the token did not create.',
        params: adminApiParamsSchema,
        querystring: adminTenantQuerySchema,
        response: { 200: z.array(adminTenantSchema), ...errorResponses },
      },
      handler: async (request) => {
        const tenantId = request.query.tenantId ?? (await tenantIdOfGetBody(request));
        return (await adminListTenants(ctx, apiOf(request), tenantId)).map(presentAdminTenant);
      },
    });

    app.post(`${base}/createtenant`, {
      config,
      schema: {
        tags,
        security,
        description:
          'Creates a company on plan `plano` (its users and connections limits; its trial, or `timetest` trial days) with its first administrator (`name`, `email`, `password`). 409 ERR_DUPLICATED_EMAIL when the e-mail has an account, 404 ERR_NO_PLAN_FOUND.',
        params: adminApiParamsSchema,
        body: adminCreateTenantBodySchema,
        response: { 201: adminTenantSchema, ...errorResponses },
      },
      handler: async (request, reply) =>
        reply.status(201).send(presentAdminTenant(await adminCreateTenant(ctx, apiOf(request), request.body))),
    });

    app.post(`${base}/updatetenant`, {
      config,
      schema: {
        tags,
        security,
        description:
          "Changes a company's name (`tenantName`), `phone` or plan (`plano`, with that plan's limits). Other fields (the collection's `email`, `dueDate`) are refused with 400: they are not supported.",
        params: adminApiParamsSchema,
        body: adminUpdateTenantBodySchema,
        response: { 200: adminTenantSchema, ...errorResponses },
      },
      handler: async (request) => presentAdminTenant(await adminUpdateTenant(ctx, apiOf(request), request.body)),
    });

    app.post(`${base}/status`, {
      config,
      schema: {
        tags,
        security,
        description: 'Suspends (`inactive`: its users are logged out at once and cannot log in) or reactivates (`active`) a company.',
        params: adminApiParamsSchema,
        body: adminTenantStatusBodySchema,
        response: { 200: adminTenantSchema, ...errorResponses },
      },
      handler: async (request) =>
        presentAdminTenant(await adminSetTenantStatus(ctx, apiOf(request), request.body.tenantId, request.body.status)),
    });

    app.get(`${base}/users/:tenantId`, {
      config,
      schema: {
        tags,
        security,
        description: 'The users of a company this token created.',
        params: adminTenantUsersParamsSchema,
        response: { 200: z.array(adminTenantUserSchema), ...errorResponses },
      },
      handler: async (request) => (await adminListTenantUsers(ctx, apiOf(request), request.params.tenantId)).map(presentAdminTenantUser),
    });

    app.post(`${base}/users`, {
      config,
      schema: {
        tags,
        security,
        description:
          "Sets a user's password (every session of the user ends). 404 ERR_NO_USER_FOUND for a user of a company the token did not create.",
        params: adminApiParamsSchema,
        body: adminUserPasswordBodySchema,
        response: { 200: messageSchema, ...errorResponses },
      },
      handler: async (request) => {
        await adminSetUserPassword(ctx, apiOf(request), request.body.userId, request.body.password);
        return { message: 'Senha alterada.' };
      },
    });
  };
