import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import type { Actor } from '../../auth/actor.js';
import { conversationOrFail, type Conversation } from '../conversation-access.js';
import { latestMessageId, markRead } from '../private-chat.repository.js';

/** Opening a conversation reads it up to its last message; the reader's other tabs are told. */
export async function markConversationRead(ctx: AppContext, actor: Actor, conversation: Conversation): Promise<void> {
  const { tenantId, userId } = actor;
  await transact(ctx, async (tx, events) => {
    const access = await conversationOrFail(tx, actor, conversation);
    const last = await latestMessageId(tx, tenantId, access.scope);
    if (last > 0 && (await markRead(tx, tenantId, userId, access.key, last))) {
      events.push({ type: 'privateChat.read', tenantId, userId, conversation: { type: conversation.type, id: conversation.id } });
    }
  });
}
