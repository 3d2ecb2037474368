import { z } from 'zod';
import { refIdSchema } from './contracts.js';

/**
 * API configurations (SPEC §2 `/api-service`, §3 "API configuration": name, send-by channel, auth
 * token, active) and the log of the external API's calls. Shared by the server's routes and the web screen.
 */

/** The external API's path prefix: `/v1/api/external/{apiId}` is the base URL a client is given. */
export const EXTERNAL_API_PREFIX = '/v1/api/external';
/** Where the server serves the external API's OpenAPI document and the Postman collection made from it. */
export const EXTERNAL_API_OPENAPI_PATH = '/external-api/openapi.json';
export const EXTERNAL_API_POSTMAN_PATH = '/external-api/postman.json';
/** Rows per page of the call log. */
export const API_CALL_LOG_PAGE_SIZE = 20;

export const apiConfigBodySchema = z.object({
  name: z.string().trim().min(1).max(120),
  channelId: refIdSchema,
  active: z.boolean().default(true),
  webhookUrl: z.string().trim().url().max(2048).nullable().default(null),
});
export type ApiConfigBody = z.input<typeof apiConfigBodySchema>;

export const apiConfigSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  channelId: z.number().int(),
  channelName: z.string(),
  active: z.boolean(),
  /** The token masked: its last four characters only (the full token is shown once, when made). */
  tokenMasked: z.string(),
  /** The base URL path for clients: `/v1/api/external/{id}` (prefix it with the server's address). */
  basePath: z.string(),
  webhookUrl: z.string().nullable(),
  webhookSecretMasked: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ApiConfig = z.infer<typeof apiConfigSchema>;

/** A configuration with its token in full: answered once, on creation and on regeneration. */
export const apiConfigWithTokenSchema = apiConfigSchema.extend({ token: z.string(), webhookSecret: z.string() });
export type ApiConfigWithToken = z.infer<typeof apiConfigWithTokenSchema>;

export const apiConfigParamsSchema = z.object({ apiId: z.uuid() });

export const apiCallLogQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

export const apiCallLogSchema = z.object({
  id: z.number().int(),
  method: z.string(),
  route: z.string(),
  status: z.number().int(),
  durationMs: z.number().int(),
  errorCode: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiCallLog = z.infer<typeof apiCallLogSchema>;

export const apiCallLogPageSchema = z.object({ logs: z.array(apiCallLogSchema), hasMore: z.boolean() });
export type ApiCallLogPage = z.infer<typeof apiCallLogPageSchema>;
