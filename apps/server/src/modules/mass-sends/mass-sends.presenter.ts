import type { MassSend, MassSendRecipient } from '@conversa/shared';
import type { MediaStore } from '../../platform/media/media-store.js';
import type { MassSendView, RecipientLine } from './mass-sends.repository.js';

export function presentMassSend(row: MassSendView, media: MediaStore): MassSend {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    whatsappId: row.channelId,
    channelName: row.channelName,
    minDelaySeconds: row.minDelaySeconds,
    maxDelaySeconds: row.maxDelaySeconds,
    message: row.message,
    media: row.media
      ? { name: row.media.name, mime: row.media.mime, type: row.media.type, url: media.signedPath(row.media.key, row.media.mime) }
      : null,
    sendAsAudio: row.sendAsAudio,
    template: row.template,
    userId: row.createdById,
    userName: row.userName,
    recipientCount: row.recipientCount,
    processed: row.processed,
    sent: row.sent,
    notSent: row.notSent,
    delivered: row.delivered,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export function presentRecipient(line: RecipientLine): MassSendRecipient {
  return {
    number: line.number,
    contactId: line.contactId,
    name: line.name,
    status: line.status,
    sentAt: line.sentAt?.toISOString() ?? null,
    error: line.error,
  };
}
