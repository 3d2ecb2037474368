import type { FarewellMessageBody } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanManageFarewellMessages } from '../farewell-messages.policy.js';
import { findFarewellMessage, updateFarewellMessage as updateRow, type FarewellMessageView } from '../farewell-messages.repository.js';

export async function updateFarewellMessage(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: FarewellMessageBody,
): Promise<FarewellMessageView> {
  assertCanManageFarewellMessages(actor);
  if (!(await updateRow(ctx.db, actor.tenantId, id, { message: input.message, userId: actor.userId })))
    throw new AppError('ERR_NO_FAREWELL_FOUND');
  const view = await findFarewellMessage(ctx.db, actor.tenantId, id);
  if (!view) throw new AppError('ERR_NO_FAREWELL_FOUND');
  return view;
}
