import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import { findTeamById, isTeamMember, listTeamRows, lockTeamShared, teamMemberIds, type TeamRow } from '../teams.repository.js';

/**
 * What other modules (the internal chat, the users screen's filter) ask of teams. `db` may be a
 * transaction: the chat reads the members in the one that stores the message.
 */

/** The team, when the user is one of its members (null otherwise: not theirs, another tenant's or missing). */
export async function teamOfMember(
  db: Db,
  tenantId: number,
  teamId: number,
  userId: number,
  options: { lock?: boolean } = {},
): Promise<TeamRow | null> {
  const team = options.lock ? await lockTeamShared(db, tenantId, teamId) : await findTeamById(db, tenantId, teamId);
  if (!team) return null;
  return (await isTeamMember(db, tenantId, teamId, userId)) ? team : null;
}

export const membersOfTeam = (db: Db, tenantId: number, teamId: number): Promise<number[]> => teamMemberIds(db, tenantId, teamId);

/** The active teams the user belongs to, by name. */
export const teamsOfUser = (db: Db, tenantId: number, userId: number): Promise<TeamRow[]> =>
  listTeamRows(db, tenantId, { memberId: userId, activeOnly: true });

/** The members of a team of the tenant (the users screen's filter); null when there is no such team. */
export async function userIdsOfTeam(ctx: AppContext, tenantId: number, teamId: number): Promise<number[] | null> {
  if (!(await findTeamById(ctx.db, tenantId, teamId))) return null;
  return teamMemberIds(ctx.db, tenantId, teamId);
}
