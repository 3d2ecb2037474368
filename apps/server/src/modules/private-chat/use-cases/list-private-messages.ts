import { PRIVATE_MESSAGES_PAGE_SIZE } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { readSetting } from '../../settings/use-cases/read-setting.js';
import { conversationOrFail, type Conversation } from '../conversation-access.js';
import { listConversationMessages, type PrivateMessageView } from '../private-chat.repository.js';

/**
 * A page of a conversation the actor belongs to: page 1 holds the newest messages, each page oldest
 * first (newest last). The page size is the tenant's privateMessageLimit (SPEC §3 private-message limit).
 */
export async function listPrivateMessages(
  ctx: AppContext,
  actor: Actor,
  conversation: Conversation,
  pageNumber: number,
): Promise<{ rows: PrivateMessageView[]; hasMore: boolean }> {
  const access = await conversationOrFail(ctx.db, actor, conversation);
  const pageSize = Number(await readSetting(ctx.db, actor.tenantId, 'privateMessageLimit')) || PRIVATE_MESSAGES_PAGE_SIZE;
  return listConversationMessages(ctx.db, actor.tenantId, access.scope, {
    limit: pageSize,
    offset: (pageNumber - 1) * pageSize,
  });
}
