import { unknownTemplateVariables } from '@conversa/shared';
import { AppError } from '../../platform/http/app-error.js';

/** A text whose {{variables}} will be rendered: an unknown one is refused (400 ERR_VALIDATION on `body`), nothing is sent. */
export function assertKnownVariables(text: string): void {
  const unknown = unknownTemplateVariables(text);
  if (unknown.length === 0) return;
  const message = `Unknown variable${unknown.length > 1 ? 's' : ''}: ${unknown.map((name) => `{{${name}}}`).join(', ')}.`;
  throw new AppError('ERR_VALIDATION', message, { body: [{ message, issue: { code: 'custom', rule: 'templateVariables' } }] });
}
