import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { assertReferencesOfTenant, rowValues, withDuplicateNameCheck } from '../auto-reply-references.js';
import { assertCanManageAutoReplies } from '../auto-replies.policy.js';
import { insertAutoReply, type AutoReplyRow } from '../auto-replies.repository.js';
import type { AutoReplyInput } from '../auto-replies.schemas.js';

export async function createAutoReply(ctx: AppContext, actor: Actor, input: AutoReplyInput): Promise<AutoReplyRow> {
  assertCanManageAutoReplies(actor);
  return withDuplicateNameCheck(() =>
    ctx.db.transaction(async (tx) => {
      await assertReferencesOfTenant(tx, actor.tenantId, input);
      return insertAutoReply(tx, actor.tenantId, rowValues(input));
    }),
  );
}
