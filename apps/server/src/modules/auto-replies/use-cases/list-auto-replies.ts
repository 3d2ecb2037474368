import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanManageAutoReplies } from '../auto-replies.policy.js';
import { findAutoReplyById, listAutoReplies as listAutoReplyRows, type AutoReplyRow } from '../auto-replies.repository.js';

export async function listAutoReplies(ctx: AppContext, actor: Actor): Promise<AutoReplyRow[]> {
  assertCanManageAutoReplies(actor);
  return listAutoReplyRows(ctx.db, actor.tenantId);
}

export async function getAutoReply(ctx: AppContext, actor: Actor, id: number): Promise<AutoReplyRow> {
  assertCanManageAutoReplies(actor);
  const row = await findAutoReplyById(ctx.db, actor.tenantId, id);
  if (!row) throw new AppError('ERR_NO_AUTO_REPLY_FOUND');
  return row;
}
