import type { TeamUsage } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { countTeamMessages } from '../../private-chat/use-cases/count-team-messages.js';
import { assertCanManageTeams } from '../teams.policy.js';
import { countTeamUsers, findTeamById } from '../teams.repository.js';

/** What deleting the team detaches: its members and its conversation's messages. */
export async function getTeamUsage(ctx: AppContext, actor: Actor, id: number): Promise<TeamUsage> {
  assertCanManageTeams(actor);
  if (!(await findTeamById(ctx.db, actor.tenantId, id))) throw new AppError('ERR_NO_TEAM_FOUND');
  return {
    users: await countTeamUsers(ctx.db, actor.tenantId, id),
    messages: await countTeamMessages(ctx, actor.tenantId, id),
  };
}
