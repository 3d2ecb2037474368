import { customVariableScope, type CustomVariableScope } from './custom-variable-scope.js';

// The template variables' names and the check of a text's variables, without zod: the chat's
// composer reads them without downloading the contracts (template-variables.ts re-exports them
// beside the schemas and the rendering that needs the clock).

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
