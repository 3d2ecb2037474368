import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { TeamMember } from '@conversa/shared';
import type { Db } from '../../platform/db/client.js';
import { teams, teamUsers, users } from '../../platform/db/schema.js';

export type TeamRow = typeof teams.$inferSelect;
export type TeamWithUsers = TeamRow & { users: TeamMember[] };
export type TeamValues = { name: string; isActive: boolean };

const byName = [asc(sql`lower(${teams.name})`), asc(teams.id)];

export async function listTeamRows(
  db: Db,
  tenantId: number,
  options: { memberId?: number; activeOnly?: boolean } = {},
): Promise<TeamRow[]> {
  const memberOf = options.memberId
    ? inArray(
        teams.id,
        db
          .select({ id: teamUsers.teamId })
          .from(teamUsers)
          .where(and(eq(teamUsers.tenantId, tenantId), eq(teamUsers.userId, options.memberId))),
      )
    : undefined;
  return db
    .select()
    .from(teams)
    .where(and(eq(teams.tenantId, tenantId), options.activeOnly ? eq(teams.isActive, true) : undefined, memberOf))
    .orderBy(...byName);
}

export async function findTeamById(db: Db, tenantId: number, id: number): Promise<TeamRow | undefined> {
  const [row] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.tenantId, tenantId), eq(teams.id, id)));
  return row;
}

/** The members of each team among `teamIds`, by name. */
export async function membersOfTeams(db: Db, tenantId: number, teamIds: number[]): Promise<Map<number, TeamMember[]>> {
  const result = new Map<number, TeamMember[]>();
  if (!teamIds.length) return result;
  const rows = await db
    .select({ teamId: teamUsers.teamId, id: users.id, name: users.name })
    .from(teamUsers)
    .innerJoin(users, and(eq(users.id, teamUsers.userId), eq(users.tenantId, tenantId)))
    .where(and(eq(teamUsers.tenantId, tenantId), inArray(teamUsers.teamId, teamIds)))
    .orderBy(asc(users.name), asc(users.id));
  for (const { teamId, ...member } of rows) result.set(teamId, [...(result.get(teamId) ?? []), member]);
  return result;
}

export async function teamMemberIds(db: Db, tenantId: number, teamId: number): Promise<number[]> {
  const rows = await db
    .select({ id: teamUsers.userId })
    .from(teamUsers)
    .where(and(eq(teamUsers.tenantId, tenantId), eq(teamUsers.teamId, teamId)));
  return rows.map((r) => r.id);
}

export async function isTeamMember(db: Db, tenantId: number, teamId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: teamUsers.userId })
    .from(teamUsers)
    .where(and(eq(teamUsers.tenantId, tenantId), eq(teamUsers.teamId, teamId), eq(teamUsers.userId, userId)));
  return row !== undefined;
}

/** The tenant's users among `ids` (another tenant's are simply not found). */
export async function tenantUserIds(db: Db, tenantId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)));
  return rows.map((r) => r.id);
}

export async function insertTeam(db: Db, tenantId: number, values: TeamValues): Promise<TeamRow> {
  const [row] = await db
    .insert(teams)
    .values({ ...values, tenantId })
    .returning();
  return row;
}

export async function updateTeamRow(db: Db, tenantId: number, id: number, values: Partial<TeamValues>): Promise<TeamRow | undefined> {
  const [row] = await db
    .update(teams)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(teams.tenantId, tenantId), eq(teams.id, id)))
    .returning();
  return row;
}

/** Replaces the members (already checked to be the tenant's users); answers whether it changed. */
export async function replaceTeamUsers(db: Db, tenantId: number, teamId: number, userIds: number[]): Promise<boolean> {
  const removed = await db
    .delete(teamUsers)
    .where(
      and(
        eq(teamUsers.tenantId, tenantId),
        eq(teamUsers.teamId, teamId),
        userIds.length ? notInArray(teamUsers.userId, userIds) : undefined,
      ),
    )
    .returning({ id: teamUsers.userId });
  const added = userIds.length
    ? await db
        .insert(teamUsers)
        .values(userIds.map((userId) => ({ tenantId, teamId, userId })))
        .onConflictDoNothing()
        .returning({ id: teamUsers.userId })
    : [];
  if (removed.length || added.length)
    await db
      .update(teams)
      .set({ updatedAt: sql`now()` })
      .where(and(eq(teams.tenantId, tenantId), eq(teams.id, teamId)));
  return removed.length > 0 || added.length > 0;
}

/** Deletes the team; its members' links and its conversation go with it (cascade). */
export async function deleteTeamRow(db: Db, tenantId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(teams)
    .where(and(eq(teams.tenantId, tenantId), eq(teams.id, id)))
    .returning({ id: teams.id });
  return deleted.length > 0;
}

export async function countTeamUsers(db: Db, tenantId: number, id: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(teamUsers)
    .where(and(eq(teamUsers.tenantId, tenantId), eq(teamUsers.teamId, id)));
  return row?.n ?? 0;
}

/** The team, locked for update (membership changes and deletion serialise with the messages sent to it). */
export async function lockTeam(db: Db, tenantId: number, id: number): Promise<TeamRow | undefined> {
  const [row] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.tenantId, tenantId), eq(teams.id, id)))
    .for('update');
  return row;
}

/** The team, locked in share mode: a message being stored waits for a membership change under way. */
export async function lockTeamShared(db: Db, tenantId: number, id: number): Promise<TeamRow | undefined> {
  const [row] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.tenantId, tenantId), eq(teams.id, id)))
    .for('share');
  return row;
}
