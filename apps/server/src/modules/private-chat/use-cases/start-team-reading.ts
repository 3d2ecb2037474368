import type { Db } from '../../../platform/db/client.js';
import { latestMessageId, markRead } from '../private-chat.repository.js';

/**
 * Members who join a team start reading its conversation from now: its earlier messages are not
 * counted as unread for them. `db` is the transaction that adds them (teams' set-team-users).
 */
export async function startTeamReading(db: Db, tenantId: number, teamId: number, userIds: number[]): Promise<void> {
  if (!userIds.length) return;
  const last = await latestMessageId(db, tenantId, { type: 'team', teamId });
  if (!last) return;
  for (const userId of userIds) await markRead(db, tenantId, userId, `team:${teamId}`, last);
}
