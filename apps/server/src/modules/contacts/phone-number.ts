import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A phone number with its country code, as contacts store it: E.164 digits without the '+'
 * ('+55 (11) 99999-8888' → '5511999998888'). Undefined when it is not a valid number; a number
 * without the country code is refused rather than guessed.
 */
export function normalizePhoneNumber(input: string): string | undefined {
  const text = input.trim();
  if (!text || text.length > 40) return undefined;
  const withPlus = text.startsWith('+') ? text : `+${text}`;
  const phone = parsePhoneNumberFromString(withPlus);
  if (!phone?.isValid()) return undefined;
  return phone.number.slice(1);
}
