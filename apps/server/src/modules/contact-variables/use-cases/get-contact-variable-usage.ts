import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanManageContactVariables } from '../contact-variables.policy.js';
import { countContactsWithInfo, findContactVariableRow } from '../contact-variables.repository.js';

/** How many contacts have a value for the variable: what the delete confirmation tells (the values stay on the contacts). */
export async function getContactVariableUsage(ctx: AppContext, actor: Actor, id: number): Promise<{ contacts: number }> {
  assertCanManageContactVariables(actor);
  const row = await findContactVariableRow(ctx.db, actor.tenantId, id);
  if (!row) throw new AppError('ERR_NO_CONTACT_VARIABLE_FOUND');
  return { contacts: await countContactsWithInfo(ctx.db, actor.tenantId, row.name) };
}
