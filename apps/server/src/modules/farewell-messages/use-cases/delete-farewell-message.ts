import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanManageFarewellMessages } from '../farewell-messages.policy.js';
import { deleteFarewellMessage as deleteRow } from '../farewell-messages.repository.js';

export async function deleteFarewellMessage(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  assertCanManageFarewellMessages(actor);
  if (!(await deleteRow(ctx.db, actor.tenantId, id))) throw new AppError('ERR_NO_FAREWELL_FOUND');
}
