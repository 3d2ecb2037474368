import { errorMessage, fieldErrors, hasErrorCode } from '../../lib/errors';

/** A server refusal as form errors: the wrong current password on its field, the rest as one translated message. */
export function serverFormErrors(error: unknown): { fields: Record<string, string>; message: string | null } {
  if (hasErrorCode(error, 'ERR_INVALID_CURRENT_PASSWORD')) return { fields: { currentPassword: errorMessage(error) }, message: null };
  if (hasErrorCode(error, 'ERR_DUPLICATED_EMAIL')) return { fields: { email: errorMessage(error) }, message: null };
  const fields = hasErrorCode(error, 'ERR_VALIDATION') ? fieldErrors(error) : {};
  return { fields, message: errorMessage(error) };
}
