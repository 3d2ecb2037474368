import { z } from 'zod';
import { wallClockAt } from './wall-clock.js';
import { fieldRule } from './errors.js';
import { allowedTemplateVariables, TEMPLATE_VARIABLES, unknownTemplateVariables } from './template-variable-names.js';

export { setCustomVariableScope, type CustomVariableScope } from './custom-variable-scope.js';
export {
  TEMPLATE_VARIABLES,
  BIRTHDAY_TEMPLATE_VARIABLES,
  allowedTemplateVariables,
  isContactVariableInScope,
  templateVariablesIn,
  unknownTemplateVariables,
  renderAllVariables,
  renderTemplate,
  type TemplateVariable,
  type TemplateValues,
} from './template-variable-names.js';

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
