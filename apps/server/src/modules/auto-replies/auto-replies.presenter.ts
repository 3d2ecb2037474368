import type { AutoReply } from '@conversa/shared';
import type { AutoReplyRow } from './auto-replies.repository.js';

export function presentAutoReply(row: AutoReplyRow): AutoReply {
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    trigger: row.trigger,
    matchMode: row.matchMode,
    keywords: [...row.keywords],
    reply: row.reply,
    queueId: row.queueId,
    channelId: row.channelId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
