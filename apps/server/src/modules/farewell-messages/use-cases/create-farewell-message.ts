import type { FarewellMessageBody } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanManageFarewellMessages } from '../farewell-messages.policy.js';
import { findFarewellMessage, insertFarewellMessage, type FarewellMessageView } from '../farewell-messages.repository.js';

export async function createFarewellMessage(ctx: AppContext, actor: Actor, input: FarewellMessageBody): Promise<FarewellMessageView> {
  assertCanManageFarewellMessages(actor);
  const row = await insertFarewellMessage(ctx.db, { tenantId: actor.tenantId, message: input.message, userId: actor.userId });
  const view = await findFarewellMessage(ctx.db, actor.tenantId, row.id);
  if (!view) throw new AppError('ERR_NO_FAREWELL_FOUND');
  return view;
}
