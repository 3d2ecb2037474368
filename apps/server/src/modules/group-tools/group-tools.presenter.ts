import type { GroupAction, GroupActionType, GroupBan, GroupBatch, GroupChannel, GroupSummaryDto, GroupWord } from '@conversa/shared';
import type { GroupSummary } from '../channels/adapters/group-admin.js';
import type { ChannelRow } from '../channels/channels.repository.js';
import type { GroupActionView, GroupBanRow, GroupBatchRow, GroupWordRow } from './group-tools.repository.js';

export const presentGroupChannel = (row: ChannelRow): GroupChannel => ({ id: row.id, name: row.name, type: row.type, status: row.status });

export const presentGroup = (group: GroupSummary): GroupSummaryDto => ({
  jid: group.jid,
  subject: group.subject,
  isAdmin: group.isAdmin,
  adminsOnly: group.adminsOnly,
  size: group.participants.length,
  participants: group.participants,
});

export const presentGroupBan = (row: GroupBanRow): GroupBan => ({
  id: row.id,
  whatsappId: row.channelId,
  number: row.number,
  groupJid: row.groupJid,
  groupSubject: row.groupSubject,
  createdAt: row.createdAt.toISOString(),
});

export const presentGroupWord = (row: GroupWordRow): GroupWord => ({
  id: row.id,
  whatsappId: row.channelId,
  word: row.word,
  createdAt: row.createdAt.toISOString(),
});

export const presentGroupAction = (row: GroupActionView): GroupAction => ({
  id: row.id,
  whatsappId: row.channelId,
  batchId: row.batchId,
  userId: row.userId,
  userName: row.userName,
  groupJid: row.groupJid,
  groupSubject: row.groupSubject,
  action: row.action as GroupActionType,
  target: row.target,
  status: row.status,
  reason: row.reason,
  detail: row.detail,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

export function presentGroupBatch(batch: GroupBatchRow, items: GroupActionView[]): GroupBatch {
  return {
    id: batch.id,
    whatsappId: batch.channelId,
    kind: batch.kind,
    status: batch.status,
    delaySeconds: batch.delaySeconds,
    total: items.length,
    done: items.filter((item) => item.status === 'done').length,
    failed: items.filter((item) => item.status === 'failed').length,
    createdAt: batch.createdAt.toISOString(),
    finishedAt: batch.finishedAt?.toISOString() ?? null,
    items: items.map(presentGroupAction),
  };
}
