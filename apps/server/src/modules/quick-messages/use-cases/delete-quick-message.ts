import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanManageQuickMessages } from '../quick-messages.policy.js';
import { deleteQuickMessageRow } from '../quick-messages.repository.js';

/** Messages already sent with its file keep it (stored files are never rewritten nor shared between tenants). */
export async function deleteQuickMessage(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  assertCanManageQuickMessages(actor);
  if (!(await deleteQuickMessageRow(ctx.db, actor.tenantId, id))) throw new AppError('ERR_NO_QUICK_MESSAGE_FOUND');
}
