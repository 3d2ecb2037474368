import { AppError } from '../../../../platform/http/app-error.js';
import { isAmbiguousHttpAnswer, SendOutcomeUnknownError } from '../../../../platform/http/send-outcome.js';
import { graphErrorBodySchema } from './waba.schemas.js';

/**
 * The Cloud API's errors (Graph error codes) sorted by what the send job should do:
 * - a 500/502/504 without a Graph error body (a proxy's): SendOutcomeUnknownError, the outcome is
 *   unknown (send-outcome.ts): a claimed send is flagged unconfirmed, not retried;
 * - retryable (throughput, pair rate, HTTP 429, Meta's own transient failures, 5xx): a plain
 *   Error, so the job retries with backoff;
 * - a recipient that is not a WhatsApp number: ERR_WAPP_INVALID_CONTACT (permanent);
 * - everything else (auth, permissions, parameters, templates, the 24-hour window): ERR_SENDING_WAPP_MSG
 *   with the reason (permanent: a retry cannot fix it).
 */

/** Throughput, rate and transient errors: retry later. */
const RETRYABLE = new Set([1, 2, 4, 17, 341, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);
/** The recipient cannot receive WhatsApp messages (131026) or may not be messaged by a test number (131030). */
const INVALID_RECIPIENT = new Set([131026, 131030]);
/** The token or the app's permissions are wrong. */
const AUTH = new Set([0, 3, 10, 102, 190, 131005, 131031, 133010, 368]);
/** A value of the request is wrong. */
const PARAMETER = new Set([100, 131008, 131009, 131051, 131052, 131053, 135000]);

export interface GraphErrorInfo {
  httpStatus: number;
  code?: number;
  message: string;
  details?: string;
}

export function readGraphError(httpStatus: number, body: unknown): GraphErrorInfo {
  const parsed = graphErrorBodySchema.safeParse(body);
  if (!parsed.success) return { httpStatus, message: `HTTP ${httpStatus}` };
  const { code, message, error_data } = parsed.data.error;
  return { httpStatus, code, message: message ?? `HTTP ${httpStatus}`, details: error_data?.details };
}

export function isRetryable(error: GraphErrorInfo): boolean {
  return error.httpStatus === 429 || error.httpStatus >= 500 || (error.code !== undefined && RETRYABLE.has(error.code));
}

/** The error a failed Graph call of `action` ('send', 'upload media', …) is thrown as. */
export function graphFailure(action: string, error: GraphErrorInfo): Error {
  const detail = [error.message, error.details && error.details !== error.message ? error.details : undefined].filter(Boolean).join(': ');
  const tag = error.code !== undefined ? ` [Graph error ${error.code}]` : '';
  const details = {
    provider: 'whatsapp-cloud-api',
    httpStatus: error.httpStatus,
    ...(error.code !== undefined ? { providerCode: error.code } : {}),
  };
  // A 500/502/504 without a Graph error came from a proxy on the way: Meta may have the message.
  if (isAmbiguousHttpAnswer(error.httpStatus, error.code !== undefined)) {
    return new SendOutcomeUnknownError(
      `WhatsApp Cloud API's answer is unknown (${action}): HTTP ${error.httpStatus} without a Graph error.`,
    );
  }
  if (isRetryable(error)) return new Error(`WhatsApp Cloud API is busy or failing (${action}): ${detail}${tag}; retrying later.`);
  if (error.code !== undefined && INVALID_RECIPIENT.has(error.code)) {
    return new AppError('ERR_WAPP_INVALID_CONTACT', `The recipient cannot receive WhatsApp messages: ${detail}${tag}.`, undefined, details);
  }
  if (error.code === 131047) {
    return new AppError(
      'ERR_SENDING_WAPP_MSG',
      `More than 24 hours have passed since the customer last wrote: only an approved template can be sent now${tag}.`,
      undefined,
      details,
    );
  }
  if (
    error.httpStatus === 401 ||
    error.httpStatus === 403 ||
    (error.code !== undefined && (AUTH.has(error.code) || (error.code >= 200 && error.code < 300)))
  ) {
    return new AppError(
      'ERR_SENDING_WAPP_MSG',
      `WhatsApp Cloud API refused the channel's credentials (${action}): ${detail}${tag}. Check the access token and the app's permissions.`,
      undefined,
      details,
    );
  }
  if (error.code !== undefined && (PARAMETER.has(error.code) || (error.code >= 132000 && error.code < 133000))) {
    return new AppError('ERR_SENDING_WAPP_MSG', `WhatsApp Cloud API refused a parameter (${action}): ${detail}${tag}.`, undefined, details);
  }
  return new AppError('ERR_SENDING_WAPP_MSG', `WhatsApp Cloud API refused the request (${action}): ${detail}${tag}.`, undefined, details);
}

/** The error code a 'failed' status callback leaves on the message. */
export function failedStatusCode(code: number | undefined): 'ERR_WAPP_INVALID_CONTACT' | 'ERR_SENDING_WAPP_MSG' {
  return code !== undefined && INVALID_RECIPIENT.has(code) ? 'ERR_WAPP_INVALID_CONTACT' : 'ERR_SENDING_WAPP_MSG';
}
