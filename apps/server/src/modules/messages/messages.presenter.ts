import type { Message } from '@conversa/shared';
import type { MediaStore } from '../../platform/media/media-store.js';
import type { MessageRow } from './messages.repository.js';

/** Deleted messages keep their place in the conversation but not their content. */
export function presentMessage(row: MessageRow, media: MediaStore, quoted?: MessageRow): Message {
  return {
    id: row.id,
    messageId: row.externalId,
    ticketId: row.ticketId ?? 0,
    contactId: row.contactId,
    fromMe: row.fromMe,
    body: row.deleted ? '' : row.body,
    mediaType: row.deleted ? null : row.mediaType,
    mediaName: row.deleted ? null : row.mediaName,
    mediaUrl: row.mediaKey && !row.deleted ? media.signedPath(row.mediaKey, row.mediaMime ?? 'application/octet-stream') : null,
    status: row.status,
    ack: row.ack,
    edited: row.edited,
    deleted: row.deleted,
    quotedMsg: quoted ? { id: quoted.id, body: quoted.deleted ? '' : quoted.body, fromMe: quoted.fromMe } : null,
    userId: row.userId,
    senderName: row.senderName,
    clientId: row.clientId,
    transcript: row.deleted ? null : row.transcript,
    transcriptStatus: row.deleted ? null : row.transcriptStatus,
    timestamp: row.timestamp.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}
