import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { LRUCache } from 'lru-cache';
import { AppError } from '../../platform/http/app-error.js';

/** What is wrong with a refused number, in the words of SPEC §5 ("Contact numbers need a country code"). */
export const PHONE_PROBLEMS = {
  countryCode: 'Contact numbers need a country code: write +55 before a Brazilian number (e.g. +55 11 98765-4321).',
  invalid: 'Invalid number: check the digits and the country code (e.g. +55 11 98765-4321).',
} as const;

export type PhoneNumberCheck = { number: string } | { problem: 'countryCode' | 'invalid' };

/**
 * A phone number with its country code, as contacts store it: E.164 digits without the '+'
 * ('+55 (11) 99999-8888' → '5511999998888'). A number written the Brazilian national way, without
 * the country code ('11 98765-4321', '(51) 98765-4321', '011 3456-7890'), is refused as such rather
 * than guessed: read as international it would often be another country's ('51 98765-4321' is a
 * valid Peruvian number).
 */
export function checkPhoneNumber(input: string): PhoneNumberCheck {
  let checked = recentChecks.get(input);
  if (!checked) {
    checked = checkUncached(input);
    recentChecks.set(input, checked);
  }
  return checked;
}

/**
 * The numbers checked lately: the same few recur (an API client sending to its customers, a
 * spreadsheet's repeated rows), and libphonenumber's parse was ≈ 3 % of the server's CPU on the
 * external API's sends. The check is a pure function of the text.
 */
const recentChecks = new LRUCache<string, PhoneNumberCheck>({ max: 10_000 });

function checkUncached(input: string): PhoneNumberCheck {
  const text = input.trim();
  if (!text || text.length > 40) return { problem: 'invalid' };
  const international = text.startsWith('+') || text.startsWith('00');
  if (!international && looksNational(text)) return { problem: 'countryCode' };
  const phone = parsePhoneNumberFromString(`+${text.replace(/^(\+|00)/, '')}`);
  if (!phone?.isValid()) return { problem: 'invalid' };
  return { number: phone.number.slice(1) };
}

/** The stored form of a number, or undefined when it is not a valid number with its country code. */
export function normalizePhoneNumber(input: string): string | undefined {
  const checked = checkPhoneNumber(input);
  return 'number' in checked ? checked.number : undefined;
}

/**
 * A trunk prefix (a leading 0), or the 10 or 11 digits of a Brazilian area code and number: a
 * landline starts with 2 to 5 after the area code, a mobile with 9 (11 digits).
 */
function looksNational(text: string): boolean {
  const digits = text.replace(/\D/g, '');
  if (digits.startsWith('0')) return true;
  const shape = (digits.length === 11 && digits[2] === '9') || (digits.length === 10 && '2345'.includes(digits[2] ?? ''));
  return shape && parsePhoneNumberFromString(digits, 'BR')?.isValid() === true;
}

/** The number as stored (digits with country code), or 400 ERR_INVALID_PHONE saying what is wrong with it. */
export function phoneNumberOrFail(input: string): string {
  const checked = checkPhoneNumber(input);
  if ('problem' in checked) throw new AppError('ERR_INVALID_PHONE', undefined, { number: [PHONE_PROBLEMS[checked.problem]] });
  return checked.number;
}
