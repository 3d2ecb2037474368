import type { PrivateMessage } from '@conversa/shared';
import type { PrivateMessageView } from './private-chat.repository.js';

/** A message of the internal chat; its file is named, never addressed (GET /private-chat/files/{id}, members only). */
export function presentPrivateMessage(row: PrivateMessageView): PrivateMessage {
  return {
    id: row.id,
    senderId: row.senderId,
    senderName: row.senderName,
    receiverId: row.receiverId,
    teamId: row.teamId,
    body: row.body,
    media:
      row.mediaKey && row.mediaType && row.mediaMime
        ? { type: row.mediaType, name: row.mediaName ?? 'file', mime: row.mediaMime, size: row.mediaSize ?? 0 }
        : null,
    createdAt: row.createdAt.toISOString(),
  };
}
