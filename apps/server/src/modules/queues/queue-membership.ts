import type { AppContext } from '../../app-context.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, isUniqueViolation } from '../../platform/http/app-error.js';
import { rooms } from '../../platform/realtime/rooms.js';
import { AGENTS_NAMESPACE } from '../users/agent-sockets.js';
import { findTenantUserIds, setQueueUsers } from './queues.repository.js';

/** Members must be users of the tenant: another tenant's user is as unknown as a missing one. */
export async function assertUsersOfTenant(db: Db, tenantId: number, userIds: number[]): Promise<number[]> {
  const wanted = [...new Set(userIds)];
  const found = await findTenantUserIds(db, tenantId, wanted);
  const missing = wanted.filter((id) => !found.includes(id));
  if (missing.length)
    throw new AppError('ERR_NO_USER_FOUND', `No user found with ID ${missing.join(', ')}.`, {
      userIds: [`Unknown user: ${missing.join(', ')}`],
    });
  return wanted;
}

/** Replaces the members of a queue; answers the users whose membership changed. */
export async function replaceQueueMembers(db: Db, tenantId: number, queueId: number, userIds: number[]): Promise<number[]> {
  return setQueueUsers(db, tenantId, queueId, await assertUsersOfTenant(db, tenantId, userIds));
}

/**
 * Socket rooms follow memberships (the server joins them at the handshake): after the commit, the
 * sockets of each user whose queues changed are disconnected; their clients reconnect at once and
 * get the rooms of their new queues.
 */
export function reconnectAgents(ctx: AppContext, tenantId: number, userIds: number[]): void {
  for (const userId of new Set(userIds)) ctx.realtime?.disconnectRoom(AGENTS_NAMESPACE, rooms.user(tenantId, userId));
}

/** Runs a write; the unique (tenant, lower(name)) index turns a taken name into 409 ERR_DUPLICATED_QUEUE. */
export async function withDuplicateQueueCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'queues_tenant_name_key')) throw new AppError('ERR_DUPLICATED_QUEUE');
    throw error;
  }
}
