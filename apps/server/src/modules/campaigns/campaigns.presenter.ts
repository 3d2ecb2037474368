import type { Campaign, CampaignContact } from '@conversa/shared';
import type { MediaStore } from '../../platform/media/media-store.js';
import type { CampaignContactLine, CampaignView } from './campaigns.repository.js';

export function presentCampaign(row: CampaignView, media: MediaStore): Campaign {
  return {
    id: row.id,
    name: row.name,
    startAt: row.startAt.toISOString(),
    status: row.status,
    whatsappId: row.channelId,
    queueId: row.queueId,
    delaySeconds: row.delaySeconds,
    message1: row.message1,
    message2: row.message2,
    message3: row.message3,
    media: [0, 1, 2].map((i) => {
      const file = row.media[i];
      return file ? { name: file.name, mime: file.mime, type: file.type, url: media.signedPath(file.key, file.mime) } : null;
    }),
    contactCount: row.contactCount,
    sent: row.sent,
    notSent: row.notSent,
    delivered: row.delivered,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentCampaignContact(line: CampaignContactLine): CampaignContact {
  return {
    contactId: line.contactId,
    name: line.name,
    number: line.number,
    status: line.status,
    messageNumber: line.messageNumber,
    sentAt: line.sentAt?.toISOString() ?? null,
    error: line.error,
  };
}
