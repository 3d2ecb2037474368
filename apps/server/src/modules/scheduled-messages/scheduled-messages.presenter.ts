import type { ScheduledMessage } from '@conversa/shared';
import type { ScheduleView } from './scheduled-messages.repository.js';

export function presentSchedule(row: ScheduleView): ScheduledMessage {
  return {
    id: row.id,
    status: row.status,
    body: row.body,
    mediaName: row.mediaName,
    mediaType: row.mediaType,
    scheduleDate: row.scheduleDate.toISOString(),
    recurrence: row.recurrence,
    occurrence: row.occurrence,
    sentCount: row.sentCount,
    lastSentAt: row.lastSentAt?.toISOString() ?? null,
    lastMessageStatus: row.lastMessageStatus,
    error: row.error,
    contact: { id: row.contactId, name: row.contactName, number: row.contactNumber },
    channel: { id: row.channelId, name: row.channelName },
    ticketId: row.ticketId,
    createdBy: row.userId !== null ? { id: row.userId, name: row.userName ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
