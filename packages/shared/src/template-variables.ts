import { z } from 'zod';
import { wallClockAt } from './wall-clock.js';
import { fieldRule } from './errors.js';

/** The message template variables of SPEC §3, written `{{name}}` in every text Conversa sends for someone. */
export const TEMPLATE_VARIABLES = [
  'name',
  'greeting',
  'protocol',
  'email',
  'phoneNumber',
  'kanban',
  'user',
  'userEmail',
  'firstName',
  'lastName',
  'businessName',
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

/** Birthday messages are sent outside any ticket: no protocol, lane or agent (SPEC §3). */
export const BIRTHDAY_TEMPLATE_VARIABLES = TEMPLATE_VARIABLES.filter(
  (name) => !['protocol', 'kanban', 'user', 'userEmail'].includes(name),
) as readonly TemplateVariable[];

export type TemplateValues = Partial<Record<TemplateVariable, string>>;

const VARIABLE = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/** The variable names a text uses, in order of first use. */
export function templateVariablesIn(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(VARIABLE)) names.add(match[1]);
  return [...names];
}

/** The names a text uses that are not variables of `allowed`. */
export function unknownTemplateVariables(text: string, allowed: readonly string[] = TEMPLATE_VARIABLES): string[] {
  return templateVariablesIn(text).filter((name) => !allowed.includes(name));
}

/** Replaces each known variable by its value (empty when the value is missing); unknown names stay as written. */
export function renderTemplate(text: string, values: TemplateValues, allowed: readonly string[] = TEMPLATE_VARIABLES): string {
  return text.replace(VARIABLE, (written, name: string) => (allowed.includes(name) ? (values[name as TemplateVariable] ?? '') : written));
}

/** 'Bom dia' from 05:00 to 11:59, 'Boa tarde' to 17:59, 'Boa noite' otherwise, on the tenant's clock. */
export function greetingFor(date: Date, timeZone: string): 'Bom dia' | 'Boa tarde' | 'Boa noite' {
  const hour = Math.floor(wallClockAt(date, timeZone).minutes / 60);
  if (hour >= 5 && hour < 12) return 'Bom dia';
  if (hour >= 12 && hour < 18) return 'Boa tarde';
  return 'Boa noite';
}

/** A text field whose `{{variables}}` must all be known (`rule: 'templateVariables'`), for forms and the API. */
export function templateText(allowed: readonly string[] = TEMPLATE_VARIABLES) {
  return z.string().superRefine((text, ctx) => {
    const unknown = unknownTemplateVariables(text, allowed);
    if (unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `Unknown variable${unknown.length > 1 ? 's' : ''}: ${unknown.map((name) => `{{${name}}}`).join(', ')}. Use one of: ${allowed.map((name) => `{{${name}}}`).join(', ')}.`,
        ...fieldRule('templateVariables'),
      });
    }
  });
}

/** Whether an IANA time zone name is known to this runtime. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
