import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanManageContactVariables } from '../contact-variables.policy.js';
import { deleteContactVariableRow } from '../contact-variables.repository.js';

/**
 * Deletes a variable. The contacts keep their additional information of that name; a text that still
 * writes `{{name}}` is refused when saved again, and until edited is sent with the contact's value
 * of that name (empty without one), never with the braces.
 */
export async function deleteContactVariable(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  assertCanManageContactVariables(actor);
  if (!(await deleteContactVariableRow(ctx.db, actor.tenantId, id))) throw new AppError('ERR_NO_CONTACT_VARIABLE_FOUND');
}
