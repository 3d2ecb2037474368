import { z } from 'zod';
import { TEMPLATE_VARIABLES } from '../template-variables.js';

/**
 * Contact variables (settings, CRM tab `variaveis`): the tenant names its own `{{variables}}`
 * (e.g. {{CPF}}, {{plano}}); a contact's value is its additional information of that name, and
 * every text Conversa sends (quick messages, greetings, bot, farewells…) may use them.
 * GET/POST /contact-variables, PUT/DELETE /contact-variables/{id}, GET /contact-variables/{id}/usage.
 */

export const CONTACT_VARIABLE_NAME_MAX = 40;
export const CONTACT_VARIABLE_DESCRIPTION_MAX = 200;
/** Letters (Latin, accents too), digits and _, starting with a letter: written as is between {{ }}. No flags: OpenAPI keeps none. */
export const CONTACT_VARIABLE_NAME_PATTERN = /^[A-Za-zÀ-ÖØ-öø-ÿ][A-Za-zÀ-ÖØ-öø-ÿ0-9_]*$/;
/** Names a contact variable cannot take: the fixed variables (whatever the case) and the flow's webhook answer. */
export const RESERVED_VARIABLE_NAMES: readonly string[] = [...TEMPLATE_VARIABLES, 'webhook'];

export function isReservedVariableName(name: string): boolean {
  const lower = name.toLowerCase();
  return RESERVED_VARIABLE_NAMES.some((reserved) => reserved.toLowerCase() === lower);
}

export const contactVariableNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(CONTACT_VARIABLE_NAME_MAX)
  .regex(CONTACT_VARIABLE_NAME_PATTERN, 'Use letters, digits and _, starting with a letter (no spaces).')
  .refine((name) => !isReservedVariableName(name), {
    message: 'This name is one of the system variables.',
    params: { rule: 'reservedVariableName' },
  });

/** An empty description is stored as none. */
const descriptionSchema = z.string().trim().max(CONTACT_VARIABLE_DESCRIPTION_MAX).nullable();

export const contactVariableSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactVariable = z.infer<typeof contactVariableSchema>;

export const createContactVariableBodySchema = z.object({ name: contactVariableNameSchema, description: descriptionSchema.optional() });
/** The name is fixed once created (texts and contacts use it); only the description changes. */
export const updateContactVariableBodySchema = z.object({ description: descriptionSchema });
export type ContactVariableBody = z.input<typeof createContactVariableBodySchema>;

/** GET /contact-variables/{id}/usage: how many contacts have a value for it (kept in their additional information on delete). */
export const contactVariableUsageSchema = z.object({ contacts: z.number().int() });
