import { TEMPLATE_VARIABLES, unknownTemplateVariables } from '@conversa/shared';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { contactVariableNames } from '../contact-variables/use-cases/contact-variable-names.js';

/**
 * A text whose {{variables}} will be rendered: an unknown one (neither fixed nor one of the tenant's
 * contact variables) is refused (400 ERR_VALIDATION on `body`), nothing is sent.
 */
export async function assertKnownVariables(ctx: AppContext, tenantId: number, text: string): Promise<void> {
  if (!text.includes('{{')) return;
  const unknown = unknownTemplateVariables(text, TEMPLATE_VARIABLES, await contactVariableNames(ctx.db, tenantId));
  if (unknown.length === 0) return;
  const message = `Unknown variable${unknown.length > 1 ? 's' : ''}: ${unknown.map((name) => `{{${name}}}`).join(', ')}.`;
  throw new AppError('ERR_VALIDATION', message, { body: [{ message, issue: { code: 'custom', rule: 'templateVariables' } }] });
}
