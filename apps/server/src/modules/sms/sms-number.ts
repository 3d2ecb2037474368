import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * The E.164 form ('+5511987654321') of a number an SMS can go to, or undefined. Numbers are read
 * as contacts store them (digits with the country code) or written with '+' / '00'; a number
 * written the Brazilian national way ('(11) 98765-4321', 10 or 11 digits valid in Brazil) is read
 * as Brazilian (the default country).
 */
export function smsNumber(input: string): string | undefined {
  const text = input.trim();
  if (!text || text.length > 40 || /[^\d\s()+.-]/.test(text)) return undefined;
  const digits = text.replace(/\D/g, '');
  if (!digits) return undefined;
  if (text.startsWith('+') || text.startsWith('00')) return valid(`+${digits.replace(/^00/, '')}`);
  if ((digits.length === 10 || digits.length === 11) && !digits.startsWith('0')) {
    const brazilian = parsePhoneNumberFromString(digits, 'BR');
    if (brazilian?.isValid()) return brazilian.number;
  }
  return valid(`+${digits}`);
}

function valid(international: string): string | undefined {
  const phone = parsePhoneNumberFromString(international);
  return phone?.isValid() ? phone.number : undefined;
}
