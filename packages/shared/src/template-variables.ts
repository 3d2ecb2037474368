import { z } from 'zod';
import { wallClockAt } from './wall-clock.js';
import { fieldRule } from './errors.js';
import { customVariableScope, type CustomVariableScope } from './custom-variable-scope.js';

export { setCustomVariableScope, type CustomVariableScope } from './custom-variable-scope.js';

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

/** The fixed variables' values, and the tenant's contact variables' (by their names). */
export type TemplateValues = Partial<Record<TemplateVariable, string>> & Record<string, string | undefined>;

/** The fixed variables of `base` and the tenant's contact variables in scope ('any': every name is accepted). */
export function allowedTemplateVariables(
  base: readonly string[] = TEMPLATE_VARIABLES,
  custom: CustomVariableScope = customVariableScope(),
): string[] {
  return custom === 'any' ? [...base] : [...base, ...custom];
}

/** Whether `name` is one of the tenant's contact variables in scope ('any': every name is). */
export function isContactVariableInScope(name: string, custom: CustomVariableScope = customVariableScope()): boolean {
  return custom === 'any' || custom.includes(name);
}

const VARIABLE = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/** The variable names a text uses, in order of first use. */
export function templateVariablesIn(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(VARIABLE)) names.add(match[1]);
  return [...names];
}

/** The names a text uses that are neither variables of `allowed` nor the tenant's contact variables (`custom`, by default those in scope). */
export function unknownTemplateVariables(
  text: string,
  allowed: readonly string[] = TEMPLATE_VARIABLES,
  custom: CustomVariableScope = customVariableScope(),
): string[] {
  if (custom === 'any') return [];
  const known = [...allowed, ...custom];
  return templateVariablesIn(text).filter((name) => !known.includes(name));
}

/** Every `{{name}}` replaced by its value, empty without one: for texts whose variables were checked when saved. */
export function renderAllVariables(text: string, values: TemplateValues): string {
  return text.replace(VARIABLE, (_written, name: string) => values[name] ?? '');
}

/**
 * Replaces each variable of `allowed` (the fixed ones and the tenant's contact variables, passed by
 * the caller) by its value (empty when the value is missing); unknown names stay as written.
 */
export function renderTemplate(text: string, values: TemplateValues, allowed: readonly string[] = TEMPLATE_VARIABLES): string {
  return text.replace(VARIABLE, (written, name: string) => (allowed.includes(name) ? (values[name] ?? '') : written));
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
        message: `Unknown variable${unknown.length > 1 ? 's' : ''}: ${unknown.map((name) => `{{${name}}}`).join(', ')}. Use one of: ${allowedTemplateVariables(
          allowed,
        )
          .map((name) => `{{${name}}}`)
          .join(', ')}.`,
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
