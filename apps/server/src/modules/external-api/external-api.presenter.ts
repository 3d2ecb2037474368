import { EXTERNAL_API_PREFIX, type ApiCallLog, type ApiConfig } from '@conversa/shared';
import { maskApiToken, maskWebhookSecret } from '../../platform/http/api-tokens.js';
import type { ApiCallLogRow, ApiConfigView } from './external-api.repository.js';

export function presentApiConfig(row: ApiConfigView): ApiConfig {
  return {
    id: row.id,
    name: row.name,
    channelId: row.channelId,
    channelName: row.channelName,
    active: row.active,
    tokenMasked: maskApiToken(row.tokenLast4),
    basePath: `${EXTERNAL_API_PREFIX}/${row.id}`,
    webhookUrl: row.webhookUrl,
    // Null only for a configuration made before webhooks, until its secret is generated (ensure-webhook-secret.ts).
    webhookSecretMasked: row.webhookSecretLast4 ? maskWebhookSecret(row.webhookSecretLast4) : '',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentApiCallLog(row: ApiCallLogRow): ApiCallLog {
  return {
    id: row.id,
    method: row.method,
    route: row.route,
    status: row.status,
    durationMs: row.durationMs,
    errorCode: row.errorCode,
    createdAt: row.createdAt.toISOString(),
  };
}
