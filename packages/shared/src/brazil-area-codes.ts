import type { BrazilState } from './reports.js';

/**
 * Brazil's 67 area codes (DDD, "códigos nacionais") and the state (UF) of each, from Anatel's
 * numbering plan (Plano Geral de Códigos Nacionais; the same per-state lists appear in Anatel's
 * Resolução nº 553/2010, the ninth-digit schedule). A few areas cross a state line (61 also serves
 * towns of Goiás around Brasília): each code is given the state it was assigned to.
 * The contacts-by-state report maps numbers with this table both here and in SQL (see
 * contact-reports.repository.ts), so the two always agree.
 */
// prettier-ignore
export const BRAZIL_AREA_CODES: Readonly<Record<string, BrazilState>> = {
  '11': 'SP', '12': 'SP', '13': 'SP', '14': 'SP', '15': 'SP', '16': 'SP', '17': 'SP', '18': 'SP', '19': 'SP',
  '21': 'RJ', '22': 'RJ', '24': 'RJ',
  '27': 'ES', '28': 'ES',
  '31': 'MG', '32': 'MG', '33': 'MG', '34': 'MG', '35': 'MG', '37': 'MG', '38': 'MG',
  '41': 'PR', '42': 'PR', '43': 'PR', '44': 'PR', '45': 'PR', '46': 'PR',
  '47': 'SC', '48': 'SC', '49': 'SC',
  '51': 'RS', '53': 'RS', '54': 'RS', '55': 'RS',
  '61': 'DF',
  '62': 'GO', '64': 'GO',
  '63': 'TO',
  '65': 'MT', '66': 'MT',
  '67': 'MS',
  '68': 'AC',
  '69': 'RO',
  '71': 'BA', '73': 'BA', '74': 'BA', '75': 'BA', '77': 'BA',
  '79': 'SE',
  '81': 'PE', '87': 'PE',
  '82': 'AL',
  '83': 'PB',
  '84': 'RN',
  '85': 'CE', '88': 'CE',
  '86': 'PI', '89': 'PI',
  '91': 'PA', '93': 'PA', '94': 'PA',
  '92': 'AM', '97': 'AM',
  '95': 'RR',
  '96': 'AP',
  '98': 'MA', '99': 'MA',
};

/** Brazil's country calling code: a Brazilian number as contacts store it starts with it. */
export const BRAZIL_COUNTRY_CODE = '55';

/**
 * The shape of a Brazilian number as contacts store it (E.164 digits without the '+'): 55, the
 * two-digit area code, then 8 digits (landlines, and mobiles written without the ninth digit, as
 * WhatsApp often gives them) or 9 digits (mobiles). The SQL of the report uses the same pattern.
 */
export const BRAZIL_STORED_NUMBER_PATTERN = '^55[0-9]{10,11}$';
const storedNumber = new RegExp(BRAZIL_STORED_NUMBER_PATTERN);

/**
 * The state (UF) of a phone number from its area code, or null when the number is not Brazilian
 * or its area code is not one of the 67 (unknown). The number carries its country code, as
 * contacts store it: '5511987654321', '+55 (11) 98765-4321', '551134567890' (55 + DDD + 8 or 9
 * digits); spaces, dots, dashes and parentheses are ignored. A number without 55 is another
 * country's: stored digits '12125550100' are a New York number (+1 212), not a DDD 12 one, so
 * a bare national number is not guessed.
 */
export function stateOfPhone(number: string | null | undefined): BrazilState | null {
  if (!number) return null;
  const digits = number
    .trim()
    .replace(/^\+/, '')
    .replace(/[\s().-]/g, '');
  if (!storedNumber.test(digits)) return null;
  return BRAZIL_AREA_CODES[digits.slice(2, 4)] ?? null;
}

/** The area codes of these states (the report's `states` filter as area codes), in ascending order. */
export function areaCodesOfStates(states: readonly BrazilState[]): string[] {
  const wanted = new Set<string>(states);
  return Object.keys(BRAZIL_AREA_CODES)
    .filter((code) => wanted.has(BRAZIL_AREA_CODES[code]))
    .sort();
}
