import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { withMembers } from '../team-rules.js';
import { assertCanManageTeams } from '../teams.policy.js';
import { listTeamRows, type TeamWithUsers } from '../teams.repository.js';

/** The tenant's teams with their members, by name (the /equipes screen). */
export async function listTeams(ctx: AppContext, actor: Actor): Promise<TeamWithUsers[]> {
  assertCanManageTeams(actor);
  return withMembers(ctx.db, actor.tenantId, await listTeamRows(ctx.db, actor.tenantId));
}
