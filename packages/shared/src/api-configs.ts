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
  /** Where the company's events are POSTed, signed (outgoing webhooks); null: none. http or https, under the outbound address policy. */
  webhookUrl: z
    .string()
    .trim()
    .url()
    .max(2048)
    .refine((url) => /^https?:\/\//i.test(url), { message: 'Use an http:// or https:// address.' })
    .nullable()
    .default(null),
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
  /** The webhook signing secret masked: its last four characters only (shown in full once, when made or renewed). */
  webhookSecretMasked: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ApiConfig = z.infer<typeof apiConfigSchema>;

/** A new configuration with its token and webhook signing secret in full: answered once, on creation. */
export const apiConfigWithTokenSchema = apiConfigSchema.extend({ token: z.string(), webhookSecret: z.string() });
export type ApiConfigWithToken = z.infer<typeof apiConfigWithTokenSchema>;

/** A configuration with its new token in full (PUT /api-config/renew-token/{apiId}): the webhook secret stays masked. */
export const apiConfigWithRenewedTokenSchema = apiConfigSchema.extend({ token: z.string() });
export type ApiConfigWithRenewedToken = z.infer<typeof apiConfigWithRenewedTokenSchema>;

/** A configuration with its new webhook signing secret in full: answered once, by PUT /api-config/renew-webhook-secret/{apiId}. */
export const apiConfigWithWebhookSecretSchema = apiConfigSchema.extend({ webhookSecret: z.string() });
export type ApiConfigWithWebhookSecret = z.infer<typeof apiConfigWithWebhookSecretSchema>;

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

// ---- Outgoing webhooks -------------------------------------------------------------------------

/** The events an API configuration's webhook URL receives. */
export const WEBHOOK_EVENT_TYPES = [
  'message.received',
  'message.sent',
  'message.ack',
  'ticket.created',
  'ticket.status_changed',
  'ticket.transferred',
  'contact.created',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The headers of every delivery; the signature is `sha256=` + hex HMAC-SHA256(secret, timestamp + "." + raw body). */
export const WEBHOOK_HEADERS = {
  event: 'X-Conversa-Event',
  eventId: 'X-Conversa-Event-Id',
  timestamp: 'X-Conversa-Timestamp',
  signature: 'X-Conversa-Signature',
} as const;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** Rows per page of the delivery log. */
export const WEBHOOK_DELIVERY_PAGE_SIZE = 20;

export const webhookDeliveryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  status: z.enum(WEBHOOK_DELIVERY_STATES).optional(),
});

export const webhookDeliveryParamsSchema = z.object({ apiId: z.uuid(), deliveryId: z.uuid() });

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  eventId: z.string(),
  eventType: z.string(),
  ticketId: z.number().int().nullable(),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  /** The start of the receiver's last answer (a short excerpt only). */
  responseExcerpt: z.string().nullable(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  /** When the next attempt is due (pending only). */
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = z.object({ deliveries: z.array(webhookDeliverySchema), hasMore: z.boolean() });
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;
