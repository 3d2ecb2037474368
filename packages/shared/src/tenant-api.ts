import { z } from 'zod';
import { emailSchema, idSchema, passwordSchema, userNameSchema } from './contracts.js';
import { TENANT_STATUSES } from './enums.js';

/**
 * The Tenant API (SPEC §2 `/tenantApi`, §3 "Tenant API: id, apiToken"): tokens the platform's
 * superadmin gives resellers, and the tenant administration API they call,
 * `/v1/api/admin/{id}/…`, compatible with the public Whazing "API Whazing ADMIN" Postman
 * collection (eudanielhenrique/whazing-documentation, images/API_SaaS.json). A token manages only
 * the companies it created.
 */

export const TENANT_API_PREFIX = '/v1/api/admin';
export const TENANT_API_OPENAPI_PATH = '/tenant-api/openapi.json';

export const tenantApiBodySchema = z.object({
  name: z.string().trim().min(1).max(120),
  active: z.boolean().default(true),
});
export type TenantApiBody = z.input<typeof tenantApiBodySchema>;

export const tenantApiSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  active: z.boolean(),
  tokenMasked: z.string(),
  /** `/v1/api/admin/{id}`: prefix it with the server's address. */
  basePath: z.string(),
  /** How many companies this token created (and manages). */
  tenantCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TenantApi = z.infer<typeof tenantApiSchema>;

/** Answered once, on creation and on regeneration. */
export const tenantApiWithTokenSchema = tenantApiSchema.extend({ token: z.string() });
export type TenantApiWithToken = z.infer<typeof tenantApiWithTokenSchema>;

export const tenantApiParamsSchema = z.object({ id: z.uuid() });

// ---- the administration API's bodies (the Whazing collection sends ids and numbers as strings) ----

const tenantIdField = idSchema;
const phoneField = z
  .string()
  .trim()
  .max(30)
  .regex(/^\+?[0-9 ()-]*$/, 'Digits only.');

export const adminCreateTenantBodySchema = z.object({
  /** The company's first administrator. */
  name: userNameSchema,
  email: emailSchema,
  password: passwordSchema,
  tenantName: z.string().trim().min(2).max(120),
  phone: phoneField.optional(),
  /** The plan's id: the company gets its users and connections limits. */
  plano: idSchema,
  /** Trial days (0: no trial); the plan's trial when absent. */
  timetest: z.coerce.number().int().min(0).max(3650).optional(),
});

export const adminUpdateTenantBodySchema = z
  .object({
    tenantId: tenantIdField,
    tenantName: z.string().trim().min(2).max(120).optional(),
    phone: phoneField.nullable().optional(),
    plano: idSchema.optional(),
  })
  .strict();

export const adminTenantStatusBodySchema = z.object({ tenantId: tenantIdField, status: z.enum(TENANT_STATUSES) });
export const adminTenantQuerySchema = z.object({ tenantId: tenantIdField.optional() });
/** `apiId` is checked with the token before anything else (a malformed one is the same 401). */
export const adminApiParamsSchema = z.object({ apiId: z.string().max(64) });
export const adminTenantUsersParamsSchema = adminApiParamsSchema.extend({ tenantId: tenantIdField });
export const adminUserPasswordBodySchema = z.object({ userId: idSchema, password: passwordSchema });

export const adminTenantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(TENANT_STATUSES),
  phone: z.string().nullable(),
  planId: z.number().int().nullable(),
  maxUsers: z.number().int(),
  maxConnections: z.number().int(),
  trial: z.boolean(),
  trialDays: z.number().int(),
  userCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminTenant = z.infer<typeof adminTenantSchema>;

export const adminTenantUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  profile: z.string(),
  createdAt: z.string(),
});
