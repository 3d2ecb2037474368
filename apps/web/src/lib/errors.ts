import i18n from './i18n';

/** Every failed API call rejects with this (SPEC §7: non-2xx is rejected). */
export class ApiError extends Error {
  readonly status: number;
  /** The server's error code (`ERR_…`), when it sent one. */
  readonly code: string | undefined;
  /** Per-field messages of a 400 answer, by field path (`name`, `admin.email`, …). */
  readonly fields: Record<string, string[]> | undefined;
  /** Extra machine-readable facts (e.g. details.ticketId of ERR_OTHER_OPEN_TICKET). */
  readonly details: Record<string, unknown> | undefined;
  /** True when the HTTP client already told the user (401, expired session, 500). */
  handled = false;

  constructor(
    status: number,
    code: string | undefined,
    message: string,
    fields?: Record<string, string[]>,
    details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function hasErrorCode(error: unknown, code: string): boolean {
  return isApiError(error) && error.code === code;
}

/**
 * SPEC §8: the text shown for an error is derived from its code (translated);
 * an unknown code shows the raw text; no code shows 'Ocorreu um erro não identificado.'
 */
export function errorMessage(error: unknown): string {
  const code = isApiError(error) ? error.code : undefined;
  if (code) {
    const key = `errors.${code}`;
    if (i18n.exists(key)) return i18n.t(key);
    return error instanceof Error && error.message ? error.message : code;
  }
  return i18n.t('errors.unknown');
}

/** Field errors of a 400 answer as one message per field, ready for a form's setErrors. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error) || !error.fields) return {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.fields)) {
    if (messages.length > 0) out[field] = messages.join(' ');
  }
  return out;
}
