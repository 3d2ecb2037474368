import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { directSummaries, type PrivateMessageView } from '../private-chat.repository.js';

/** Per other user, the actor's one-to-one conversation with them: its last message and the actor's unread count (GET /users/chat-privado/). */
export function summariseDirectConversations(
  ctx: AppContext,
  actor: Actor,
): Promise<Map<number, { last: PrivateMessageView | null; unread: number }>> {
  return directSummaries(ctx.db, actor.tenantId, actor.userId);
}
