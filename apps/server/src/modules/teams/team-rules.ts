import { AppError, isUniqueViolation } from '../../platform/http/app-error.js';
import type { Db } from '../../platform/db/client.js';
import { membersOfTeams, tenantUserIds, type TeamRow, type TeamWithUsers } from './teams.repository.js';

const NAME_CONSTRAINT = 'teams_tenant_name_key';

/** A name already used in the tenant (whatever its case) is refused by the unique index. */
export async function withDuplicateNameCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, NAME_CONSTRAINT)) throw new AppError('ERR_DUPLICATED_TEAM', undefined, { name: ['Already used'] });
    throw error;
  }
}

/** Every id must be a user of the tenant (another tenant's is as unknown as a missing one). */
export async function usersOfTenantOrFail(db: Db, tenantId: number, userIds: number[]): Promise<number[]> {
  const wanted = [...new Set(userIds)];
  const found = await tenantUserIds(db, tenantId, wanted);
  const missing = wanted.filter((id) => !found.includes(id));
  if (missing.length)
    throw new AppError('ERR_NO_USER_FOUND', `No user found with ID ${missing.join(', ')}.`, {
      userIds: [`Unknown user: ${missing.join(', ')}`],
    });
  return wanted;
}

export async function withMembers(db: Db, tenantId: number, rows: TeamRow[]): Promise<TeamWithUsers[]> {
  const members = await membersOfTeams(
    db,
    tenantId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...row, users: members.get(row.id) ?? [] }));
}
