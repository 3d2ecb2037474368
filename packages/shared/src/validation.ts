import { cnpj, cpf } from 'cpf-cnpj-validator';

/** SPEC §5: at least 7 characters with letters, numbers and a special character. */
export const PASSWORD_MIN_LENGTH = 7;

export function isStrongPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    /\p{L}/u.test(password) &&
    /\d/.test(password) &&
    /[^\p{L}\d\s]/u.test(password)
  );
}

/** Valid CPF (11 digits) or CNPJ (14 digits) by check digits; punctuation is allowed and kept. */
export function isValidCpfCnpj(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 11) return cpf.isValid(digits);
  if (digits.length === 14) return cnpj.isValid(digits);
  return false;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The longest e-mail address accepted (contracts.ts emailSchema). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * zod's e-mail pattern (`z.email()`, zod/v4/core regexes.email), copied so that this module does not
 * import zod: apps/web/src/lib/email.test.ts fails if zod's pattern changes.
 */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/**
 * Exactly what contracts.ts `emailSchema` accepts (trimmed, lower-cased, zod's e-mail pattern, at
 * most 254 characters), without zod: the login and password-reset pages check the address with it
 * (from '@conversa/shared/validation') and so do not download zod.
 */
export function isValidEmail(email: string): boolean {
  const normalized = normalizeEmail(email);
  return normalized.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(normalized);
}
