import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { openMediaToken } from '../media-token.js';
import { assertValidQuickMessage, withDuplicateKeyCheck } from '../quick-message-rules.js';
import { assertCanManageQuickMessages } from '../quick-messages.policy.js';
import { findQuickMessageById, updateQuickMessageRow, type QuickMessageMedia, type QuickMessageRow } from '../quick-messages.repository.js';
import type { UpdateQuickMessageInput } from '../quick-messages.schemas.js';

/** Edits what the body names; `mediaToken: null` removes the file, a new token replaces it. */
export async function updateQuickMessage(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: UpdateQuickMessageInput,
): Promise<QuickMessageRow> {
  assertCanManageQuickMessages(actor);
  const { tenantId } = actor;
  const newMedia =
    input.mediaToken === undefined ? undefined : input.mediaToken === null ? null : openMediaToken(ctx, tenantId, input.mediaToken);
  return withDuplicateKeyCheck(() =>
    ctx.db.transaction(async (tx) => {
      const current = await findQuickMessageById(tx, tenantId, id);
      if (!current) throw new AppError('ERR_NO_QUICK_MESSAGE_FOUND');
      const currentMedia: QuickMessageMedia | null =
        current.mediaKey && current.mediaName && current.mediaMime && current.mediaType
          ? {
              mediaKey: current.mediaKey,
              mediaName: current.mediaName,
              mediaMime: current.mediaMime,
              mediaSize: current.mediaSize ?? 0,
              mediaType: current.mediaType,
            }
          : null;
      const next = {
        key: input.key ?? current.key,
        message: input.message ?? current.message,
        sendAsAudio: input.sendAsAudio ?? current.sendAsAudio,
        isActive: input.isActive ?? current.isActive,
        media: newMedia === undefined ? currentMedia : newMedia,
      };
      // A file replaced by one that is not audio no longer goes out as a voice note.
      if (newMedia !== undefined && input.sendAsAudio === undefined && next.media?.mediaType !== 'audio') next.sendAsAudio = false;
      assertValidQuickMessage(next);
      const row = await updateQuickMessageRow(tx, tenantId, id, { ...next, media: newMedia });
      if (!row) throw new AppError('ERR_NO_QUICK_MESSAGE_FOUND');
      return row;
    }),
  );
}
