import {
  createUserTenantBodySchema,
  deleteUserTenantBodySchema,
  idParamSchema,
  listUserTenantsQuerySchema,
  updateUserTenantBodySchema,
  userTenantSchema,
} from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, isUniqueViolation } from '../../platform/http/app-error.js';
import { errorResponses } from '../../platform/http/responses.js';
import { findTenantById } from '../tenants/use-cases/find-tenant-by-id.js';
import { findUserByIdAnyTenant } from '../users/use-cases/find-user-by-id-any-tenant.js';
import { deleteUserTenant, insertUserTenant, listUserTenants, updateUserTenant, type UserTenantRow } from './user-tenants.repository.js';

const tags = ['userTenants'];
const present = (row: UserTenantRow) => ({
  id: row.id,
  userId: row.userId,
  tenantId: row.tenantId,
  createdAt: row.createdAt.toISOString(),
});

async function assertTenantExists(db: Db, tenantId: number) {
  if (!(await findTenantById(db, tenantId))) throw new AppError('ERR_NO_TENANT_FOUND');
}

function duplicateAsConflict(error: unknown): never {
  if (isUniqueViolation(error)) throw new AppError('ERR_DUPLICATED_USER_TENANT');
  throw error;
}

export const userTenantsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/userTenants/', {
      config: { auth: 'platform' },
      schema: { tags, querystring: listUserTenantsQuerySchema, response: { 200: z.array(userTenantSchema), ...errorResponses } },
      handler: async (request) => (await listUserTenants(ctx.db, request.query)).map(present),
    });

    app.post('/userTenants', {
      config: { auth: 'platform' },
      schema: { tags, body: createUserTenantBodySchema, response: { 201: userTenantSchema, ...errorResponses } },
      handler: async (request, reply) => {
        if (!(await findUserByIdAnyTenant(ctx.db, request.body.userId))) throw new AppError('ERR_NO_USER_FOUND');
        await assertTenantExists(ctx.db, request.body.tenantId);
        const row = await insertUserTenant(ctx.db, request.body).catch(duplicateAsConflict);
        return reply.status(201).send(present(row));
      },
    });

    app.put('/userTenants/:id', {
      config: { auth: 'platform' },
      schema: { tags, params: idParamSchema, body: updateUserTenantBodySchema, response: { 200: userTenantSchema, ...errorResponses } },
      handler: async (request) => {
        await assertTenantExists(ctx.db, request.body.tenantId);
        const row = await updateUserTenant(ctx.db, request.params.id, request.body.tenantId).catch(duplicateAsConflict);
        if (!row) throw new AppError('ERR_NO_USER_TENANT_FOUND');
        return present(row);
      },
    });

    app.delete('/userTenants/:id', {
      config: { auth: 'platform' },
      schema: { tags, params: idParamSchema, body: deleteUserTenantBodySchema, response: { 204: z.null(), ...errorResponses } },
      handler: async (request, reply) => {
        if (!(await deleteUserTenant(ctx.db, request.params.id, request.body.tenantId))) throw new AppError('ERR_NO_USER_TENANT_FOUND');
        return reply.status(204).send(null);
      },
    });
  };
