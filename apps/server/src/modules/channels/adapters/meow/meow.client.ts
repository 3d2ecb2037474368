import type { z } from 'zod';
import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { callGateway, GatewayUnavailableError, type Gateway } from '../gateway-http.js';
import type { ChannelRow } from '../../channels.repository.js';
import { meowSettingsSchema, type MeowSettings } from './meow.schemas.js';
import { channelSettings } from '../../channel-secrets.js';

export type MeowOperation = 'session' | 'send' | 'media' | 'delete';

/** A WuzAPI answer a retry may fix (429, a 5xx that is not a known session state): retried later. */
export class MeowUnavailableError extends GatewayUnavailableError {
  static override readonly gateway = 'WuzAPI';
  override readonly name = 'MeowUnavailableError';
}

export function meowSettingsOf(ctx: Pick<AppContext, 'secretBox'>, channel: ChannelRow): MeowSettings {
  const parsed = meowSettingsSchema.safeParse(channelSettings(ctx, channel));
  if (!parsed.success)
    throw new AppError('ERR_WAPP_NOT_INITIALIZED', 'The WuzAPI settings of this channel are incomplete; edit the channel.');
  return parsed.data;
}

/**
 * The error normaliser: WuzAPI answers `{ code, error, success: false }`.
 * - 401 (token refused) → ERR_SENDING_WAPP_MSG on a send, ERR_WAPP_NOT_INITIALIZED otherwise.
 * - "no session" / "not connected" / "not logged in" → ERR_WAPP_INITIALIZED (the send job retries).
 * - 400 "could not parse Phone" → ERR_WAPP_INVALID_CONTACT (permanent).
 * - 429 and other 5xx → MeowUnavailableError (retried later).
 * - other 4xx → ERR_SENDING_WAPP_MSG / ERR_WAPP_DOWNLOAD_MEDIA / ERR_WAPP_NOT_INITIALIZED.
 */
export function meowFailure(operation: MeowOperation, status: number, body: unknown): Error {
  const raw = (body as { error?: unknown } | null)?.error;
  const text = (typeof raw === 'string' ? raw : JSON.stringify(body ?? '')).slice(0, 500);
  if (operation === 'delete') return new AppError('ERR_DELETE_WAPP_MSG', `WuzAPI: ${text}`);
  if (status === 401 || status === 403) {
    return operation === 'send'
      ? new AppError('ERR_SENDING_WAPP_MSG', `WuzAPI refused the token (${status}).`)
      : new AppError('ERR_WAPP_NOT_INITIALIZED', `WuzAPI refused the token (${status}).`);
  }
  if (/no session|not connected|not logged in/i.test(text)) return new AppError('ERR_WAPP_INITIALIZED', `WuzAPI: ${text}`);
  if (status === 429 || status >= 500) return new MeowUnavailableError(status, text);
  if (/parse phone|not on whatsapp|invalid phone/i.test(text)) return new AppError('ERR_WAPP_INVALID_CONTACT');
  if (operation === 'send') return new AppError('ERR_SENDING_WAPP_MSG', `WuzAPI: ${text}`);
  if (operation === 'media') return new AppError('ERR_WAPP_DOWNLOAD_MEDIA', `WuzAPI: ${text}`);
  return new AppError('ERR_WAPP_NOT_INITIALIZED', `WuzAPI answered ${status}: ${text}`);
}

/** A client of one WuzAPI user, through the SSRF-safe outbound HTTP of the context. */
export class MeowClient {
  constructor(
    private readonly ctx: AppContext,
    private readonly settings: MeowSettings,
  ) {}

  call<T>(
    operation: MeowOperation,
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodType<T> | null,
    body?: unknown,
  ): Promise<T | undefined> {
    const request = { method, baseUrl: this.settings.baseUrl, path, headers: { token: this.settings.token }, body };
    return callGateway(this.ctx, WUZAPI, operation, request, schema);
  }
}

const WUZAPI: Gateway<MeowOperation> = {
  Unavailable: MeowUnavailableError,
  failure: meowFailure,
  textBody: (text) => ({ error: text }),
};
