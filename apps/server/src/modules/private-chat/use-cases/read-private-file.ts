import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { conversationOfMessage, conversationOrFail } from '../conversation-access.js';
import { findPrivateMessage } from '../private-chat.repository.js';

/** A message's file, for a member of its conversation only (a removed team member no longer is one). */
export async function readPrivateFile(
  ctx: AppContext,
  actor: Actor,
  messageId: number,
): Promise<{ content: Buffer; mime: string; name: string }> {
  const message = await findPrivateMessage(ctx.db, actor.tenantId, messageId);
  const conversation = message ? conversationOfMessage(message, actor.userId) : null;
  if (!message || !conversation || !message.mediaKey || !message.mediaMime) throw new AppError('ERR_NO_MESSAGE_FOUND');
  await conversationOrFail(ctx.db, actor, conversation).catch(() => {
    throw new AppError('ERR_NO_MESSAGE_FOUND');
  });
  const content = await ctx.media.read(message.mediaKey);
  if (!content) throw new AppError('ERR_NO_MESSAGE_FOUND', 'File not found.');
  return { content, mime: message.mediaMime, name: message.mediaName ?? 'file' };
}
