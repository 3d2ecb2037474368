import { cnpj, cpf } from 'cpf-cnpj-validator';

/** SPEC §5: at least 7 characters with letters, numbers and a special character. */
export const PASSWORD_MIN_LENGTH = 7;

export function isStrongPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && /\p{L}/u.test(password) && /\d/.test(password) && /[^\p{L}\d\s]/u.test(password);
}

/** Valid CPF (11 digits) or CNPJ (14 digits) by check digits; punctuation is allowed and kept. */
export function isValidCpfCnpj(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 11) return cpf.isValid(digits);
  if (digits.length === 14) return cnpj.isValid(digits);
  return false;
}
