import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanManageTeams } from '../teams.policy.js';
import { deleteTeamRow, lockTeam, teamMemberIds } from '../teams.repository.js';

/** Deletes the team: its members leave it and its conversation goes (the screen confirms with GET /teams/{id}/usage first). */
export async function deleteTeam(ctx: AppContext, actor: Actor, id: number): Promise<{ detachedUsers: number }> {
  assertCanManageTeams(actor);
  const { tenantId } = actor;
  return transact(ctx, async (tx, events) => {
    if (!(await lockTeam(tx, tenantId, id))) throw new AppError('ERR_NO_TEAM_FOUND');
    const userIds = await teamMemberIds(tx, tenantId, id);
    await deleteTeamRow(tx, tenantId, id);
    events.push({ type: 'team.changed', tenantId, teamId: id, action: 'delete', userIds });
    return { detachedUsers: userIds.length };
  });
}
