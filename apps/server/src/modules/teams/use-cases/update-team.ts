import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { withDuplicateNameCheck, withMembers } from '../team-rules.js';
import { assertCanManageTeams } from '../teams.policy.js';
import { teamMemberIds, updateTeamRow, type TeamWithUsers } from '../teams.repository.js';
import type { UpdateTeamInput } from '../teams.schemas.js';

/** Edits what the body names; pushed to supervisors and to the members. */
export async function updateTeam(ctx: AppContext, actor: Actor, id: number, input: UpdateTeamInput): Promise<TeamWithUsers> {
  assertCanManageTeams(actor);
  const { tenantId } = actor;
  return withDuplicateNameCheck(() =>
    transact(ctx, async (tx, events) => {
      const row = await updateTeamRow(tx, tenantId, id, input);
      if (!row) throw new AppError('ERR_NO_TEAM_FOUND');
      events.push({ type: 'team.changed', tenantId, teamId: id, action: 'update', userIds: await teamMemberIds(tx, tenantId, id) });
      const [team] = await withMembers(tx, tenantId, [row]);
      return team;
    }),
  );
}
