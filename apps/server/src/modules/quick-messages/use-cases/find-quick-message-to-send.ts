import type { Db } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findQuickMessageById, findQuickMessagesByKey } from '../quick-messages.repository.js';

export interface QuickMessageToSend {
  id: number;
  message: string;
  media: { key: string; name: string; mime: string; size: number | null; type: string; voice: boolean } | null;
}

/**
 * The quick message an agent sends (POST /messages/{ticketId}): by id (chosen in the composer's
 * list) or by key (`/key` + Enter, whatever the case). It must be exactly one active quick message
 * of the tenant; otherwise ERR_NO_QUICK_MESSAGE_FOUND and nothing is sent.
 */
export async function findQuickMessageToSend(db: Db, tenantId: number, ref: { id?: number; key?: string }): Promise<QuickMessageToSend> {
  const rows =
    ref.id !== undefined ? [await findQuickMessageById(db, tenantId, ref.id)] : await findQuickMessagesByKey(db, tenantId, ref.key ?? '');
  const active = rows.filter((row) => row?.isActive);
  const [row] = active;
  if (active.length !== 1 || !row) {
    const field = ref.id !== undefined ? 'quickMessageId' : 'quickMessageKey';
    throw new AppError('ERR_NO_QUICK_MESSAGE_FOUND', undefined, { [field]: ['No active quick message'] });
  }
  return {
    id: row.id,
    message: row.message,
    media:
      row.mediaKey && row.mediaMime
        ? {
            key: row.mediaKey,
            name: row.mediaName ?? 'file',
            mime: row.mediaMime,
            size: row.mediaSize,
            type: row.mediaType ?? 'document',
            voice: row.sendAsAudio && row.mediaType === 'audio',
          }
        : null,
  };
}
