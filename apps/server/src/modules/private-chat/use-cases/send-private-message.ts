import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { CheckedUpload } from '../../../platform/media/uploads.js';
import type { Actor } from '../../auth/actor.js';
import { conversationOrFail, type Conversation } from '../conversation-access.js';
import { findPrivateMessage, insertPrivateMessage, markRead, type PrivateMessageView } from '../private-chat.repository.js';

export interface SendPrivateMessageInput {
  body: string;
  /** A file already checked by its content (platform/media/uploads.ts, as ticket media). */
  upload?: CheckedUpload;
}

/**
 * Stores a message in a conversation the actor belongs to and pushes it, after the commit, to the
 * user rooms of the conversation's members at that moment. The sender has read their own message.
 */
export async function sendPrivateMessage(
  ctx: AppContext,
  actor: Actor,
  conversation: Conversation,
  input: SendPrivateMessageInput,
): Promise<PrivateMessageView> {
  const { tenantId } = actor;
  const body = input.body.trim();
  if (!body && !input.upload) throw new AppError('ERR_VALIDATION', 'The message is empty.', { body: ['Required'] });
  // Checked before the file is kept: a stranger to the conversation stores nothing.
  await conversationOrFail(ctx.db, actor, conversation);
  const media = input.upload
    ? {
        mediaKey: await ctx.media.save(tenantId, input.upload.content),
        mediaType: input.upload.type,
        mediaName: input.upload.name,
        mediaMime: input.upload.mime,
        mediaSize: input.upload.content.length,
      }
    : {};
  return transact(ctx, async (tx, events) => {
    const access = await conversationOrFail(tx, actor, conversation, { lock: true });
    const row = await insertPrivateMessage(tx, tenantId, { senderId: actor.userId, ...access.target, body, ...media });
    await markRead(tx, tenantId, actor.userId, access.key, row.id);
    events.push({ type: 'privateMessage.created', tenantId, messageId: row.id, recipientIds: access.members });
    const stored = await findPrivateMessage(tx, tenantId, row.id);
    if (!stored) throw new AppError('ERR_CREATING_MESSAGE');
    return stored;
  });
}
