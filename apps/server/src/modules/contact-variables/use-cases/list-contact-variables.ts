import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { listContactVariableRows, type ContactVariableRow } from '../contact-variables.repository.js';

/** The tenant's contact variables by name. */
export async function listContactVariables(ctx: AppContext, actor: Actor): Promise<ContactVariableRow[]> {
  return listContactVariableRows(ctx.db, actor.tenantId);
}
