import type { z } from 'zod';
import i18n from '../../lib/i18n';
import { errorMessage, fieldErrors, hasErrorCode } from '../../lib/errors';

/** The messages of a shared zod schema's issues, translated, by field (one per field). */
export function zodFieldErrors(error: z.ZodError, messages: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    out[field] ??= messages[field] ?? i18n.t('validation.required');
  }
  return out;
}

/** A server refusal as form errors: the wrong current password on its field, the rest as one translated message. */
export function serverFormErrors(error: unknown): { fields: Record<string, string>; message: string | null } {
  if (hasErrorCode(error, 'ERR_INVALID_CURRENT_PASSWORD')) return { fields: { currentPassword: errorMessage(error) }, message: null };
  if (hasErrorCode(error, 'ERR_DUPLICATED_EMAIL')) return { fields: { email: errorMessage(error) }, message: null };
  const fields = hasErrorCode(error, 'ERR_VALIDATION') ? fieldErrors(error) : {};
  return { fields, message: errorMessage(error) };
}
