import type { AppContext } from '../../../app-context.js';
import { AppError, isUniqueViolation } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanManageContactVariables } from '../contact-variables.policy.js';
import { insertContactVariableRow, type ContactVariableRow } from '../contact-variables.repository.js';

/** A new variable; a second one with the same name (whatever its case) is refused as ERR_DUPLICATED_CONTACT_VARIABLE on `name`. */
export async function createContactVariable(
  ctx: AppContext,
  actor: Actor,
  input: { name: string; description?: string | null },
): Promise<ContactVariableRow> {
  assertCanManageContactVariables(actor);
  try {
    return await insertContactVariableRow(ctx.db, actor.tenantId, { name: input.name, description: input.description || null });
  } catch (error) {
    if (isUniqueViolation(error, 'contact_variables_tenant_name_key')) {
      throw new AppError('ERR_DUPLICATED_CONTACT_VARIABLE', undefined, { name: ['Already used'] });
    }
    throw error;
  }
}
