import type { FieldIssue } from '@conversa/shared';
import i18n from './i18n';

/** Every failed API call rejects with this (SPEC §7: non-2xx is rejected). */
export class ApiError extends Error {
  readonly status: number;
  /** The server's error code (`ERR_…`), when it sent one. */
  readonly code: string | undefined;
  /** Per-field messages of a 400 answer, by field path (`name`, `admin.email`, …). */
  readonly fields: Record<string, string[]> | undefined;
  /** The same problems as codes, translated by fieldErrors (the server's `fields` texts are English). */
  readonly issues: Record<string, FieldIssue[]> | undefined;
  /** Extra machine-readable facts (e.g. details.ticketId: the contact's other open ticket). */
  readonly details: Record<string, unknown> | undefined;
  /** True when the HTTP client already told the user (401, expired session, 500). */
  handled = false;

  constructor(
    status: number,
    code: string | undefined,
    message: string,
    fields?: Record<string, string[]>,
    details?: Record<string, unknown>,
    issues?: Record<string, FieldIssue[]>,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.details = details;
    this.issues = issues;
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

/**
 * A form's own error text: errorMessage, except for an ERR_VALIDATION answer without field problems
 * (a rule the server explains but has no code for), where the server's explanation is the only one.
 */
export function formErrorMessage(error: unknown): string {
  if (isApiError(error) && error.code === 'ERR_VALIDATION' && !error.fields && error.message && error.message !== error.code)
    return error.message;
  return errorMessage(error);
}

const INTEGER_FORMATS = new Set(['safeint', 'int32', 'uint32', 'int64', 'uint64']);
const DATE_FORMATS = new Set(['date', 'datetime', 'time']);

/** The text of one field issue in the user's language (SPEC §5 default messages). */
export function fieldIssueMessage(issue: FieldIssue): string {
  const t = i18n.t.bind(i18n);
  const sized = issue.origin === 'string' ? 'Length' : issue.origin === 'array' || issue.origin === 'set' ? 'Items' : 'Value';
  switch (issue.code) {
    case 'required':
      return t('validation.required');
    case 'too_small':
      if (sized === 'Value' && issue.inclusive === false) return t('validation.greaterThan', { min: issue.minimum });
      return t(`validation.min${sized}`, { min: issue.minimum });
    case 'too_big':
      if (sized === 'Value' && issue.inclusive === false) return t('validation.lessThan', { max: issue.maximum });
      return t(`validation.max${sized}`, { max: issue.maximum });
    case 'invalid_format':
      if (issue.format === 'email') return t('validation.invalidEmail');
      if (issue.format === 'url') return t('validation.invalidUrl');
      if (issue.format && DATE_FORMATS.has(issue.format)) return t('validation.invalidDate');
      return t('validation.invalidFormat');
    case 'invalid_type':
      return issue.format && INTEGER_FORMATS.has(issue.format) ? t('validation.integer') : t('validation.invalidValue');
    case 'invalid_value':
      return t('validation.invalidChoice');
    case 'unrecognized_keys':
      return t('validation.unknownField');
    case 'custom': {
      // A rule's number (how many users a company has) is its text's {{count}}, with its plural forms.
      const options = issue.minimum === undefined ? undefined : { count: issue.minimum };
      return issue.rule && i18n.exists(`validation.${issue.rule}`, options)
        ? t(`validation.${issue.rule}`, options)
        : t('validation.invalidValue');
    }
    default:
      return i18n.exists(`errors.${issue.code}`) ? t(`errors.${issue.code}`) : t('validation.invalidValue');
  }
}

/**
 * Field errors of a 400 answer as one message per field in the user's language, ready for a form's
 * setErrors. Each field's issues are translated; a field the server gave no issue for (an older
 * server) gets the generic 'invalid value' text rather than the server's English.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error) || !error.fields) return {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.fields)) {
    if (messages.length === 0) continue;
    const issues = error.issues?.[field] ?? [{ code: 'invalid' }];
    out[field] = [...new Set(issues.map(fieldIssueMessage))].join(' ');
  }
  return out;
}
