import type { z } from 'zod';
import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { callGateway, GatewayUnavailableError, type Gateway } from '../gateway-http.js';
import type { ChannelRow } from '../../channels.repository.js';
import { evolutionSettingsSchema, type EvolutionSettings } from './evolution.schemas.js';
import { channelSettings } from '../../channel-secrets.js';

/** What a call to Evolution is for: the same answer means different things when sending or connecting. */
export type EvolutionOperation = 'session' | 'send' | 'media' | 'delete';

/** An answer Evolution gave that a retry may fix (429, 5xx): the send job retries it with backoff. */
export class EvolutionUnavailableError extends GatewayUnavailableError {
  static override readonly gateway = 'Evolution API';
  override readonly name = 'EvolutionUnavailableError';
}

export function evolutionSettingsOf(ctx: Pick<AppContext, 'secretBox'>, channel: ChannelRow): EvolutionSettings {
  const parsed = evolutionSettingsSchema.safeParse(channelSettings(ctx, channel));
  if (!parsed.success)
    throw new AppError('ERR_WAPP_NOT_INITIALIZED', 'The Evolution settings of this channel are incomplete; edit the channel.');
  return parsed.data;
}

export function instanceNameOf(channel: ChannelRow, settings: EvolutionSettings): string {
  return settings.instanceName ?? `conversa-${channel.publicKey.slice(0, 12)}`;
}

/** Evolution's error text: `{ status, error, response: { message } }`, message a string or a list. */
function detailOf(body: unknown): { text: string; messages: unknown[] } {
  const message = (body as { response?: { message?: unknown } } | null)?.response?.message;
  const messages = Array.isArray(message) ? message : message === undefined ? [] : [message];
  const text = messages.map((m) => (typeof m === 'string' ? m : JSON.stringify(m))).join('; ') || JSON.stringify(body ?? '').slice(0, 300);
  return { text: text.slice(0, 500), messages };
}

/**
 * The error normaliser: Evolution's answers as the spec's codes.
 * - 401/403: the API key is refused → ERR_SENDING_WAPP_MSG on a send, ERR_WAPP_NOT_INITIALIZED otherwise.
 * - 404 "instance does not exist" → ERR_WAPP_NOT_INITIALIZED (start the channel again).
 * - 400 with `exists: false` → ERR_WAPP_INVALID_CONTACT (permanent).
 * - 400 "Connection Closed" / "not connected" → ERR_WAPP_INITIALIZED: the session is reconnecting;
 *   the send job retries it (the code is not in its permanent set).
 * - 429 and 5xx → EvolutionUnavailableError (retried later).
 */
export function evolutionFailure(operation: EvolutionOperation, status: number, body: unknown): Error {
  const { text, messages } = detailOf(body);
  if (status === 429 || status >= 500) return new EvolutionUnavailableError(status, text);
  if (operation === 'delete') return new AppError('ERR_DELETE_WAPP_MSG', `Evolution: ${text}`);
  if (status === 401 || status === 403) {
    return operation === 'send'
      ? new AppError('ERR_SENDING_WAPP_MSG', `Evolution refused the API key (${status}).`)
      : new AppError('ERR_WAPP_NOT_INITIALIZED', `Evolution refused the API key (${status}): ${text}`);
  }
  if (status === 404) return new AppError('ERR_WAPP_NOT_INITIALIZED', `Evolution: ${text}`);
  if (messages.some((m) => typeof m === 'object' && m !== null && (m as { exists?: unknown }).exists === false))
    return new AppError('ERR_WAPP_INVALID_CONTACT');
  if (/connection closed|not connected|connection lost/i.test(text)) return new AppError('ERR_WAPP_INITIALIZED', `Evolution: ${text}`);
  if (operation === 'media') return new AppError('ERR_WAPP_DOWNLOAD_MEDIA', `Evolution: ${text}`);
  if (operation === 'send') return new AppError('ERR_SENDING_WAPP_MSG', `Evolution: ${text}`);
  return new AppError('ERR_WAPP_NOT_INITIALIZED', `Evolution answered ${status}: ${text}`);
}

/** A client of one Evolution server, through the SSRF-safe outbound HTTP of the context. */
export class EvolutionClient {
  constructor(
    private readonly ctx: AppContext,
    private readonly settings: EvolutionSettings,
  ) {}

  /** Calls Evolution; answers the parsed body of a 2xx, throws the normalised error otherwise. */
  call<T>(
    operation: EvolutionOperation,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    schema: z.ZodType<T> | null,
    body?: unknown,
  ): Promise<T | undefined> {
    const request = { method, baseUrl: this.settings.baseUrl, path, headers: { apikey: this.settings.apiKey }, body };
    return callGateway(this.ctx, EVOLUTION, operation, request, schema);
  }
}

const EVOLUTION: Gateway<EvolutionOperation> = {
  Unavailable: EvolutionUnavailableError,
  failure: evolutionFailure,
  textBody: (text) => text,
};
