import type { FormData } from 'undici';
import { isOutboundForm } from '../../../../platform/http/outbound-http.js';
import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { isAmbiguousHttpAnswer, SendOutcomeUnknownError } from '../../../../platform/http/send-outcome.js';
import type { ErrorCode } from '@conversa/shared';
import { TELEGRAM_LIMITS, type TelegramSettings } from './telegram.schemas.js';

/** An answer `{ok: false, error_code, description, parameters?}` of the Bot API. */
export class TelegramApiError extends Error {
  constructor(
    readonly method: string,
    readonly errorCode: number,
    readonly description: string,
    /** parameters.retry_after of a 429 (seconds). */
    readonly retryAfter?: number,
  ) {
    super(`Telegram ${method}: ${errorCode} ${description}`);
    this.name = 'TelegramApiError';
  }
}

type Params = Record<string, unknown>;

/**
 * Calls a Bot API method (`{baseUrl}/bot<token>/<method>`) through the SSRF-safe client: JSON
 * parameters, or a multipart form when a file is uploaded. Answers the `result`; a refusal throws
 * TelegramApiError, a transport failure its own error (both are retried by the send job).
 */
export async function callBot<T>(
  ctx: Pick<AppContext, 'http'>,
  settings: Pick<TelegramSettings, 'baseUrl' | 'token'>,
  method: string,
  params: Params | FormData = {},
): Promise<T> {
  const isForm = isOutboundForm(params);
  const response = await ctx.http(`${settings.baseUrl}/bot${settings.token}/${method}`, {
    method: 'POST',
    headers: isForm ? {} : { 'content-type': 'application/json' },
    body: isForm ? params : JSON.stringify(params),
  });
  const text = await response.text();
  let answer: { ok?: boolean; result?: T; error_code?: number; description?: string; parameters?: { retry_after?: number } } | undefined;
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    answer = undefined;
  }
  if (response.ok && answer?.ok === true) return answer.result as T;
  // A 500/502/504 that is not the Bot API's JSON came from a proxy on the way: Telegram may have it.
  if (isAmbiguousHttpAnswer(response.status, answer?.ok === false)) {
    throw new SendOutcomeUnknownError(`Telegram's answer to ${method} is unknown: HTTP ${response.status} without a Bot API answer.`);
  }
  throw new TelegramApiError(
    method,
    answer?.error_code ?? response.status,
    answer?.description ?? `HTTP ${response.status}`,
    answer?.parameters?.retry_after,
  );
}

/** Downloads a file the bot received: getFile, then `{baseUrl}/file/bot<token>/<file_path>`. */
export async function downloadFile(
  ctx: Pick<AppContext, 'http'>,
  settings: Pick<TelegramSettings, 'baseUrl' | 'token'>,
  fileId: string,
): Promise<{ content: Buffer; path: string }> {
  try {
    const file = await callBot<{ file_path?: string; file_size?: number }>(ctx, settings, 'getFile', { file_id: fileId });
    if (!file.file_path) throw new Error('getFile answered no file_path');
    if ((file.file_size ?? 0) > TELEGRAM_LIMITS.downloadBytes) throw new Error('file too large');
    const path = file.file_path.split('/').map(encodeURIComponent).join('/');
    const response = await ctx.http(`${settings.baseUrl}/file/bot${settings.token}/${path}`, { method: 'GET' });
    if (!response.ok) throw new Error(`file download answered ${response.status}`);
    const content = Buffer.from(await response.arrayBuffer());
    if (content.length > TELEGRAM_LIMITS.downloadBytes) throw new Error('file too large');
    return { content, path: file.file_path };
  } catch (error) {
    throw new AppError(
      'ERR_WAPP_DOWNLOAD_MEDIA',
      `Could not download a Telegram file: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** A 429 that the send job retries (not an AppError: every other error is retried with backoff). */
export class TelegramRateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Telegram rate limit: retry after ${retryAfterSeconds} s`);
    this.name = 'TelegramRateLimitedError';
  }
}

/**
 * Provider errors as the spec's codes. 429 stays retryable (honouring retry_after); a chat that
 * does not exist or blocked the bot is ERR_WAPP_INVALID_CONTACT; a refused token (401, 404) and
 * other refusals are `failure` (both fail the message at once in the send job); 5xx stay retryable.
 */
export function normaliseTelegramError(error: unknown, failure: ErrorCode): unknown {
  if (!(error instanceof TelegramApiError)) return error;
  if (error.errorCode === 429) return new TelegramRateLimitedError(error.retryAfter ?? 1);
  // Telegram's own trouble (5xx): may work later, so it stays a plain (retryable) error.
  if (error.errorCode >= 500) return error;
  if (/chat not found|bot was blocked|user is deactivated|bot can't initiate|PEER_ID_INVALID/i.test(error.description)) {
    return new AppError('ERR_WAPP_INVALID_CONTACT', `Telegram: ${error.description}`);
  }
  if (error.errorCode === 401 || error.errorCode === 404)
    return new AppError(failure, 'Telegram refused the bot token (check the channel token).');
  return new AppError(failure, `Telegram: ${error.description}`);
}
