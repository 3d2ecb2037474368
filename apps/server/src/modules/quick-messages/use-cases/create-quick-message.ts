import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { openMediaToken } from '../media-token.js';
import { assertValidQuickMessage, withDuplicateKeyCheck } from '../quick-message-rules.js';
import { assertCanManageQuickMessages } from '../quick-messages.policy.js';
import { insertQuickMessage, type QuickMessageRow } from '../quick-messages.repository.js';
import type { CreateQuickMessageInput } from '../quick-messages.schemas.js';

export async function createQuickMessage(ctx: AppContext, actor: Actor, input: CreateQuickMessageInput): Promise<QuickMessageRow> {
  assertCanManageQuickMessages(actor);
  const media = input.mediaToken ? openMediaToken(ctx, actor.tenantId, input.mediaToken) : null;
  const values = { key: input.key, message: input.message, sendAsAudio: input.sendAsAudio, isActive: input.isActive, media };
  assertValidQuickMessage(values);
  return withDuplicateKeyCheck(() => insertQuickMessage(ctx.db, actor.tenantId, actor.userId, values));
}
