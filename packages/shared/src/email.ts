// E-mail addresses, in a module without dependencies: the web app's login page imports it
// ('@conversa/shared/email') without downloading zod or the CPF/CNPJ validator.

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The longest e-mail address accepted (contracts.ts emailSchema). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * zod's e-mail pattern (`z.email()`, zod/v4/core regexes.email; its `\-` written `-`), copied so
 * that this module does not import zod: apps/web/src/lib/email.test.ts fails if zod's pattern changes.
 */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/**
 * Exactly what contracts.ts `emailSchema` accepts (trimmed, lower-cased, zod's e-mail pattern, at
 * most 254 characters), without zod: the login and password-reset pages check the address with it
 * (from '@conversa/shared/email') and so do not download zod.
 */
export function isValidEmail(email: string): boolean {
  const normalized = normalizeEmail(email);
  return normalized.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(normalized);
}
