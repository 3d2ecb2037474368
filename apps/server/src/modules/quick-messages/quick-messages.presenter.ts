import type { QuickMessage } from '@conversa/shared';
import type { MediaStore } from '../../platform/media/media-store.js';
import type { QuickMessageRow } from './quick-messages.repository.js';

export function presentQuickMessage(row: QuickMessageRow, media: MediaStore): QuickMessage {
  return {
    id: row.id,
    key: row.key,
    message: row.message,
    media:
      row.mediaKey && row.mediaMime
        ? {
            name: row.mediaName ?? 'file',
            mime: row.mediaMime,
            size: row.mediaSize,
            type: row.mediaType ?? 'document',
            url: media.signedPath(row.mediaKey, row.mediaMime),
          }
        : null,
    sendAsAudio: row.sendAsAudio,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
