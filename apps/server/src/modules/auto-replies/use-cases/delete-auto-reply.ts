import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanManageAutoReplies } from '../auto-replies.policy.js';
import { deleteAutoReply as deleteAutoReplyRow } from '../auto-replies.repository.js';

export async function deleteAutoReply(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  assertCanManageAutoReplies(actor);
  if (!(await deleteAutoReplyRow(ctx.db, actor.tenantId, id))) throw new AppError('ERR_NO_AUTO_REPLY_FOUND');
}
