/**
 * The stored form of a phone number (E.164 digits without '+'): international input normalized,
 * a Brazilian number written without its country code refused as such, nonsense refused; the
 * answers are the same when a number is checked again (the recent checks are remembered).
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/app-error.js';
import { checkPhoneNumber, normalizePhoneNumber, phoneNumberOrFail } from './phone-number.js';

describe('phone numbers', () => {
  it('stores an international number as its E.164 digits, however it was written', () => {
    for (const written of ['+55 (11) 99999-8888', '5511999998888', '0055 11 99999 8888', ' +55 11 99999-8888 '])
      expect(checkPhoneNumber(written)).toEqual({ number: '5511999998888' });
    expect(normalizePhoneNumber('+1 650 253 0000')).toBe('16502530000');
  });

  it('refuses a Brazilian number without its country code as such, and what is no number as invalid', () => {
    for (const national of ['11 98765-4321', '(51) 98765-4321', '011 3456-7890'])
      expect(checkPhoneNumber(national)).toEqual({ problem: 'countryCode' });
    for (const invalid of ['', '   ', 'abc', '+55 11', '9'.repeat(41)]) expect(checkPhoneNumber(invalid)).toEqual({ problem: 'invalid' });
    expect(normalizePhoneNumber('11 98765-4321')).toBeUndefined();
  });

  it('answers the same when the same text is checked again', () => {
    const first = [checkPhoneNumber('+55 21 98888-7777'), checkPhoneNumber('21 98888-7777'), checkPhoneNumber('+55 21')];
    const again = [checkPhoneNumber('+55 21 98888-7777'), checkPhoneNumber('21 98888-7777'), checkPhoneNumber('+55 21')];
    expect(again).toEqual(first);
    expect(first).toEqual([{ number: '5521988887777' }, { problem: 'countryCode' }, { problem: 'invalid' }]);
  });

  it('phoneNumberOrFail: 400 ERR_INVALID_PHONE saying what is wrong with the number', () => {
    expect(phoneNumberOrFail('+55 11 99999-8888')).toBe('5511999998888');
    const refusal = (() => {
      try {
        phoneNumberOrFail('11 98765-4321');
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 'ERR_INVALID_PHONE' });
    expect(JSON.stringify(refusal)).toContain('country code');
  });
});
