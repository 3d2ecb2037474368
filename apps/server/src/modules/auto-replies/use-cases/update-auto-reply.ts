import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertReferencesOfTenant, rowValues, withDuplicateNameCheck } from '../auto-reply-references.js';
import { assertCanManageAutoReplies } from '../auto-replies.policy.js';
import { updateAutoReply as updateAutoReplyRow, type AutoReplyRow } from '../auto-replies.repository.js';
import type { AutoReplyInput } from '../auto-replies.schemas.js';

/** Replaces a rule with the one sent (the form sends it whole). */
export async function updateAutoReply(ctx: AppContext, actor: Actor, id: number, input: AutoReplyInput): Promise<AutoReplyRow> {
  assertCanManageAutoReplies(actor);
  return withDuplicateNameCheck(() =>
    ctx.db.transaction(async (tx) => {
      await assertReferencesOfTenant(tx, actor.tenantId, input);
      const row = await updateAutoReplyRow(tx, actor.tenantId, id, rowValues(input));
      if (!row) throw new AppError('ERR_NO_AUTO_REPLY_FOUND');
      return row;
    }),
  );
}
