import type { z } from 'zod';
import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { callGateway, GatewayUnavailableError, type Gateway } from '../gateway-http.js';
import type { ChannelRow } from '../../channels.repository.js';
import { hubSettingsSchema, type HubSettings } from './hub.schemas.js';
import { channelSettings } from '../../channel-secrets.js';

export type HubOperation = 'session' | 'send';

/** A NotificaMe answer a retry may fix (429, 5xx, no answer): the send job retries later. */
export class HubUnavailableError extends GatewayUnavailableError {
  static override readonly gateway = 'NotificaMe';
  override readonly name = 'HubUnavailableError';
}

export function hubSettingsOf(ctx: Pick<AppContext, 'secretBox'>, channel: ChannelRow): HubSettings {
  const parsed = hubSettingsSchema.safeParse(channelSettings(ctx, channel));
  if (!parsed.success)
    throw new AppError('ERR_WAPP_NOT_INITIALIZED', 'The NotificaMe hub settings of this channel are incomplete; edit the channel.');
  return parsed.data;
}

/**
 * The error normaliser. NotificaMe answers errors with the Zenvia error object
 * `{ code, message, details?: [{ code, path, message }] }`.
 * - 429 and 5xx → HubUnavailableError (retried later).
 * - 401 / 403 (token refused) → ERR_SENDING_WAPP_MSG on a send, ERR_WAPP_NOT_INITIALIZED otherwise.
 * - a send refused about its `to` → ERR_WAPP_INVALID_CONTACT; any other refused send → ERR_SENDING_WAPP_MSG (both permanent).
 * - anything else on the session calls → ERR_WAPP_NOT_INITIALIZED.
 */
export function hubFailure(operation: HubOperation, status: number, body: unknown): Error {
  const error = (body ?? {}) as { message?: unknown; details?: { path?: unknown; message?: unknown }[] };
  const text = (typeof error.message === 'string' ? error.message : JSON.stringify(body ?? '')).slice(0, 500);
  if (status === 429 || status >= 500) return new HubUnavailableError(status, text);
  if (status === 401 || status === 403) {
    return operation === 'send'
      ? new AppError('ERR_SENDING_WAPP_MSG', `NotificaMe refused the token (${status}).`)
      : new AppError('ERR_WAPP_NOT_INITIALIZED', `NotificaMe refused the token (${status}).`);
  }
  if (operation === 'session') return new AppError('ERR_WAPP_NOT_INITIALIZED', `NotificaMe answered ${status}: ${text}`);
  if (Array.isArray(error.details) && error.details.some((d) => d?.path === 'to'))
    return new AppError('ERR_WAPP_INVALID_CONTACT', `NotificaMe: ${text}`);
  return new AppError('ERR_SENDING_WAPP_MSG', `NotificaMe answered ${status}: ${text}`);
}

/** A client of one NotificaMe account, through the SSRF-safe outbound HTTP of the context. */
export class HubClient {
  constructor(
    private readonly ctx: AppContext,
    private readonly settings: HubSettings,
  ) {}

  call<T>(
    operation: HubOperation,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    schema: z.ZodType<T> | null,
    body?: unknown,
  ): Promise<T | undefined> {
    const request = { method, baseUrl: this.settings.baseUrl, path, headers: { 'X-API-Token': this.settings.token }, body };
    return callGateway(this.ctx, NOTIFICAME, operation, request, schema);
  }
}

const NOTIFICAME: Gateway<HubOperation> = {
  Unavailable: HubUnavailableError,
  failure: hubFailure,
  textBody: (text) => ({ message: text }),
};
