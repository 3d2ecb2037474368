import { MASS_SEND_MAX_NUMBERS, MASS_SEND_TEMPLATE_KINDS, type MassSendKind } from '@conversa/shared';
// The full metadata: a Brazilian reading must be a real Brazilian number, not only of the right length.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { AppError } from '../../platform/http/app-error.js';
import type { ChannelTemplate } from '../channels/adapters/channel-adapter.js';
import type { MassSendRow } from './mass-sends.repository.js';

/** Mass sending's rules without the database: the random pause, the typed numbers, the templates a mass send can fill. */

export const isTemplateKind = (kind: MassSendKind) => MASS_SEND_TEMPLATE_KINDS.includes(kind);

/** A pause in whole milliseconds drawn uniformly in [min, max] seconds. */
export function pickDelayMs(minSeconds: number, maxSeconds: number, random: () => number = Math.random): number {
  const min = minSeconds * 1_000;
  const max = maxSeconds * 1_000;
  return Math.min(max, min + Math.floor(random() * (max - min + 1)));
}

/**
 * A typed number as contacts store it (E.164 digits without '+'), or undefined when it is not a
 * valid number. With '+' or '00' it is international; otherwise it is read first as a Brazilian
 * number ('11 98765-4321', '(51) 3456-7890' → 55…), then as digits with their country code
 * ('5511987654321', '14155552671').
 */
export function normalizeTypedNumber(input: string): string | undefined {
  const text = input.trim();
  if (!text || text.length > 40) return undefined;
  if (/^(\+|00)/.test(text)) {
    const phone = parsePhoneNumberFromString(`+${text.replace(/^(\+|00)/, '')}`);
    return phone?.isValid() ? phone.number.slice(1) : undefined;
  }
  const brazilian = parsePhoneNumberFromString(text, 'BR');
  if (brazilian?.isValid()) return brazilian.number.slice(1);
  const international = parsePhoneNumberFromString(`+${text.replace(/\D/g, '')}`);
  return international?.isValid() ? international.number.slice(1) : undefined;
}

/**
 * The numbers of the textarea (one per line, or separated by commas or semicolons), normalised,
 * duplicates removed, in their order; the invalid ones refused all together with 400
 * ERR_MASS_SEND_INVALID_NUMBERS listing them (details.invalid), so that nothing is half sent.
 */
export function parseTypedNumbers(text: string): string[] {
  const entries = text
    .split(/[\n\r,;]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
  const numbers = new Set<string>();
  const invalid: string[] = [];
  for (const entry of entries) {
    const number = normalizeTypedNumber(entry);
    if (number) numbers.add(number);
    else invalid.push(entry.slice(0, 40));
  }
  if (invalid.length) {
    const shown = invalid.slice(0, 20).join(', ');
    throw new AppError(
      'ERR_MASS_SEND_INVALID_NUMBERS',
      undefined,
      { 'recipients.numbers': [`Not valid numbers: ${shown}${invalid.length > 20 ? '…' : ''}`] },
      { invalid: invalid.slice(0, 500) },
    );
  }
  if (numbers.size > MASS_SEND_MAX_NUMBERS)
    throw new AppError('ERR_VALIDATION', `At most ${MASS_SEND_MAX_NUMBERS} numbers in one mass send.`, {
      'recipients.numbers': ['Too many numbers'],
    });
  return [...numbers];
}

/** How many positional placeholders a text has ({{1}} … {{n}}: the highest index). */
export function placeholderCount(text: string | null): number {
  let highest = 0;
  for (const match of (text ?? '').matchAll(/\{\{\s*(\d+)\s*\}\}/g)) highest = Math.max(highest, Number(match[1]));
  return highest;
}

/** A template's body, its number of placeholders, and why a mass send cannot fill it (a header or button placeholder, a media header), if so. */
export function describeTemplate(template: ChannelTemplate): { body: string; params: number; problem: string | null } {
  const body = template.components.find((c) => c.type === 'BODY')?.text ?? '';
  const header = template.components.find((c) => c.type === 'HEADER');
  let problem: string | null = null;
  if (header && header.format && header.format !== 'TEXT') problem = `Its header is a ${header.format.toLowerCase()} file.`;
  else if (header && placeholderCount(header.text) > 0) problem = 'Its header has a placeholder.';
  else if (template.components.some((c) => c.buttons.some((b) => placeholderCount(b.url) > 0)))
    problem = 'A button of it has a placeholder.';
  return { body, params: placeholderCount(body), problem };
}

/** The template of a create: it exists approved on the channel, a mass send can fill it, and the values given fill its body exactly. */
export function checkTemplateChoice(
  templates: readonly ChannelTemplate[],
  choice: { name: string; language: string; params: readonly string[] },
): { body: string } {
  const template = templates.find((t) => t.name === choice.name && t.language === choice.language);
  if (!template)
    throw new AppError('ERR_MASS_SEND_UNKNOWN_TEMPLATE', undefined, { 'template.name': ['Not an approved template of this connection'] });
  const { body, params, problem } = describeTemplate(template);
  if (problem) throw new AppError('ERR_MASS_SEND_TEMPLATE_UNSUPPORTED', `${problem} A mass send fills only the body's placeholders.`);
  if (choice.params.length !== params)
    throw new AppError('ERR_VALIDATION', `The template's body has ${params} placeholder(s): give one value for each.`, {
      'template.params': [`Give ${params} value(s)`],
    });
  return { body };
}

/** Only a running mass send can be paused; only a paused one resumed; a running or paused one canceled. */
export function assertStatus(massSend: Pick<MassSendRow, 'status'>, allowed: readonly MassSendRow['status'][], what: string): void {
  if (!allowed.includes(massSend.status))
    throw new AppError('ERR_MASS_SEND_STATUS', `Only a ${allowed.join(' or ')} mass send can be ${what}.`);
}
