import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanManageContactVariables } from '../contact-variables.policy.js';
import { updateContactVariableRow, type ContactVariableRow } from '../contact-variables.repository.js';

/** Changes a variable's description (its name is fixed: texts and contacts use it). */
export async function updateContactVariable(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: { description: string | null },
): Promise<ContactVariableRow> {
  assertCanManageContactVariables(actor);
  const row = await updateContactVariableRow(ctx.db, actor.tenantId, id, { description: input.description || null });
  if (!row) throw new AppError('ERR_NO_CONTACT_VARIABLE_FOUND');
  return row;
}
