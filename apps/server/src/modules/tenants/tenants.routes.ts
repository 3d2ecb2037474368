import {
  createTenantBodySchema,
  idParamSchema,
  signupBodySchema,
  tenantSchema,
  tenantLimitsUsageSchema,
  updateTenantBodySchema,
} from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { errorResponses, messageSchema } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { presentTenant } from './tenants.presenter.js';
import { findTenantById, listTenants } from './tenants.repository.js';
import { createTenant } from './use-cases/create-tenant.js';
import { deleteTenant } from './use-cases/delete-tenant.js';
import { getTenantUsage } from './use-cases/get-tenant-usage.js';
import { signUp } from './use-cases/sign-up.js';
import { updateTenant } from './use-cases/update-tenant.js';

const tags = ['tenants'];

export const tenantsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/tenants/', {
      config: { auth: 'platform' },
      schema: { tags, response: { 200: z.array(tenantSchema), ...errorResponses } },
      handler: async () => (await listTenants(ctx.db)).map(presentTenant),
    });

    app.get('/tenants/usage/', {
      config: { auth: 'super' },
      schema: {
        tags,
        description: "The caller's company's limits beside what it uses: users (maxUsers) and channels (maxConnections).",
        response: { 200: tenantLimitsUsageSchema, ...errorResponses },
      },
      handler: async (request) => getTenantUsage(ctx, actorOf(request)),
    });

    app.get('/tenants/:id', {
      config: { auth: 'platform' },
      schema: { tags, params: idParamSchema, response: { 200: tenantSchema, ...errorResponses } },
      handler: async (request) => {
        const row = await findTenantById(ctx.db, request.params.id);
        if (!row) throw new AppError('ERR_NO_TENANT_FOUND');
        return presentTenant(row);
      },
    });

    app.post('/tenants', {
      config: { auth: 'platform' },
      schema: { tags, body: createTenantBodySchema, response: { 201: tenantSchema, ...errorResponses } },
      handler: async (request, reply) => reply.status(201).send(presentTenant(await createTenant(ctx, request.body))),
    });

    app.put('/tenants/:id', {
      config: { auth: 'platform' },
      schema: {
        tags,
        params: idParamSchema,
        body: updateTenantBodySchema,
        description:
          "A new planId without maxUsers/maxConnections gives the company the plan's limits (limits sent with it win); a limit lowered below what the company uses is refused (400 ERR_VALIDATION).",
        response: { 200: tenantSchema, ...errorResponses },
      },
      handler: async (request) => presentTenant(await updateTenant(ctx, request.params.id, request.body)),
    });

    app.delete('/tenants/:id', {
      config: { auth: 'platform' },
      schema: { tags, params: idParamSchema, response: { 204: z.null(), ...errorResponses } },
      handler: async (request, reply) => {
        await deleteTenant(ctx, request.params.id);
        return reply.status(204).send(null);
      },
    });

    app.post('/signup', {
      config: { auth: 'public' },
      schema: {
        tags,
        body: signupBodySchema,
        description: 'Answers the same whether the e-mail already had an account or not (its owner is told by e-mail).',
        response: { 201: messageSchema, ...errorResponses },
      },
      handler: async (request, reply) => reply.status(201).send(await signUp(ctx, { ...request.body, ip: request.ip })),
    });
  };
