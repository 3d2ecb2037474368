import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { startTeamReading } from '../../private-chat/use-cases/start-team-reading.js';
import { usersOfTenantOrFail, withMembers } from '../team-rules.js';
import { assertCanManageTeams } from '../teams.policy.js';
import { findTeamById, lockTeam, replaceTeamUsers, teamMemberIds, type TeamWithUsers } from '../teams.repository.js';

/**
 * Replaces the team's members with the tenant's users `userIds`. A removed member stops receiving
 * the team's conversation at once: its messages go to the members of the moment they are sent.
 */
export async function setTeamUsers(ctx: AppContext, actor: Actor, id: number, userIds: number[]): Promise<TeamWithUsers> {
  assertCanManageTeams(actor);
  const { tenantId } = actor;
  return transact(ctx, async (tx, events) => {
    // Locked: a message sent meanwhile reaches either the old members or the new ones, never a removed one after this commits.
    const row = await lockTeam(tx, tenantId, id);
    if (!row) throw new AppError('ERR_NO_TEAM_FOUND');
    const wanted = await usersOfTenantOrFail(tx, tenantId, userIds);
    const before = await teamMemberIds(tx, tenantId, id);
    if (await replaceTeamUsers(tx, tenantId, id, wanted)) {
      await startTeamReading(
        tx,
        tenantId,
        id,
        wanted.filter((userId) => !before.includes(userId)),
      );
      events.push({ type: 'team.changed', tenantId, teamId: id, action: 'update', userIds: [...new Set([...before, ...wanted])] });
    }
    const [team] = await withMembers(tx, tenantId, [(await findTeamById(tx, tenantId, id)) ?? row]);
    return team;
  });
}
