import type { AppContext } from '../../../../../app-context.js';
import type { MessageRow } from '../../../../messages/messages.repository.js';
import type { VisitorSession } from '../visitor-auth.js';
import { listVisitorConversation } from '../webchat.repository.js';
import { WEBCHAT_LIMITS } from '../webchat.schemas.js';

/**
 * Timestamps are taken when a transaction starts, and transactions commit in any order: a change
 * stamped just before the last one a client saw may become visible after it. Catch-up therefore
 * looks a little further back; the widget merges by id, so repeats are harmless.
 */
const CATCH_UP_OVERLAP_MS = 5_000;

/**
 * The visitor's own conversation on its channel (all its tickets there), for the widget's first
 * load (latest page) and for catch-up after a reconnection (`since` = updatedAt of the last seen).
 */
export async function listVisitorMessages(
  ctx: Pick<AppContext, 'db'>,
  visitor: VisitorSession,
  input: { since?: string },
): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
  const since = input.since ? new Date(new Date(input.since).getTime() - CATCH_UP_OVERLAP_MS) : undefined;
  return listVisitorConversation(ctx.db, visitor.tenantId, visitor.contactId, visitor.channelId, {
    since,
    limit: since ? WEBCHAT_LIMITS.catchUpPage : WEBCHAT_LIMITS.historyPage,
  });
}
