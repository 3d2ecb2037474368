import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import type { Actor } from '../../auth/actor.js';
import { usersOfTenantOrFail, withDuplicateNameCheck, withMembers } from '../team-rules.js';
import { assertCanManageTeams } from '../teams.policy.js';
import { insertTeam, replaceTeamUsers, type TeamWithUsers } from '../teams.repository.js';
import type { CreateTeamInput } from '../teams.schemas.js';

export async function createTeam(ctx: AppContext, actor: Actor, input: CreateTeamInput): Promise<TeamWithUsers> {
  assertCanManageTeams(actor);
  const { tenantId } = actor;
  return withDuplicateNameCheck(() =>
    transact(ctx, async (tx, events) => {
      const userIds = await usersOfTenantOrFail(tx, tenantId, input.userIds);
      const row = await insertTeam(tx, tenantId, { name: input.name, isActive: input.isActive });
      if (userIds.length) await replaceTeamUsers(tx, tenantId, row.id, userIds);
      events.push({ type: 'team.changed', tenantId, teamId: row.id, action: 'create', userIds });
      const [team] = await withMembers(tx, tenantId, [row]);
      return team;
    }),
  );
}
