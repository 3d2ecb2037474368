import type { z } from 'zod';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';

/**
 * A gateway's answer that a retry may fix (429, 5xx, no answer at all): the send job retries it
 * later. Each gateway (Evolution, WuzAPI, NotificaMe) throws its own subclass, named for it.
 */
export class GatewayUnavailableError extends Error {
  /** The gateway's name in messages ('Evolution API', 'WuzAPI', 'NotificaMe'); each subclass sets its own. */
  static readonly gateway: string = 'The gateway';

  constructor(
    readonly status: number,
    detail: string,
    /** The network error (send-outcome.ts tells from it whether the request may have left). */
    options?: { cause?: unknown },
  ) {
    super(`${new.target.gateway} answered ${status}: ${detail}`, options);
  }
}

/** How one gateway answers: its retryable error (whose static `gateway` names it in messages) and its error normaliser. */
export interface Gateway<Operation extends string> {
  Unavailable: { gateway: string } & (new (status: number, detail: string, options?: { cause?: unknown }) => GatewayUnavailableError);
  /** The spec's error for a non-2xx answer to `operation` (the body parsed, or as `textBody` made it). */
  failure: (operation: Operation, status: number, body: unknown) => Error;
  /** The body of an answer that is not JSON, in the shape `failure` reads. */
  textBody: (text: string) => unknown;
}

/**
 * One JSON call to a gateway through the context's SSRF-safe outbound HTTP: answers the 2xx body as
 * `schema` reads it (nothing without a schema) and throws the gateway's normalised error otherwise.
 * Unreachable (refused address, timeout, no server): retryable for a send, a failed start otherwise.
 */
export async function callGateway<T, Operation extends string>(
  ctx: AppContext,
  gateway: Gateway<Operation>,
  operation: Operation,
  request: { method: 'GET' | 'POST' | 'DELETE'; baseUrl: string; path: string; headers: Record<string, string>; body?: unknown },
  schema: z.ZodType<T> | null,
): Promise<T | undefined> {
  const { method, baseUrl, path, headers, body } = request;
  const name = gateway.Unavailable.gateway;
  let response;
  try {
    response = await ctx.http(`${baseUrl}${path}`, {
      method,
      headers: { ...headers, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if (operation === 'send') throw new gateway.Unavailable(0, (error as Error).message, { cause: error });
    throw new AppError('ERR_WAPP_NOT_INITIALIZED', `${name} could not be reached: ${(error as Error).message}`);
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = gateway.textBody(text);
  }
  if (response.status < 200 || response.status >= 300) throw gateway.failure(operation, response.status, parsed);
  if (!schema) return undefined;
  const checked = schema.safeParse(parsed);
  // A 2xx without the expected body (NotificaMe has answered errors with 200): a refusal, not a success.
  if (!checked.success)
    throw new AppError(
      operation === 'send' ? 'ERR_SENDING_WAPP_MSG' : 'ERR_WAPP_NOT_INITIALIZED',
      `Unexpected answer from ${name} to ${path}.`,
    );
  return checked.data;
}
